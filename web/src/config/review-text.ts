/**
 * Copy of the review screen (001 §2 'Review screen') that the spec does not quote: accessible names,
 * hints and small labels. Kept apart from ui-text.ts, which the login page loads.
 */
export const reviewText = {
  play: 'Play',
  pause: 'Pause',
  mute: 'Mute',
  unmute: 'Unmute',
  rotate: 'Rotate video by 90°',
  seek: 'Seek',
  previousQuestion: 'Previous question',
  nextQuestion: 'Next question',
  goToQuestion: (label: string) => `Go to ${label}`,
  questionProgress: 'Question progress',
  role: (name: string) => `Role: ${name}`,
  noRole: 'No role',
  noVideo: 'No video was recorded for this question.',
  videoLabel: (label: string) => `Answer video, ${label}`,
  keyboardHint: 'Keys: space play/pause · ←/→ seek · n/p next/previous question',
  viewed: 'Viewed',
  noQuestions: 'This form has no questions.',
  ratingLabel: (n: number, text: string) => `R${n}: ${text}`,
  feedbackLabel: (n: number, text: string) => `F${n}: ${text}`,
  openPlaceholder: 'Write your feedback',
  noScore: '-',
  readOnlyHint: 'This answer cannot be reviewed now.',
} as const;
