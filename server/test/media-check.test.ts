/**
 * The magic-byte check of every upload (files/media-check.ts): real browser recordings pass —
 * Chrome's MediaRecorder WebM (no duration, Segment of unknown size) and MP4, fragmented MP4 of
 * brands iso5 and mp42 like Safari's and iOS's — whatever chunks the bytes arrive in; content of
 * another type, a container declared as the other one, empty or truncated content does not.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { contentMatchesExtension, sniffBytes } from '../src/modules/files/media-check.js';
import { readHead } from '../src/modules/files/read-head.js';
import * as media from './helpers/media-fixtures.js';

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures', name));
const recordings = {
  'Chrome MediaRecorder WebM': { bytes: fixture('chrome-media-recorder.webm'), ext: 'webm' },
  'Chrome MediaRecorder MP4': { bytes: fixture('chrome-media-recorder.mp4'), ext: 'mp4' },
  'fragmented MP4, brand iso5': { bytes: fixture('fragmented-iso5.mp4'), ext: 'mp4' },
  'fragmented MP4, brand mp42': { bytes: fixture('fragmented-mp42.mp4'), ext: 'mp4' },
} as const;

/** The head `storeUpload` reads from `bytes` arriving in chunks of `chunk` bytes. */
async function headOf(bytes: Buffer, chunk: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += chunk) chunks.push(bytes.subarray(i, i + chunk));
  const { head, whole } = await readHead(Readable.from(chunks), sniffBytes);
  whole.destroy();
  return head;
}

describe('contentMatchesExtension', () => {
  for (const [name, { bytes, ext }] of Object.entries(recordings)) {
    it(`accepts a real recording: ${name}`, async () => {
      expect(bytes.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))).toBe(
        ext === 'webm',
      );
      for (const chunk of [1, 7, 512, 65_536])
        expect(await contentMatchesExtension(await headOf(bytes, chunk), ext), `${chunk}`).toBe(
          true,
        );
    });
  }

  it('the fixtures are what they claim: no duration in the WebM, moof fragments and the brands in the MP4s', () => {
    const webm = recordings['Chrome MediaRecorder WebM'].bytes;
    // Segment (18 53 80 67) of unknown size (01 ff ff ff ff ff ff ff), no Duration element (44 89).
    expect(webm.indexOf(Buffer.from('1853806701ffffffffffffff', 'hex'))).toBeGreaterThan(0);
    expect(webm.indexOf(Buffer.from([0x44, 0x89]))).toBe(-1);
    for (const [name, brand] of [
      ['fragmented MP4, brand iso5', 'iso5'],
      ['fragmented MP4, brand mp42', 'mp42'],
      ['Chrome MediaRecorder MP4', 'isom'],
    ] as const) {
      const bytes = recordings[name].bytes;
      expect(bytes.subarray(4, 12).toString('latin1')).toBe(`ftyp${brand}`);
      expect(bytes.indexOf('moof')).toBeGreaterThan(0);
    }
  });

  it('accepts the small type fixtures of their own extension', async () => {
    const cases = [
      [media.png, 'png'],
      [media.jpeg, 'jpg'],
      [media.jpeg, 'jpeg'],
      [media.gif, 'gif'],
      [media.webp, 'webp'],
      [media.mp3, 'mp3'],
      [media.mp4, 'mp4'],
      [media.webm, 'webm'],
    ] as const;
    for (const [bytes, ext] of cases)
      expect(await contentMatchesExtension(bytes, ext), ext).toBe(true);
  });

  it('refuses a container declared as the other one, another type, empty, truncated or unknown', async () => {
    const webm = recordings['Chrome MediaRecorder WebM'].bytes;
    const mp4 = recordings['fragmented MP4, brand iso5'].bytes;
    expect(await contentMatchesExtension(webm, 'mp4')).toBe(false);
    expect(await contentMatchesExtension(mp4, 'webm')).toBe(false);
    expect(await contentMatchesExtension(media.png, 'mp4')).toBe(false);
    expect(await contentMatchesExtension(media.mp3, 'webm')).toBe(false);
    expect(await contentMatchesExtension(Buffer.from('<html><body>x</body></html>'), 'webm')).toBe(
      false,
    );
    expect(await contentMatchesExtension(Buffer.alloc(0), 'webm')).toBe(false);
    expect(await contentMatchesExtension(webm.subarray(0, 3), 'webm')).toBe(false);
    expect(await contentMatchesExtension(mp4.subarray(0, 6), 'mp4')).toBe(false);
    expect(await contentMatchesExtension(webm, 'mkv')).toBe(false);
  });

  it('refuses an audio-only MP4 (M4A) declared as mp4 and accepts an M4V', async () => {
    const brand = (b: string) =>
      Buffer.concat([
        Buffer.from([0x00, 0x00, 0x00, 0x14]),
        Buffer.from(`ftyp${b}`, 'latin1'),
        Buffer.from([0, 0, 0, 0]),
        Buffer.from(b, 'latin1'),
        Buffer.from([0x00, 0x00, 0x00, 0x08]),
        Buffer.from('mdat', 'latin1'),
      ]);
    expect(await contentMatchesExtension(brand('M4A '), 'mp4')).toBe(false);
    expect(await contentMatchesExtension(brand('M4V '), 'mp4')).toBe(true);
  });
});
