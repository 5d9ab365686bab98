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
 */
import {
  ActionIcon,
  Avatar,
  Box,
  Button,
  Group,
  Paper,
  Slider,
  Stack,
  Switch,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import {
  format,
  videoMaxHeightPx,
  videoMaxWidthPx,
  videoRotationStepDeg,
  type AnswerItem,
  type AnswerItemMedia,
  type AnswerQuestion,
} from '@practica/contract';
import {
  IconAlertTriangle,
  IconHourglassHigh,
  IconPlayerPauseFilled,
  IconPlayerPlayFilled,
  IconPlayerSkipBackFilled,
  IconPlayerSkipForwardFilled,
  IconRotateClockwise,
  IconTrash,
  IconVolume,
  IconVolumeOff,
} from '@tabler/icons-react';
import { useElementSize, useLocalStorage } from '@mantine/hooks';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { reviewKeysText } from '../../../config/review-keys-text';
import { reviewText } from '../../../config/review-text';
import { useAuth } from '../../../lib/auth';
import { useCan } from '../../../lib/can';
import { useScreenHotkeys, type ScreenHotkey } from '../../../lib/screen-hotkeys';
import { filePath, playableOf, useStableFileUrl } from '@shared/lib/media-playback';
import { errorMessage } from '@shared/lib/query-client';
import { useRetryMedia } from '../api/retry-media';
import { CommentList, type CommentPlayer } from './comment-list';
import { CommentMarkers } from './comment-markers';
import { clock, usableDuration } from '../player-time';
import { hotkeys, playbackRates, playerSettingKeys, stepRate } from '../review-shortcuts';
import { ShortcutKeys, ShortcutsDialog } from './shortcuts-dialog';

/** Seconds an arrow key seeks. */
const seekStepSeconds = 5;

/** The media states the progress bar marks (the others simply play). */
type MarkedState = keyof typeof reviewText.mediaState;
const stateIcons: Record<MarkedState, typeof IconTrash> = {
  processing: IconHourglassHigh,
  failed: IconAlertTriangle,
  deleted: IconTrash,
};

/** The state the progress bar marks for `media`, else null. */
function markedState(media: AnswerItemMedia | undefined): MarkedState | null {
  const status = media?.status;
  return status === 'processing' || status === 'failed' || status === 'deleted' ? status : null;
}

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
  const videoRef = useRef<HTMLVideoElement>(null);
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [muted, setMuted] = useState(false);
  const [rotation, setRotation] = useState(0);
  const [time, setTime] = useState(0);
  const [mediaDuration, setMediaDuration] = useState(0);
  const { ref: frameRef, width: frameWidth } = useElementSize();
  const reviewer = useAuth().user?.id ?? 'anonymous';
  const [rate, setRate] = useLocalStorage<number>({
    key: playerSettingKeys.rate(reviewer),
    defaultValue: 1,
    getInitialValueInEffect: false,
    deserialize: (raw) =>
      playbackRates.find((r) => String(r) === raw) ?? (raw ? stepRate(Number(raw) || 1, 1) : 1),
    serialize: String,
  });
  const [autoplay, setAutoplay] = useLocalStorage<boolean>({
    key: playerSettingKeys.autoplay(reviewer),
    defaultValue: false,
    getInitialValueInEffect: false,
    deserialize: (raw) => raw === 'true',
    serialize: String,
  });
  /** Set when a video ended with autoplay on: the next one plays once loaded. */
  const playOnLoad = useRef(false);

  const question = questions[index];
  const itemOf = useMemo(() => new Map(items.map((i) => [i.questionId, i])), [items]);
  const item = question ? itemOf.get(question.id) : undefined;
  const media = item?.media;
  const playable = playableOf(item);
  const { src: url, renew: renewUrl } = useStableFileUrl(playable.url);
  const canRetry = useCan('answer:review', { organizationId });
  const retry = useRetryMedia(answerId);
  const retryingThis = retry.variables === item?.id;
  const duration = usableDuration(mediaDuration, item?.duration);
  const nextQuestion = questions[index + 1];
  const nextUrl = nextQuestion ? playableOf(itemOf.get(nextQuestion.id)).url : null;
  const sideways = rotation % 180 !== 0;

  const go = useCallback(
    (next: number) => {
      if (next < 0 || next >= questions.length) return;
      setIndex(next);
      setTime(0);
      setMediaDuration(0);
      setPlaying(false);
    },
    [questions.length],
  );

  /** A (re)loaded source of the same question continues where the previous one was. */
  const resume = (video: HTMLVideoElement) => {
    video.playbackRate = rate;
    if (time > 0) video.currentTime = time;
    const start = playing || playOnLoad.current;
    playOnLoad.current = false;
    if (start && video.paused) void video.play().catch(() => setPlaying(false));
  };

  // The speed holds for every video (each new element starts at 1: `resume` sets it too).
  useEffect(() => {
    if (videoRef.current) videoRef.current.playbackRate = rate;
  }, [rate, url]);

  /** A video ended: the next question's plays when the reviewer chose autoplay. */
  const ended = () => {
    setPlaying(false);
    if (!autoplay || index >= questions.length - 1) return;
    go(index + 1);
    playOnLoad.current = true;
  };

  const toggle = useCallback(() => {
    const video = videoRef.current;
    if (!video || !url) return;
    if (video.paused) void video.play().catch(() => setPlaying(false));
    else video.pause();
  }, [url]);

  const seek = useCallback((seconds: number) => {
    const video = videoRef.current;
    if (!video) return;
    const limit = usableDuration(video.duration, undefined) || Number.MAX_SAFE_INTEGER;
    video.currentTime = Math.min(Math.max(0, seconds), limit);
    setTime(video.currentTime);
  }, []);

  const seekBy = (seconds: number) => {
    const video = videoRef.current;
    if (video) seek(video.currentTime + seconds);
  };
  const each = (keys: readonly string[], handler: () => void) =>
    keys.map((key): ScreenHotkey => [key, handler]);
  // Wherever the focus is but in a text field, or on a control using the key itself (a focused
  // button's Space, the seek slider's arrows): lib/screen-hotkeys.
  useScreenHotkeys([
    [hotkeys.playPause, toggle],
    [hotkeys.seekForward, () => seekBy(seekStepSeconds)],
    [hotkeys.seekBack, () => seekBy(-seekStepSeconds)],
    ...each(hotkeys.nextQuestion, () => go(index + 1)),
    ...each(hotkeys.previousQuestion, () => go(index - 1)),
    ...each(hotkeys.slower, () => setRate((r) => stepRate(r, -1))),
    ...each(hotkeys.faster, () => setRate((r) => stepRate(r, 1))),
  ]);

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
    currentTime: () => videoRef.current?.currentTime ?? time,
    seek,
    pause: () => videoRef.current?.pause(),
    play: () => void videoRef.current?.play().catch(() => setPlaying(false)),
  };

  return (
    <Paper p="md" withBorder>
      <Stack gap="sm" maw={videoMaxWidthPx}>
        <Box
          ref={frameRef}
          pos="relative"
          bg="dark.8"
          style={{
            width: '100%',
            maxWidth: videoMaxWidthPx,
            height: videoMaxHeightPx,
            overflow: 'hidden',
            borderRadius: 'var(--mantine-radius-md)',
          }}
        >
          {url ? (
            <video
              key={filePath(url)}
              ref={videoRef}
              src={url}
              poster={playable.poster ?? undefined}
              onError={renewUrl}
              muted={muted}
              playsInline
              preload="auto"
              aria-label={reviewText.videoLabel(label)}
              data-testid="review-video"
              onClick={toggle}
              onPlay={() => setPlaying(true)}
              onPause={() => setPlaying(false)}
              onEnded={ended}
              onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)}
              onLoadedMetadata={(e) => {
                setMediaDuration(e.currentTarget.duration);
                resume(e.currentTarget);
              }}
              onDurationChange={(e) => setMediaDuration(e.currentTarget.duration)}
              style={{
                position: 'absolute',
                top: '50%',
                left: '50%',
                width: sideways ? videoMaxHeightPx : '100%',
                height: sideways ? frameWidth || videoMaxWidthPx : '100%',
                maxWidth: sideways ? videoMaxHeightPx : videoMaxWidthPx,
                maxHeight: videoMaxHeightPx,
                objectFit: 'contain',
                transform: `translate(-50%, -50%) rotate(${rotation}deg)`,
                transition: 'transform 150ms ease',
              }}
            />
          ) : (
            <Text c="gray.4" ta="center" pt={videoMaxHeightPx / 2 - 12} px="md">
              {media?.status === 'deleted'
                ? reviewText.videoDeleted(media.deletedAfterDays)
                : reviewText.noVideo}
            </Text>
          )}
        </Box>

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

        <Group justify="space-between" wrap="nowrap">
          <Group gap={4} wrap="nowrap">
            <Tooltip label={reviewText.previousQuestion}>
              <ActionIcon
                variant="subtle"
                onClick={() => go(index - 1)}
                disabled={index === 0}
                aria-label={reviewText.previousQuestion}
              >
                <IconPlayerSkipBackFilled size={18} />
              </ActionIcon>
            </Tooltip>
            <ActionIcon
              variant="filled"
              size="lg"
              radius="xl"
              onClick={toggle}
              disabled={!url}
              aria-label={playing ? reviewText.pause : reviewText.play}
            >
              {playing ? <IconPlayerPauseFilled size={18} /> : <IconPlayerPlayFilled size={18} />}
            </ActionIcon>
            <Tooltip label={reviewText.nextQuestion}>
              <ActionIcon
                variant="subtle"
                onClick={() => go(index + 1)}
                disabled={index >= questions.length - 1}
                aria-label={reviewText.nextQuestion}
              >
                <IconPlayerSkipForwardFilled size={18} />
              </ActionIcon>
            </Tooltip>
            <Text
              size="sm"
              ff="monospace"
              ml="xs"
              data-testid="player-time"
              style={{ whiteSpace: 'nowrap' }}
            >
              {clock(time)} / {clock(duration)}
            </Text>
            <Tooltip label={<ShortcutKeys keys={['<', '>']} />}>
              <Text
                size="sm"
                ff="monospace"
                ml="xs"
                c="dimmed"
                aria-label={`${reviewKeysText.speed} ${reviewKeysText.speedValue(rate)}`}
                data-testid="playback-rate"
              >
                {reviewKeysText.speedValue(rate)}
              </Text>
            </Tooltip>
          </Group>
          <Group gap={4} wrap="nowrap">
            <Tooltip label={muted ? reviewText.unmute : reviewText.mute}>
              <ActionIcon
                variant="subtle"
                onClick={() => setMuted((m) => !m)}
                aria-label={muted ? reviewText.unmute : reviewText.mute}
                aria-pressed={muted}
              >
                {muted ? <IconVolumeOff size={18} /> : <IconVolume size={18} />}
              </ActionIcon>
            </Tooltip>
            <Tooltip label={reviewText.rotate}>
              <ActionIcon
                variant="subtle"
                onClick={() => setRotation((r) => (r + videoRotationStepDeg) % 360)}
                aria-label={reviewText.rotate}
              >
                <IconRotateClockwise size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>

        <Group gap={4} wrap="nowrap" role="group" aria-label={reviewText.questionProgress}>
          {questions.map((q, i) => {
            const segment = format.questionShortLabel(q.number);
            const state = markedState(itemOf.get(q.id)?.media);
            const StateIcon = state ? stateIcons[state] : null;
            const fill =
              i < index ? 100 : i > index ? 0 : duration > 0 ? (time / duration) * 100 : 0;
            return (
              <UnstyledButton
                key={q.id}
                onClick={() => go(i)}
                aria-label={reviewText.goToQuestion(
                  segment,
                  state ? reviewText.mediaState[state] : undefined,
                )}
                aria-current={i === index ? 'step' : undefined}
                // Out of the Tab order (decisions.md#review-loop §7: fewer stops before the first rating);
                // the keyboard has Previous / Next and n / p.
                tabIndex={-1}
                style={{ flex: 1, minWidth: 0 }}
              >
                <Box h={6} bg="gray.3" style={{ borderRadius: 3, overflow: 'hidden' }}>
                  <Box h="100%" bg="red.7" style={{ width: `${fill}%` }} />
                </Box>
                <Group gap={2} justify="center" wrap="nowrap">
                  <Text
                    size="xs"
                    fw={i === index ? 700 : 400}
                    c={i === index ? undefined : 'dimmed'}
                  >
                    {segment}
                  </Text>
                  {StateIcon && (
                    <StateIcon
                      size={12}
                      aria-hidden
                      color={state === 'failed' ? 'var(--mantine-color-red-8)' : undefined}
                    />
                  )}
                </Group>
              </UnstyledButton>
            );
          })}
        </Group>

        {/* Below the controls, so they stay in place from question to question. */}
        {media?.status === 'processing' && (
          <Text size="sm" c="dimmed" role="status">
            {reviewText.mediaProcessing}
          </Text>
        )}
        {media?.status === 'failed' && item && (
          <Stack gap={4}>
            <Group gap="sm" wrap="nowrap" justify="space-between">
              <Stack gap={0}>
                <Text size="sm" c="dimmed">
                  {reviewText.mediaFailed}
                </Text>
                {/* Why, when the server knows: not readable, too long, took too long. */}
                {media.failure && (
                  <Text size="sm" c="dimmed">
                    {media.failure}
                  </Text>
                )}
              </Stack>
              {canRetry && (
                <Button
                  size="xs"
                  variant="default"
                  style={{ flexShrink: 0 }}
                  loading={retryingThis && retry.isPending}
                  onClick={() => retry.mutate(item.id)}
                >
                  {reviewText.mediaRetry}
                </Button>
              )}
            </Group>
            {retryingThis && retry.isError && (
              <Text size="sm" c="red.8" role="alert">
                {errorMessage(retry.error)}
              </Text>
            )}
          </Stack>
        )}

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
