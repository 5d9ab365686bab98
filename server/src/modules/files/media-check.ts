/**
 * The magic-byte check of every upload (decisions.md#files): the real content must be of the
 * declared extension, whatever name or content type the client gave. Detection is file-type's
 * (the first `sniffBytes` bytes). Browser recordings pass: Chrome's, Firefox's and Android's
 * MediaRecorder WebM (an EBML header with DocType `webm`, a Segment of unknown size, no duration)
 * and the fragmented MP4 of Safari and iOS (`ftyp` brand `iso5` or `mp42`, `moof` fragments), as
 * well as Chrome's own MP4 recording (`isom`).
 */
import { fileTypeFromBuffer } from 'file-type';

/** Bytes read before storing, for magic-byte detection (file-type's reasonable sample size). */
export const sniffBytes = 4100;

/** What the real content may be detected as (file-type's `ext`) for each accepted extension. */
const detectedAs: Readonly<Record<string, readonly string[]>> = {
  png: ['png', 'apng'],
  jpg: ['jpg'],
  jpeg: ['jpg'],
  gif: ['gif'],
  webp: ['webp'],
  mp3: ['mp3'],
  mp4: ['mp4', 'm4v'],
  webm: ['webm'],
};

/**
 * Whether `head`, the first bytes of an upload (at least `sniffBytes` of them unless the content
 * is shorter), is content of `extension` (lower case, no dot). False for empty content and for
 * extensions without a rule.
 */
export async function contentMatchesExtension(
  head: Uint8Array,
  extension: string,
): Promise<boolean> {
  if (head.length === 0) return false;
  const detected = await fileTypeFromBuffer(head);
  return detected !== undefined && (detectedAs[extension] ?? []).includes(detected.ext);
}
