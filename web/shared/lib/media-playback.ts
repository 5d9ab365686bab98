/**
 * How an answer item's video plays (decisions.md#media §2), for the console's review player and the practice
 * app: which file plays, which poster shows, whether it is still processing, and a `src` that does
 * not reload when the server signs the same file anew.
 */
import type { AnswerItem } from '@practica/contract';
import { useState } from 'react';

/** What plays for an item: a URL and a poster URL, each null when there is none. */
export interface Playable {
  url: string | null;
  poster: string | null;
}

/**
 * What plays for `item`: the H.264/AAC MP4 and its poster when Ready; nothing when Deleted (or no
 * item); else the original `file` (Original, Processing, Failed), with the poster if one was made.
 */
export function playableOf(item: AnswerItem | undefined): Playable {
  if (!item || item.media.status === 'deleted') return { url: null, poster: null };
  const poster = item.media.poster?.url ?? null;
  if (item.media.status === 'ready' && item.media.playback)
    return { url: item.media.playback.url, poster };
  return { url: item.file?.url ?? null, poster };
}

/** Whether any of `items` is being made into its MP4 and poster (its answer is worth polling). */
export function anyProcessing(items: readonly AnswerItem[]): boolean {
  return items.some((item) => item.media.status === 'processing');
}

/** A file URL without its signature query: the same file whatever window signed it. */
export const filePath = (url: string | null) => (url === null ? null : url.split('?')[0]!);

/**
 * The `src` to play for `url`: signed file URLs change every signing window (operations.md 'File URLs and upload volume'), and
 * a refetched answer would otherwise reload the video and lose the playback position. The first
 * URL of a file is kept until the file changes or that URL fails (`renew`, on a media error).
 */
export function useStableFileUrl(url: string | null): { src: string | null; renew: () => void } {
  const [kept, setKept] = useState(url);
  if (filePath(kept) !== filePath(url)) setKept(url);
  const src = filePath(kept) === filePath(url) ? kept : url;
  return { src, renew: () => setKept(url) };
}
