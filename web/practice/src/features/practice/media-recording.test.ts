import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  chromiumSupports,
  fakeRecorderClass,
  firefoxSupports,
  lastRecorder,
  mp4Head,
  safariSupports,
  webmHead,
} from './fake-media-recorder';
import {
  containerOf,
  createRecorder,
  EmptyRecordingError,
  nearSizeLimit,
  pickMimeType,
  recorderMimeTypes,
  recordedType,
  recorderTimesliceMs,
  startRecording,
  withDuration,
  type RecordingCallbacks,
} from './media-recording';

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

const stream = { getTracks: () => [] } as unknown as MediaStream;

function callbacks() {
  return {
    onFailure: vi.fn<RecordingCallbacks['onFailure']>(),
    onEarlyStop: vi.fn<RecordingCallbacks['onEarlyStop']>(),
  };
}

/** Lets the fake recorder's queued events run. */
const tasks = () => new Promise((done) => setTimeout(done, 5));

afterEach(() => {
  vi.restoreAllMocks();
});

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
  it('picks H.264 + Opus in MP4 with Chromium’s answers (it has no AAC encoder)', () => {
    // Chromium 156 answers bare 'video/mp4' true too, but records VP9 in it.
    expect(chromiumSupports('video/mp4')).toBe(true);
    expect(pickMimeType(chromiumSupports)).toBe('video/mp4;codecs=avc1,opus');
  });

  it('picks H.264 + AAC in MP4 with Safari’s answers, also once Safari records WebM', () => {
    expect(pickMimeType((t) => safariSupports(t))).toBe('video/mp4;codecs=avc1,mp4a.40.2');
    expect(pickMimeType((t) => safariSupports(t, true))).toBe('video/mp4;codecs=avc1,mp4a.40.2');
  });

  it('names no H.264 profile: WebKitGTK claims avc1.42E01E and then records no sample', () => {
    expect(recorderMimeTypes.filter((t) => /avc1\./.test(t))).toEqual([]);
    // WebKitGTK 2.50 with GStreamer 1.22 answers true for every MP4 type it is asked.
    expect(pickMimeType((t) => t.startsWith('video/mp4'))).toBe('video/mp4;codecs=avc1,mp4a.40.2');
  });

  it('takes any H.264 MP4 before WebM, and WebM before a bare MP4 of unknown codec', () => {
    expect(pickMimeType((t) => t === 'video/mp4;codecs=avc1' || t.startsWith('video/webm'))).toBe(
      'video/mp4;codecs=avc1',
    );
    expect(pickMimeType((t) => t === 'video/mp4' || t === 'video/webm;codecs=vp9,opus')).toBe(
      'video/webm;codecs=vp9,opus',
    );
    expect(pickMimeType((t) => t === 'video/mp4')).toBe('video/mp4');
  });

  it('picks WebM VP8 + Opus with Firefox’s answers', () => {
    expect(pickMimeType(firefoxSupports)).toBe('video/webm;codecs=vp8,opus');
  });

  it('leaves the type to the browser without isTypeSupported, or when it supports none', () => {
    expect(pickMimeType(undefined)).toBe('');
    expect(pickMimeType(() => false)).toBe('');
    expect(
      pickMimeType(() => {
        throw new TypeError('not implemented');
      }),
    ).toBe('');
  });
});

describe('containerOf and recordedType', () => {
  it('reads the container from the first bytes', () => {
    expect(containerOf(mp4Head)).toBe('mp4');
    expect(containerOf(webmHead)).toBe('webm');
    expect(containerOf(new Uint8Array(chromeWebm.subarray(0, 12)))).toBe('webm');
    expect(containerOf(new Uint8Array([1, 2, 3]))).toBeNull();
  });

  it('types a recording by its container, keeping the codecs when the claim is right', () => {
    expect(recordedType('video/mp4;codecs=avc1,opus', 'mp4')).toBe('video/mp4;codecs=avc1,opus');
    expect(recordedType('', 'mp4')).toBe('video/mp4');
    expect(recordedType('video/webm;codecs=vp9,opus', 'mp4')).toBe('video/mp4');
    expect(recordedType('video/mp4', 'webm')).toBe('video/webm');
    expect(recordedType('video/mp4', null)).toBe('video/mp4');
    expect(recordedType('', null)).toBe('video/webm');
  });
});

describe('createRecorder', () => {
  it('passes the bit rates and, when a claimed type is refused, tries the next', () => {
    const Recorder = fakeRecorderClass({
      isTypeSupported: (t) => safariSupports(t),
      refuses: (t) => t.includes('mp4a'),
    });
    const { asked } = createRecorder(stream, Recorder);
    expect(asked).toBe('video/mp4;codecs=avc1,opus');
    expect(lastRecorder().options).toMatchObject({
      mimeType: 'video/mp4;codecs=avc1,opus',
      videoBitsPerSecond: 2_500_000,
      audioBitsPerSecond: 128_000,
    });
  });

  it('falls back to the browser’s default when every type is refused or none is claimed', () => {
    const refusing = fakeRecorderClass({ isTypeSupported: () => true, refuses: () => true });
    expect(createRecorder(stream, refusing).asked).toBe('');
    expect(lastRecorder().options?.mimeType).toBeUndefined();
    const old = fakeRecorderClass({});
    expect(old.isTypeSupported).toBeUndefined();
    expect(createRecorder(stream, old).asked).toBe('');
  });
});

describe('startRecording', () => {
  it('asks for a chunk every second at least (Safari’s MP4 chunks below 1 s are unreliable)', () => {
    expect(recorderTimesliceMs).toBeGreaterThanOrEqual(1_000);
    startRecording(stream, callbacks(), fakeRecorderClass({ isTypeSupported: () => true }));
    // Never started without a timeslice: Safari stops such a recording near 4 minutes.
    expect(lastRecorder().startCalls).toEqual([recorderTimesliceMs]);
  });

  it('assembles a recording of over 4 minutes of chunks whole and in order', async () => {
    const Recorder = fakeRecorderClass({
      isTypeSupported: (t) => safariSupports(t),
      typeBeforeStart: () => '',
      typeAfterStart: () => 'video/mp4',
      lastChunk: () => new Blob(['end'], { type: 'video/mp4' }),
    });
    const recording = startRecording(stream, callbacks(), Recorder);
    const recorder = lastRecorder();
    const seconds = 250; // 4 min 10 s of one-second chunks
    recorder.emit(new Blob([mp4Head], { type: 'video/mp4' }));
    for (let i = 1; i < seconds; i += 1) recorder.emit(new Blob([`<${i}>`], { type: 'video/mp4' }));
    const blob = await recording.stop();
    const expected = [
      new TextDecoder().decode(mp4Head),
      ...Array.from({ length: seconds - 1 }, (_, i) => `<${i + 1}>`),
      'end',
    ].join('');
    expect(blob.type).toBe('video/mp4');
    expect(blob.size).toBe(new TextEncoder().encode(expected).length);
    expect(await blob.text()).toBe(expected);
  });

  it('types a Safari recording whose recorder reported no type by its MP4 bytes', async () => {
    const Recorder = fakeRecorderClass({
      isTypeSupported: (t) => safariSupports(t),
      typeBeforeStart: () => '',
      typeAfterStart: () => '',
      lastChunk: () => new Blob([mp4Head]),
    });
    const recording = startRecording(stream, callbacks(), Recorder);
    expect(recording.mimeType).toBe('video/mp4;codecs=avc1,mp4a.40.2');
    const blob = await recording.stop();
    // The bytes are the MP4 asked for, so the type asked (with its codecs) stands; a Blob's
    // type is lower case.
    expect(blob.type).toBe('video/mp4;codecs=avc1,mp4a.40.2');
  });

  it('keeps the codecs Chromium reports once recording (avc1 asked, avc1 + Opus written)', async () => {
    const Recorder = fakeRecorderClass({
      isTypeSupported: (t) => t === 'video/mp4;codecs=avc1',
      typeAfterStart: () => 'video/mp4;codecs=avc1,opus',
    });
    const blob = await startRecording(stream, callbacks(), Recorder).stop();
    expect(blob.type).toBe('video/mp4;codecs=avc1,opus');
  });

  it('types the take by the container written when the recorder claims another', async () => {
    const Recorder = fakeRecorderClass({
      isTypeSupported: (t) => t === 'video/webm;codecs=vp9,opus',
      lastChunk: () => new Blob([mp4Head], { type: 'video/webm;codecs=vp9,opus' }),
    });
    const blob = await startRecording(stream, callbacks(), Recorder).stop();
    expect(blob.type).toBe('video/mp4');
  });

  it('writes the duration into a recorded WebM', async () => {
    const Recorder = fakeRecorderClass({
      isTypeSupported: firefoxSupports,
      lastChunk: () => new Blob([chromeWebm], { type: 'video/webm;codecs=vp8,opus' }),
    });
    const blob = await startRecording(stream, callbacks(), Recorder).stop();
    expect(blob.type).toBe('video/webm;codecs=vp8,opus');
    expect(webmDuration(new Uint8Array(await blob.arrayBuffer()))).not.toBeNull();
  });

  it('a recorder that gives no bytes is an EmptyRecordingError, not a take', async () => {
    const events = callbacks();
    const Recorder = fakeRecorderClass({
      isTypeSupported: (t) => safariSupports(t),
      lastChunk: () => new Blob([], { type: 'video/mp4' }),
    });
    const recording = startRecording(stream, events, Recorder);
    lastRecorder().emit(new Blob([]));
    const error = await recording.stop().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmptyRecordingError);
    expect((error as Error).message).toMatch(/Nothing was recorded/);
    expect(events.onEarlyStop).not.toHaveBeenCalled();
    expect(events.onFailure).not.toHaveBeenCalled();
  });

  it('stops once, however often stop() is called', async () => {
    const recording = startRecording(
      stream,
      callbacks(),
      fakeRecorderClass({ isTypeSupported: chromiumSupports }),
    );
    const [a, b] = await Promise.all([recording.stop(), recording.stop()]);
    expect(a).toBe(b);
    expect(lastRecorder().stopCalls).toBe(1);
  });

  it('a recorder the browser stops by itself reports it, and its recording is kept', async () => {
    const events = callbacks();
    const recording = startRecording(
      stream,
      events,
      fakeRecorderClass({ isTypeSupported: (t) => safariSupports(t) }),
    );
    const recorder = lastRecorder();
    recorder.emit(new Blob([mp4Head, 'first'], { type: 'video/mp4' }));
    recorder.endByItself();
    await tasks();
    expect(events.onEarlyStop).toHaveBeenCalledWith('interrupted');
    const blob = await recording.stop();
    expect(recorder.stopCalls).toBe(0);
    expect(blob.size).toBe(mp4Head.length + 5 + mp4Head.length);
    expect(events.onFailure).not.toHaveBeenCalled();
  });

  it('a failing recorder reports the failure, not an early stop', async () => {
    const events = callbacks();
    startRecording(stream, events, fakeRecorderClass({ isTypeSupported: chromiumSupports }));
    const error = new DOMException('camera gone', 'UnknownError');
    lastRecorder().fail(error);
    await tasks();
    expect(events.onFailure).toHaveBeenCalledWith(error);
    expect(events.onEarlyStop).not.toHaveBeenCalled();
  });

  it('asks to stop before the take could outgrow the server’s video limit', () => {
    const events = callbacks();
    startRecording(stream, events, fakeRecorderClass({ isTypeSupported: chromiumSupports }));
    const recorder = lastRecorder();
    // Chromium's H.264 sent 5-s fragments of ~30 MB on a very noisy picture (47 Mbit/s).
    const fragment = new Blob([new Uint8Array(10 * 1024 * 1024)], { type: 'video/mp4' });
    for (let i = 1; i <= 10; i += 1) {
      recorder.emit(fragment);
      // n × 10 MiB so far + 2 × 10 MiB + 1 MiB reaches 100 MiB at the 8th: the last one that
      // arrives after stopping still fits (90 MiB).
      expect(events.onEarlyStop).toHaveBeenCalledTimes(i < 8 ? 0 : 1);
    }
    expect(events.onEarlyStop).toHaveBeenCalledWith('size-limit');
  });
});

describe('nearSizeLimit', () => {
  it('leaves room for the chunk still to come below the limit', () => {
    const mib = 1024 * 1024;
    expect(nearSizeLimit(50 * mib, mib, 100 * mib)).toBe(false);
    expect(nearSizeLimit(97 * mib, mib, 100 * mib)).toBe(true);
    expect(nearSizeLimit(60 * mib, 20 * mib, 100 * mib)).toBe(true);
    // A 3-minute take at the asked 2.6 Mbit/s (59 MB, 1-s chunks) never gets near it.
    const perSecond = (2_628_000 / 8) | 0;
    expect(nearSizeLimit(180 * perSecond, perSecond)).toBe(false);
  });
});
