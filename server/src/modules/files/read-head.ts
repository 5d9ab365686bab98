/**
 * Reads the first bytes of a stream (for magic-byte detection) without losing them: answers the
 * head and a stream of the whole content. The source is never destroyed by this helper or by a
 * consumer giving up early, so an HTTP request body can still be answered (413/400).
 */
import { Readable } from 'node:stream';

/** Reads up to `bytes` bytes (more when a chunk crosses the mark) from `source`. */
export async function readHead(
  source: Readable,
  bytes: number,
): Promise<{ head: Buffer; whole: Readable }> {
  const iterator = source.iterator({ destroyOnReturn: false }) as AsyncIterator<Buffer | string>;
  const chunks: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < bytes) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    const chunk = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
    chunks.push(chunk);
    length += chunk.length;
  }
  const head = Buffer.concat(chunks);
  async function* all(): AsyncGenerator<Buffer> {
    if (head.length > 0) yield head;
    if (ended) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
    }
  }
  return { head, whole: Readable.from(all(), { objectMode: false }) };
}
