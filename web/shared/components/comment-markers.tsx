/**
 * The markers of time-coded comments on a video (decisions.md#review-loop §3): one small round
 * button per comment at its time's place along the video's timeline, named 'Comment at 0:42';
 * clicking one calls `onSeek` with the comment's time. Nothing without comments or while the
 * video's duration is unknown. Two looks: the console's review player puts them above its seek
 * bar (10 px, a draft outlined; it wraps each in its tooltip through `wrapMarker`); the practice
 * app on a line the width of the video (12 px, the text as the button's title). The tooltip stays
 * the console's: the practice app loads no tooltip code or styles.
 */
import { Box, UnstyledButton } from '@mantine/core';
import { Fragment, type ReactElement, type ReactNode } from 'react';
import { commentMarkersText as text } from '../config/comment-markers-text';
import { commentClock } from '../lib/clock';

/** What a marker needs of a comment. */
export interface MarkedComment {
  id: number;
  /** Its time in the video, ms. */
  atMs: number;
  text: string;
  /** An unsent draft of the reviewer's (outlined on the seek bar). */
  draft?: boolean;
}

/** Per look: marker width (px), height added for the bar, whether the text is the title. */
const looks = {
  'seek-bar': { size: 10, extra: 2, titled: false },
  timeline: { size: 12, extra: 4, titled: true },
} as const;

export interface CommentMarkersProps {
  /** The comments to mark, by time. */
  comments: readonly MarkedComment[];
  /** The video's duration, ms (0 while unknown: no markers). */
  durationMs: number;
  /** Seeks the video to `atMs` (ms). */
  onSeek: (atMs: number) => void;
  /** 'seek-bar' (console review player) or 'timeline' (practice app). */
  look: keyof typeof looks;
  /** Wraps each marker (e.g. in a tooltip showing the comment's text). */
  wrapMarker?: (marker: ReactElement, comment: MarkedComment) => ReactNode;
}

/** The markers of `comments` along a video of `durationMs`; null without any. */
export function CommentMarkers({
  comments,
  durationMs,
  onSeek,
  look,
  wrapMarker,
}: CommentMarkersProps) {
  if (durationMs <= 0 || comments.length === 0) return null;
  const { size, extra, titled } = looks[look];
  return (
    <Box
      pos="relative"
      h={size + extra}
      mx={size / 2}
      role="group"
      aria-label={text.markers}
      data-testid={titled ? undefined : 'comment-markers'}
      style={titled ? { borderBottom: '2px solid var(--mantine-color-gray-3)' } : undefined}
    >
      {comments.map((comment) => {
        const share = Math.min(Math.max(comment.atMs / durationMs, 0), 1);
        const marker = (
          <UnstyledButton
            key={wrapMarker ? undefined : comment.id}
            aria-label={text.marker(commentClock(comment.atMs))}
            title={titled ? comment.text : undefined}
            data-testid="comment-marker"
            onClick={() => onSeek(comment.atMs)}
            style={{
              position: 'absolute',
              top: 0,
              left: `calc(${share * 100}% - ${size / 2}px)`,
              width: size,
              height: size,
              borderRadius: '50%',
              background: comment.draft
                ? 'var(--mantine-color-body)'
                : 'var(--mantine-color-yellow-5)',
              border: `2px solid var(--mantine-color-${comment.draft ? 'orange-7' : 'yellow-8'})`,
            }}
          />
        );
        return wrapMarker ? (
          <Fragment key={comment.id}>{wrapMarker(marker, comment)}</Fragment>
        ) : (
          marker
        );
      })}
    </Box>
  );
}
