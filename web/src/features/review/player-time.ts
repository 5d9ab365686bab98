/** Time helpers of the review player: m:ss clock text and the usable duration of a video. */

/** Seconds as m:ss (h:mm:ss past an hour). */
export function clock(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The video's duration when the browser knows it, else the recorded item's duration. */
export function usableDuration(mediaDuration: number, itemDuration: number | undefined): number {
  if (Number.isFinite(mediaDuration) && mediaDuration > 0) return mediaDuration;
  return itemDuration ?? 0;
}
