/**
 * The review video player (001 §2 'Review screen', §9): one video per question; rotate by 90°,
 * play/pause, seek slider, elapsed/total time, mute, previous/next question, the segmented
 * progress bar Q1..Qn, the question text and role; at most 500px high and 675px wide. Keys: space
 * play/pause, arrows seek, n/p (or N/P) next/previous question, `<` `>` playback speed (decisions.md#review-loop
 * §2: 0.75…2, shown beside the time and kept per reviewer in local storage); wherever the focus is
 * but in a text field or on a control using that key itself (`lib/screen-hotkeys.ts`: a focused
 * button's Space, the slider's arrows). The keys come from
 * `review-shortcuts.ts`, whose dialog (`?`) opens from the player's foot. decisions.md#review-loop §7: the next
 * question's video loads while this one plays, and when one ends the next starts if the reviewer
 * chose 'autoplay' (a switch, kept per reviewer).
 *
 * Each item's video plays as its media says (decisions.md#media §2): the H.264/AAC MP4 with its poster when
 * Ready; the original meanwhile (Processing, with a note), when processing Failed (a note, and
 * 'Try again' for whoever may review the answer) or when none was needed; a Deleted video leaves
 * the frame with 'The video was deleted after N days'. The progress bar marks the questions whose
 * video is processing, failed or deleted. When an item's playable file changes under the player
 * (its MP4 became ready, a signed URL was renewed), playback resumes at the same time.
 *
 * Where each part lives: the playback state in `hooks/use-video-playback.ts`, the source and its
 * fallbacks in `hooks/use-question-source.ts`, the keys in `hooks/use-player-hotkeys.ts`, the
 * reviewer's speed and autoplay in `hooks/use-player-settings.ts`; the frame, the control row, the
 * progress bar and the media note are `video-player-*.tsx`.
 */
import { Avatar, Group, Paper, Slider, Stack, Switch, Text } from '@mantine/core';
import {
  format,
  videoMaxWidthPx,
  videoRotationStepDeg,
  type AnswerItem,
  type AnswerQuestion,
} from '@practica/contract';
import { useState } from 'react';
import { reviewKeysText } from '../../../config/review-keys-text';
import { reviewText } from '../../../config/review-text';
import { filePath } from '@shared/lib/media-playback';
import { usePlayerHotkeys } from '../hooks/use-player-hotkeys';
import { usePlayerSettings } from '../hooks/use-player-settings';
import { useQuestionSource } from '../hooks/use-question-source';
import { useVideoPlayback } from '../hooks/use-video-playback';
import { clock } from '../player-time';
import { CommentList, type CommentPlayer } from './comment-list';
import { CommentMarkers } from './comment-markers';
import { ShortcutsDialog } from './shortcuts-dialog';
import { PlayerControls } from './video-player-controls';
import { VideoFrame } from './video-player-frame';
import { MediaNote } from './video-player-media-note';
import { QuestionProgress } from './video-player-progress';

export interface VideoPlayerProps {
  /** The answer (for the retry call). */
  answerId: number;
  /** The answer's organization: who may review it may retry a failed video. */
  organizationId: number;
  /** The interview's questions in order (the answer detail's `questions`). */
  questions: readonly AnswerQuestion[];
  /** The recorded items (the answer detail's `data.interviewAnswer.answers`), by `questionId`. */
  items: readonly AnswerItem[];
  /**
   * Time-coded comments (decisions.md#review-loop §3): markers on the seek bar and the list under the player, with
   * the `c` key when `canAdd`; `reviewedAt` is the answer's. None without.
   */
  comments?: { canAdd: boolean; reviewedAt: string | null };
}

/** The player of the review screen's left side. */
export function VideoPlayer({
  answerId,
  organizationId,
  questions,
  items,
  comments,
}: VideoPlayerProps) {
  const [index, setIndex] = useState(0);
  const [muted, setMuted] = useState(false);
  const [rotation, setRotation] = useState(0);
  const { rate, setRate, autoplay, setAutoplay } = usePlayerSettings();
  const { question, item, media, playable, url, renewUrl, nextUrl, itemOf } = useQuestionSource(
    questions,
    items,
    index,
  );
  const playback = useVideoPlayback({
    index,
    setIndex,
    count: questions.length,
    url,
    itemDuration: item?.duration,
    rate,
    autoplay,
  });
  const { playing, time, duration, go, toggle, seek } = playback;
  usePlayerHotkeys({ index, toggle, seekBy: playback.seekBy, go, setRate });

  if (!question) return null;
  const label = format.questionShortLabel(question.number);
  /** What the time-coded comments (decisions.md#review-loop §3) need of the player; none without them. */
  const commentPlayer: CommentPlayer | undefined = comments && {
    answerId,
    ...comments,
    questionId: question.id,
    questionLabel: label,
    duration,
    playing,
    currentTime: playback.currentTime,
    seek,
    pause: playback.pause,
    play: playback.play,
  };

  return (
    <Paper p="md" withBorder>
      <Stack gap="sm" maw={videoMaxWidthPx}>
        <VideoFrame
          url={url}
          poster={playable.poster}
          label={label}
          media={media}
          rotation={rotation}
          muted={muted}
          onError={renewUrl}
          playback={playback}
        />

        {commentPlayer && <CommentMarkers player={commentPlayer} />}
        <Slider
          thumbLabel={reviewText.seek}
          thumbValueText={(v) => clock(v)}
          min={0}
          max={Math.max(duration, 0.1)}
          step={0.1}
          value={Math.min(time, duration)}
          onChange={seek}
          label={(v) => clock(v)}
          disabled={!url}
          size="sm"
        />

        <PlayerControls
          index={index}
          count={questions.length}
          hasVideo={Boolean(url)}
          playing={playing}
          time={time}
          duration={duration}
          rate={rate}
          muted={muted}
          go={go}
          toggle={toggle}
          onToggleMute={() => setMuted((m) => !m)}
          onRotate={() => setRotation((r) => (r + videoRotationStepDeg) % 360)}
        />

        <QuestionProgress
          questions={questions}
          itemOf={itemOf}
          index={index}
          time={time}
          duration={duration}
          go={go}
        />

        {/* Below the controls, so they stay in place from question to question. */}
        <MediaNote answerId={answerId} organizationId={organizationId} item={item} />

        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Avatar src={question.avatar?.image?.url ?? null} radius="xl" alt="" />
          <Stack gap={2}>
            <Text fw={600} data-testid="question-text">
              {label}. {question.text}
            </Text>
            <Text size="sm" c="dimmed">
              {question.roleName ? reviewText.role(question.roleName) : reviewText.noRole}
            </Text>
          </Stack>
        </Group>
        {commentPlayer && <CommentList player={commentPlayer} />}
        <Group justify="space-between" gap="xs">
          <Switch
            size="xs"
            label={reviewKeysText.autoplay}
            checked={autoplay}
            onChange={(e) => setAutoplay(e.currentTarget.checked)}
          />
          <ShortcutsDialog />
        </Group>
        {/* The next question's video loads meanwhile, so it is ready when this one ends. */}
        {nextUrl && nextUrl !== url ? (
          <video
            key={filePath(nextUrl)}
            src={nextUrl}
            preload="auto"
            muted
            aria-hidden
            tabIndex={-1}
            data-testid="preload-video"
            style={{ display: 'none' }}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}
