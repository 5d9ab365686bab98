/** The practice app's copy of the reviewer's time-coded comments on my videos (decisions.md#review-loop §3). */
export const reviewCommentsText = {
  /** Above a video's comment list. */
  heading: (count: number) => (count === 1 ? "Reviewer's comment" : "Reviewer's comments"),
  markers: 'Comment markers',
  /** A marker's accessible name ('Comment at 0:42'). */
  marker: (time: string) => `Comment at ${time}`,
  /** A comment's time button: plays the video from there. */
  playFrom: (time: string) => `Play from ${time}`,
} as const;
