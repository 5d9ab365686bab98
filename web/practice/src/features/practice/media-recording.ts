/**
 * Recording with the browser's `MediaRecorder`. It prefers H.264 in MP4, which the server copies
 * instead of encoding: H.264 + AAC (Safari, iOS), H.264 + Opus (Chromium, Chrome, Edge: no AAC
 * encoder), then WebM VP9/VP8 + Opus (Firefox), then the browser's default. The bit rate keeps a
 * 3-minute take near 60 MB, and a byte guard stops a take before it could outgrow the server's
 * video limit (Chromium's H.264 encoder overshoots its bit rate many times on a noisy picture).
 *
 * What the browser recorded is read from the bytes, not from what it claims: the blob's type and
 * so the upload's `filetype` and extension follow the container actually written (Safari reports
 * an empty `mimeType` until recording has started; Chromium reports the codecs it chose only
 * then). Rules of Safari and iOS handled here: data comes every `recorderTimesliceMs` (a
 * recording started without a timeslice stops near 4 minutes, and MP4 chunks below 1 s are
 * unreliable); `isTypeSupported` may be missing; a type it claims may still be refused by the
 * constructor; a recorder that stops by itself (the camera taken by another app, all tracks
 * ended) keeps what it recorded. A recording of 0 bytes (seen in WebKitGTK) is an
 * `EmptyRecordingError`, never a take. `requestData()` is never called: the timeslice brings the
 * data, and `stop()` brings the last of it before `stop` fires.
 */
import { answerVideoExtension, videoMaxBytes } from '@practica/contract';
import fixWebmDuration from 'fix-webm-duration';
import { practiceText } from './practice-text';

/**
 * Recorder types in order of preference: every H.264 one first (Chromium's bare 'video/mp4'
 * records VP9, so it comes last, after WebM), then WebM for Firefox.
 */
export const recorderMimeTypes = [
  // Safari and iOS: H.264 + AAC-LC, a fragmented MP4. No profile is named: WebKitGTK claims
  // 'avc1.42E01E' too, then writes an MP4 without a single sample (its GStreamer encoder takes no
  // Constrained Baseline caps), while it records 'avc1' whole; Safari accepts either.
  'video/mp4;codecs=avc1,mp4a.40.2',
  // Chromium, Chrome, Edge: H.264 + Opus in a fragmented MP4 (they have no AAC encoder).
  'video/mp4;codecs=avc1,opus',
  'video/mp4;codecs=avc1',
  // Firefox (and Chromium before MP4 recording): WebM.
  'video/webm;codecs=vp9,opus',
  'video/webm;codecs=vp8,opus',
  'video/webm',
  'video/mp4',
] as const;

/** Video bits per second (2.5 Mbit/s). */
export const videoBitsPerSecond = 2_500_000;
/** Audio bits per second (128 kbit/s). */
export const audioBitsPerSecond = 128_000;

/**
 * Milliseconds of recording per `dataavailable` chunk. At least 1 s: Safari's MP4 chunks are
 * unreliable below that, and a timeslice is always passed because Safari stops a recording
 * started without one near 4 minutes. (Chromium's MP4 comes a fragment, about 5 s, at a time
 * whatever the timeslice.)
 */
export const recorderTimesliceMs = 1_000;

/**
 * Bytes kept free below the server's video limit besides twice the largest chunk so far (the
 * chunk that arrives once the recorder is stopped): 1 MiB.
 */
export const sizeMarginBytes = 1024 * 1024;

/** The camera and microphone asked for: the front camera at up to 720p, speech-tuned audio. */
export const mediaConstraints: MediaStreamConstraints = {
  video: { facingMode: 'user', width: { ideal: 1280 }, height: { ideal: 720 } },
  audio: { echoCancellation: true, noiseSuppression: true },
};

/** A recording that holds no bytes: not a take; the trainee records again. */
export class EmptyRecordingError extends Error {
  override readonly name = 'EmptyRecordingError';
  constructor() {
    super(practiceText.recordingEmpty);
  }
}

/**
 * The supported types of `recorderMimeTypes`, best first. `isTypeSupported` is the recorder's
 * (undefined where the browser lacks it: none, so the browser's default is used); a check that
 * throws counts as unsupported.
 */
export function supportedMimeTypes(isTypeSupported?: (type: string) => boolean): string[] {
  if (typeof isTypeSupported !== 'function') return [];
  return recorderMimeTypes.filter((type) => {
    try {
      return isTypeSupported(type);
    } catch {
      return false;
    }
  });
}

/** The first supported type of `recorderMimeTypes`, '' when none is (the browser's default). */
export function pickMimeType(isTypeSupported?: (type: string) => boolean): string {
  return supportedMimeTypes(isTypeSupported)[0] ?? '';
}

/** The container a recording's first bytes show: MP4 (an `ftyp` box), WebM (EBML), else null. */
export function containerOf(head: Uint8Array): 'mp4' | 'webm' | null {
  if (
    head.length >= 4 &&
    head[0] === 0x1a &&
    head[1] === 0x45 &&
    head[2] === 0xdf &&
    head[3] === 0xa3
  )
    return 'webm';
  if (head.length >= 8 && String.fromCharCode(head[4]!, head[5]!, head[6]!, head[7]!) === 'ftyp')
    return 'mp4';
  return null;
}

/**
 * The type of a recording whose bytes are a `container` that the recorder `declared` (codecs kept
 * when the declared container is right): 'video/mp4' or 'video/webm' when the declaration is
 * missing or wrong; the declaration when the bytes show neither; 'video/webm' when there is none.
 */
export function recordedType(declared: string, container: 'mp4' | 'webm' | null): string {
  const declaredContainer = answerVideoExtension(declared);
  if (container === null) return declaredContainer ? declared : declared || 'video/webm';
  return declaredContainer === container ? declared : `video/${container}`;
}

/**
 * True when a take of `totalBytes` so far, whose largest chunk was `largestChunkBytes`, must stop
 * now to stay under `maxBytes` (the server's video limit) once its last chunk arrives.
 */
export function nearSizeLimit(
  totalBytes: number,
  largestChunkBytes: number,
  maxBytes: number = videoMaxBytes,
): boolean {
  return totalBytes + 2 * largestChunkBytes + sizeMarginBytes >= maxBytes;
}

/** Why a recording must stop before the trainee or the time limit stopped it. */
export type EarlyStopReason = 'size-limit' | 'interrupted';

/** What the recorder reports while it runs. */
export interface RecordingCallbacks {
  /** The recorder failed with `error` (e.g. the camera unplugged): its take is lost. */
  onFailure: (error: unknown) => void;
  /**
   * The recording must end now: it nears the server's size limit, or the browser stopped it by
   * itself (all tracks ended). What it recorded is whole: `stop()` answers it as a take.
   */
  onEarlyStop: (reason: EarlyStopReason) => void;
}

/** A running recording: `stop()` resolves with the recorded bytes. */
export interface Recording {
  /**
   * Stops (once; later calls answer the same) and resolves with the recording, typed by its
   * container. Rejects with `EmptyRecordingError` when nothing was recorded, or with the
   * recorder's error.
   */
  stop(): Promise<Blob>;
  /** The type asked of the recorder ('' for the browser's default; the blob tells what came). */
  mimeType: string;
}

/** `MediaRecorder`'s constructor and its static type check (tests pass a double). */
export type RecorderClass = {
  new (stream: MediaStream, options?: MediaRecorderOptions): MediaRecorder;
  isTypeSupported?: (type: string) => boolean;
};

/**
 * A recorder of `stream` with the first supported type the constructor accepts (Safari may
 * claim a type and refuse it), else the browser's default. Throws when none can record it.
 */
export function createRecorder(
  stream: MediaStream,
  Recorder: RecorderClass = MediaRecorder,
): { recorder: MediaRecorder; asked: string } {
  const bitRates = { videoBitsPerSecond, audioBitsPerSecond };
  const check = Recorder.isTypeSupported?.bind(Recorder);
  for (const mimeType of supportedMimeTypes(check)) {
    try {
      return { recorder: new Recorder(stream, { mimeType, ...bitRates }), asked: mimeType };
    } catch {
      // Refused despite isTypeSupported: the next one.
    }
  }
  return { recorder: new Recorder(stream, bitRates), asked: '' };
}

async function headOf(blob: Blob): Promise<Uint8Array> {
  return new Uint8Array(await blob.slice(0, 12).arrayBuffer());
}

/**
 * Starts recording `stream` with `createRecorder`, a chunk every `recorderTimesliceMs`. Throws when
 * the browser cannot record the stream. See `RecordingCallbacks` for what it reports.
 */
export function startRecording(
  stream: MediaStream,
  callbacks: RecordingCallbacks,
  Recorder: RecorderClass = MediaRecorder,
): Recording {
  const { recorder, asked } = createRecorder(stream, Recorder);
  const chunks: Blob[] = [];
  let totalBytes = 0;
  let largestChunk = 0;
  let chunkType = '';
  let stopping = false;
  let failed = false;
  let sizeLimitReported = false;
  recorder.ondataavailable = (event) => {
    const data = event.data;
    if (!data || data.size === 0) return;
    chunks.push(data);
    chunkType ||= data.type;
    totalBytes += data.size;
    largestChunk = Math.max(largestChunk, data.size);
    if (!stopping && !sizeLimitReported && nearSizeLimit(totalBytes, largestChunk)) {
      sizeLimitReported = true;
      callbacks.onEarlyStop('size-limit');
    }
  };
  recorder.onerror = (event) => {
    failed = true;
    if (!stopping) callbacks.onFailure((event as Event & { error?: unknown }).error ?? event);
  };
  recorder.onstop = () => {
    if (!stopping && !failed) callbacks.onEarlyStop('interrupted');
  };
  recorder.start(recorderTimesliceMs);
  const startedAt = performance.now();

  const stopped = () =>
    new Promise<void>((resolve, reject) => {
      stopping = true;
      if (recorder.state === 'inactive') {
        resolve();
        return;
      }
      recorder.onstop = () => resolve();
      recorder.onerror = (event) => reject((event as Event & { error?: unknown }).error ?? event);
      recorder.stop();
    });

  let result: Promise<Blob> | null = null;
  const finish = async (): Promise<Blob> => {
    await stopped();
    const durationMs = performance.now() - startedAt;
    if (totalBytes === 0) throw new EmptyRecordingError();
    // Safari may report no type until recording started, Chromium the codecs only once chosen.
    const declared = recorder.mimeType || chunkType || asked;
    const parts = new Blob(chunks);
    const type = recordedType(declared, containerOf(await headOf(parts)));
    return withDuration(new Blob(chunks, { type }), durationMs);
  };
  return {
    mimeType: asked,
    stop: () => (result ??= finish()),
  };
}

/**
 * A recorder's WebM carries no duration (it is written while recording), so players show none
 * and seek poorly: writes the measured `durationMs` into its header (`fix-webm-duration`). Other
 * containers are answered as they are (an MP4's fragments carry their times; the server probes).
 */
export function withDuration(blob: Blob, durationMs: number): Promise<Blob> {
  if (!blob.type.startsWith('video/webm') || blob.size === 0) return Promise.resolve(blob);
  return fixWebmDuration(blob, durationMs, { logger: false });
}
