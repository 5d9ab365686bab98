/**
 * My recorded answers as the server holds them (decisions.md#media §2), on the review screen and after
 * submitting: per question in order, its video — the H.264/AAC MP4 with its poster when Ready, the
 * original otherwise — and its state in plain words (processing, ready, failed, deleted after N
 * days, not recorded). A Deleted video shows no player. The state lines are polite live regions,
 * so a screen reader hears 'Ready' when processing ends (the answer is polled meanwhile). Once
 * reviewed, each video carries the reviewer's time-coded comments (markers and list, decisions.md#review-loop §3).
 */
import { Card, Stack, Text, Title } from '@mantine/core';
import { format, type AnswerItem, type MeQuestion, type MeReviewComment } from '@practica/contract';
import { useRef, useState } from 'react';
import { filePath, playableOf, useStableFileUrl } from '@shared/lib/media-playback';
import { practiceText } from './practice-text';
import { VideoCommentList, VideoCommentMarkers } from './review-comments';

/** The plain-words state of `item`'s video, or null when it simply plays (no processing). */
function stateOf(item: AnswerItem | undefined): string | null {
  if (!item || (item.file === null && item.media.status !== 'deleted'))
    return practiceText.media.notRecorded;
  switch (item.media.status) {
    case 'processing':
      return practiceText.media.processing;
    case 'ready':
      return practiceText.media.ready;
    case 'failed':
      return practiceText.media.failed;
    case 'deleted':
      return practiceText.media.deleted(item.media.deletedAfterDays);
    default:
      return null;
  }
}

function AnswerVideo({
  label,
  text,
  item,
  comments = [],
}: {
  label: string;
  text: string;
  item?: AnswerItem;
  comments?: readonly MeReviewComment[];
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [duration, setDuration] = useState(0);
  const playable = playableOf(item);
  const { src, renew } = useStableFileUrl(playable.url);
  const state = stateOf(item);
  return (
    <Stack gap={6}>
      <Title order={3} fz="sm" style={{ overflowWrap: 'anywhere' }}>
        {label}. {text}
      </Title>
      {src && (
        <video
          key={filePath(src)}
          ref={videoRef}
          src={src}
          onLoadedMetadata={(e) => setDuration(e.currentTarget.duration)}
          onDurationChange={(e) => setDuration(e.currentTarget.duration)}
          poster={playable.poster ?? undefined}
          onError={renew}
          controls
          playsInline
          preload="metadata"
          aria-label={practiceText.answerVideoLabel(label)}
          style={{
            width: '100%',
            aspectRatio: '16 / 9',
            background: 'black',
            borderRadius: 'var(--mantine-radius-md)',
          }}
        />
      )}
      <VideoCommentMarkers
        comments={comments}
        videoRef={videoRef}
        duration={Number.isFinite(duration) && duration > 0 ? duration : (item?.duration ?? 0)}
      />
      <Text
        size="sm"
        c={item?.media.status === 'failed' ? 'red.8' : 'dimmed'}
        role="status"
        data-testid="answer-video-state"
      >
        {state}
      </Text>
      <VideoCommentList comments={comments} videoRef={videoRef} />
    </Stack>
  );
}

export interface AnswerVideosProps {
  /** The assignment's questions, in order. */
  questions: readonly MeQuestion[];
  /** My answer's items, by `questionId`. */
  items: readonly AnswerItem[];
  /** My review's time-coded comments (any question), by question and time. */
  comments?: readonly MeReviewComment[];
}

/** My answers' videos, one per question. */
export function AnswerVideos({ questions, items, comments = [] }: AnswerVideosProps) {
  const byQuestion = new Map(items.map((item) => [item.questionId, item]));
  return (
    <Card withBorder padding="lg">
      <Title order={2} fz="lg" mb="sm">
        {practiceText.yourAnswers}
      </Title>
      <Stack component="ul" gap="lg" p={0} m={0} style={{ listStyle: 'none' }}>
        {questions.map((question) => (
          <li key={question.id}>
            <AnswerVideo
              label={format.questionShortLabel(question.number)}
              text={question.text}
              item={byQuestion.get(question.id)}
              comments={comments.filter((c) => c.questionId === question.id)}
            />
          </li>
        ))}
      </Stack>
    </Card>
  );
}
