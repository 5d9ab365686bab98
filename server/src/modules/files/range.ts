/**
 * HTTP Range requests on served files (RFC 9110 §14; decisions.md#assignments-and-answers:
 * videos are served with Range support so the player can seek). One range per request.
 */

export type RangeResult =
  { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

/**
 * Interprets a `Range` header against a representation of `size` bytes. `bytes=a-b`, `bytes=a-`
 * and `bytes=-n` give an inclusive `start..end` (clamped to the last byte); a range starting at
 * or past the end, or `bytes=-0`, is unsatisfiable (416); no header, another unit, several ranges
 * or a malformed one give the full content (the header is ignored, as RFC 9110 allows).
 */
export function parseRange(header: string | undefined, size: number): RangeResult {
  if (!header) return { kind: 'full' };
  const match = /^bytes=(\d*)-(\d*)$/i.exec(header.trim());
  if (!match) return { kind: 'full' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'full' };
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Number(last);
  if (last !== '' && end < start) return { kind: 'full' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end: Math.min(end, size - 1) };
}
