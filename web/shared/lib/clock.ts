/** Clock text of video times, as both apps' players show them. */

/** `seconds` as m:ss (h:mm:ss past an hour); 0:00 for a negative or non-finite time. */
export function clock(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The clock text of a comment's time, `atMs` in milliseconds ('0:42'). */
export const commentClock = (atMs: number) => clock(atMs / 1000);
