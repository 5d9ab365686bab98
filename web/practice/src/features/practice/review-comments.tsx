/**
 * The reviewer's time-coded comments on one of my answer videos (decisions.md#review-loop §3), read only: the
 * shared markers (web/shared) on a line the width of the video's timeline, right under it (each at
 * its moment, named 'Comment at 0:42'), and the list of the comments by time ('0:42' and the text). Clicking a marker or a time plays the video
 * from there. The comments come with my review (`review.comments` of GET /me/assignments/{id}).
 */
import { Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { MeReviewComment } from '@practica/contract';
import type { RefObject } from 'react';
import { CommentMarkers } from '@shared/components/comment-markers';
import { commentClock } from '@shared/lib/clock';
import { reviewCommentsText as text } from './review-comments-text';

export interface VideoCommentsProps {
  /** This question's comments, by time. */
  comments: readonly MeReviewComment[];
  /** The video they are pinned to. */
  videoRef: RefObject<HTMLVideoElement | null>;
  /** The video's duration in seconds (0 while unknown: no markers, the list still shows). */
  duration: number;
}

/** Plays `videoRef`'s video from `atMs`. */
function playFrom(videoRef: RefObject<HTMLVideoElement | null>, atMs: number): void {
  const video = videoRef.current;
  if (!video) return;
  video.currentTime = atMs / 1000;
  void video.play().catch(() => undefined);
}

/** The markers of one video's comments, on a line the width of its timeline; nothing without. */
export function VideoCommentMarkers({ comments, videoRef, duration }: VideoCommentsProps) {
  return (
    <CommentMarkers
      comments={comments}
      durationMs={duration * 1000}
      onSeek={(atMs) => playFrom(videoRef, atMs)}
      look="timeline"
    />
  );
}

/** The list of one video's comments by time; nothing without comments. */
export function VideoCommentList({ comments, videoRef }: Omit<VideoCommentsProps, 'duration'>) {
  if (comments.length === 0) return null;
  return (
    <Stack gap={6} data-testid="video-comments">
      <Text size="sm" fw={600}>
        {text.heading(comments.length)}
      </Text>
      <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }}>
        {comments.map((comment) => {
          const time = commentClock(comment.atMs);
          return (
            <Group
              component="li"
              key={comment.id}
              gap="sm"
              wrap="nowrap"
              align="flex-start"
              data-testid="comment"
            >
              <UnstyledButton
                onClick={() => playFrom(videoRef, comment.atMs)}
                aria-label={text.playFrom(time)}
                ff="monospace"
                fz="sm"
                fw={600}
                c="blue.8"
                style={{ flexShrink: 0, textDecoration: 'underline' }}
              >
                {time}
              </UnstyledButton>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {comment.text}
              </Text>
            </Group>
          );
        })}
      </Stack>
    </Stack>
  );
}
