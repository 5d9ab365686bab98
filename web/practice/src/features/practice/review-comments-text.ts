import { commentMarkersText } from '@shared/config/comment-markers-text';

/**
 * The practice app's copy of the reviewer's time-coded comments on my videos
 * (decisions.md#review-loop §3); the markers' copy is shared with the console.
 */
export const reviewCommentsText = {
  ...commentMarkersText,
  /** Above a video's comment list. */
  heading: (count: number) => (count === 1 ? "Reviewer's comment" : "Reviewer's comments"),
  /** A comment's time button: plays the video from there. */
  playFrom: (time: string) => `Play from ${time}`,
} as const;
