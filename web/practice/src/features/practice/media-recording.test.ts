import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pickMimeType, withDuration } from './media-recording';

/** A real Chrome MediaRecorder WebM (no duration in its header), from the server's fixtures. */
const chromeWebm = readFileSync(
  resolve(__dirname, '../../../../../server/test/fixtures/chrome-media-recorder.webm'),
);

/** The Segment Info's Duration (EBML id 0x4489) as a float, or null when the header has none. */
function webmDuration(bytes: Uint8Array): number | null {
  for (let i = 0; i + 3 < bytes.length; i += 1) {
    if (bytes[i] !== 0x44 || bytes[i + 1] !== 0x89) continue;
    const size = bytes[i + 2]! & 0x7f; // a one-byte size (0x84 or 0x88)
    const view = new DataView(bytes.buffer, bytes.byteOffset + i + 3, size);
    return size === 8 ? view.getFloat64(0) : view.getFloat32(0);
  }
  return null;
}

describe('withDuration', () => {
  it('writes the measured duration into a recorder WebM that has none', async () => {
    expect(webmDuration(chromeWebm)).toBeNull();
    const fixed = await withDuration(
      new Blob([chromeWebm], { type: 'video/webm;codecs=vp8,opus' }),
      2_345,
    );
    const bytes = new Uint8Array(await fixed.arrayBuffer());
    expect(webmDuration(bytes)).toBeCloseTo(2_345, 0);
    expect(fixed.type).toBe('video/webm;codecs=vp8,opus');
  });

  it('leaves an MP4 as it is', async () => {
    const mp4 = new Blob([new Uint8Array([0, 0, 0, 24, 0x66, 0x74, 0x79, 0x70])], {
      type: 'video/mp4',
    });
    expect(await withDuration(mp4, 1_000)).toBe(mp4);
  });
});

describe('pickMimeType', () => {
  it('prefers VP9, then VP8 WebM, then MP4 (Safari)', () => {
    expect(pickMimeType(() => true)).toBe('video/webm;codecs=vp9,opus');
    expect(pickMimeType((t) => t === 'video/mp4')).toBe('video/mp4');
    expect(pickMimeType(() => false)).toBe('');
  });
});
