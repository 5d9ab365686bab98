/**
 * The reviewer's time-coded comments on one of my answer videos (decisions.md#review-loop §3), read only: markers
 * on a bar the width of the video's timeline, right under it (each at its moment, named 'Comment
 * at 0:42'), and the list of the comments by time ('0:42' and the text). Clicking a marker or a time plays the video
 * from there. The comments come with my review (`review.comments` of GET /me/assignments/{id}).
 */
import { Box, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { MeReviewComment } from '@practica/contract';
import type { RefObject } from 'react';
import { reviewCommentsText as text } from './review-comments-text';

/** Seconds as m:ss (h:mm:ss past an hour), as the console's player shows times. */
export function commentClock(atMs: number): string {
  const total = Math.max(0, Math.floor(atMs / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** Width of a marker, px. */
const markerSize = 12;

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

/** The markers of one video's comments, on a bar the width of its timeline; nothing without. */
export function VideoCommentMarkers({ comments, videoRef, duration }: VideoCommentsProps) {
  const durationMs = duration * 1000;
  if (comments.length === 0 || durationMs <= 0) return null;
  return (
    <Box
      pos="relative"
      h={markerSize + 4}
      mx={markerSize / 2}
      role="group"
      aria-label={text.markers}
      style={{ borderBottom: '2px solid var(--mantine-color-gray-3)' }}
    >
      {comments.map((comment) => {
        const share = Math.min(Math.max(comment.atMs / durationMs, 0), 1);
        return (
          <UnstyledButton
            key={comment.id}
            aria-label={text.marker(commentClock(comment.atMs))}
            title={comment.text}
            data-testid="comment-marker"
            onClick={() => playFrom(videoRef, comment.atMs)}
            style={{
              position: 'absolute',
              top: 0,
              left: `calc(${share * 100}% - ${markerSize / 2}px)`,
              width: markerSize,
              height: markerSize,
              borderRadius: '50%',
              background: 'var(--mantine-color-yellow-5)',
              border: '2px solid var(--mantine-color-yellow-8)',
            }}
          />
        );
      })}
    </Box>
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
