/**
 * Time helpers of the review player: m:ss clock text (web/shared's, which the practice app's player
 * uses too) and the usable duration of a video.
 */
export { clock } from '@shared/lib/clock';

/** The video's duration when the browser knows it, else the recorded item's duration. */
export function usableDuration(mediaDuration: number, itemDuration: number | undefined): number {
  if (Number.isFinite(mediaDuration) && mediaDuration > 0) return mediaDuration;
  return itemDuration ?? 0;
}
