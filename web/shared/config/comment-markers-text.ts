/**
 * Copy of the time-coded comments' markers (decisions.md#review-loop §3), the same in the
 * console's review player and the practice app: the app catalogues of comments spread it.
 */
export const commentMarkersText = {
  /** The markers' group. */
  markers: 'Comment markers',
  /** A marker's accessible name ('Comment at 0:42'). */
  marker: (time: string) => `Comment at ${time}`,
} as const;
