/**
 * Copy of the review screen (001 §2 'Review screen') that the spec does not quote: accessible names,
 * hints and small labels. Kept apart from ui-text.ts, which the login page loads.
 */
import { format } from '@practica/contract';

export const reviewText = {
  play: 'Play',
  pause: 'Pause',
  mute: 'Mute',
  unmute: 'Unmute',
  rotate: 'Rotate video by 90°',
  seek: 'Seek',
  previousQuestion: 'Previous question',
  nextQuestion: 'Next question',
  /** A progress-bar segment's name; `state` names a video that does not simply play (mediaState). */
  goToQuestion: (label: string, state?: string) =>
    state ? `Go to ${label} (${state})` : `Go to ${label}`,
  questionProgress: 'Question progress',
  role: (name: string) => `Role: ${name}`,
  noRole: 'No role',
  noVideo: 'No video was recorded for this question.',
  videoLabel: (label: string) => `Answer video, ${label}`,
  /** A video's processing for playback, as the progress bar names it. */
  mediaState: {
    processing: 'processing',
    failed: 'processing failed',
    deleted: 'video deleted',
  },
  mediaProcessing: 'Processing for playback on every device…',
  mediaFailed:
    'This video could not be prepared for every device. The original plays where the browser can.',
  mediaRetry: 'Try again',
  /** What replaces the player once VIDEO_RETENTION_DAYS removed the video (null: days unknown). */
  videoDeleted: format.videoDeletedAfter,
  keyboardHint: 'Keys: space play/pause · ←/→ seek · n/p next/previous question',
  viewed: 'Viewed',
  noQuestions: 'This form has no questions.',
  ratingLabel: (n: number, text: string) => `R${n}: ${text}`,
  feedbackLabel: (n: number, text: string) => `F${n}: ${text}`,
  openPlaceholder: 'Write your feedback',
  noScore: '-',
  readOnlyHint: 'This answer cannot be reviewed now.',
} as const;
