/**
 * HTTP Range requests on served files (RFC 9110 §14; decisions.md#assignments-and-answers:
 * videos are served with Range support so the player can seek). One range per request. The header
 * is parsed by `range-parser` (the parser of Express's `send`); what it refuses where RFC 9110
 * serves or ignores the header is decided here.
 */
import rangeParser from 'range-parser';

export type RangeResult =
  { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

/**
 * Interprets a `Range` header against a representation of `size` bytes. `bytes=a-b`, `bytes=a-`
 * and `bytes=-n` give an inclusive `start..end` (clamped to the last byte; a suffix longer than the
 * representation gives all of it); a range starting at or past the end, or `bytes=-0`, is
 * unsatisfiable (416); no header, another unit, several ranges, a last byte before the first or a
 * malformed range give the full content (the header is ignored, as RFC 9110 allows).
 */
export function parseRange(header: string | undefined, size: number): RangeResult {
  const text = header?.trim();
  if (!text || text.includes(',') || !/^bytes=/i.test(text)) return { kind: 'full' };
  const ranges = rangeParser(size, text);
  if (ranges === -2) return { kind: 'full' };
  if (ranges === -1) return refused(text, size);
  const [range] = ranges;
  return range ? { kind: 'partial', start: range.start, end: range.end } : { kind: 'full' };
}

/**
 * What range-parser calls unsatisfiable but RFC 9110 does not: a suffix longer than the
 * representation (served whole) and a last byte before the first (an invalid range: ignored).
 */
function refused(text: string, size: number): RangeResult {
  const [, first = '', last = ''] = /^bytes=(\d*)-(\d*)$/i.exec(text) ?? [];
  if (first === '' && Number(last) > 0 && size > 0)
    return { kind: 'partial', start: 0, end: size - 1 };
  if (first !== '' && last !== '' && Number(last) < Number(first)) return { kind: 'full' };
  return { kind: 'unsatisfiable' };
}
