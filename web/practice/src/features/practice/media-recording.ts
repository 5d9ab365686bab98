/**
 * Recording with the browser's `MediaRecorder`: the best container it supports
 * (WebM VP9/VP8 + Opus in Chrome, Firefox and Android; MP4 in Safari and iOS), at a bit rate that
 * keeps a 3-minute take near 60 MB, under the server's 100 MB file limit.
 */
import fixWebmDuration from 'fix-webm-duration';

/** Recorder types in order of preference. */
export const recorderMimeTypes = [
  'video/webm;codecs=vp9,opus',
  'video/webm;codecs=vp8,opus',
  'video/webm',
  'video/mp4',
] as const;

/** Video bits per second (2.5 Mbit/s). */
export const videoBitsPerSecond = 2_500_000;
/** Audio bits per second (128 kbit/s). */
export const audioBitsPerSecond = 128_000;

/** The camera and microphone asked for: the front camera at up to 720p, speech-tuned audio. */
export const mediaConstraints: MediaStreamConstraints = {
  video: { facingMode: 'user', width: { ideal: 1280 }, height: { ideal: 720 } },
  audio: { echoCancellation: true, noiseSuppression: true },
};

/** The first supported type of `recorderMimeTypes`, '' when none is (the browser's default). */
export function pickMimeType(isTypeSupported: (type: string) => boolean): string {
  return recorderMimeTypes.find((type) => isTypeSupported(type)) ?? '';
}

/** A running recording: `stop()` resolves with the recorded bytes. */
export interface Recording {
  stop(): Promise<Blob>;
  /** The type the recorder writes (e.g. 'video/webm;codecs=vp9,opus'). */
  mimeType: string;
}

/**
 * Starts recording `stream`. `onFailure` is called when the recorder stops by itself with an
 * error (e.g. the camera was unplugged). Throws when the browser cannot record the stream.
 */
export function startRecording(
  stream: MediaStream,
  onFailure: (error: unknown) => void,
): Recording {
  const preferred = pickMimeType((type) => MediaRecorder.isTypeSupported(type));
  const recorder = new MediaRecorder(stream, {
    ...(preferred ? { mimeType: preferred } : {}),
    videoBitsPerSecond,
    audioBitsPerSecond,
  });
  const chunks: Blob[] = [];
  let stopping = false;
  recorder.ondataavailable = (event) => {
    if (event.data.size > 0) chunks.push(event.data);
  };
  recorder.onerror = (event) => {
    if (!stopping) onFailure((event as Event & { error?: unknown }).error ?? event);
  };
  recorder.start(1_000);
  const startedAt = performance.now();
  const mimeType = recorder.mimeType || preferred || 'video/webm';
  const stopped = () =>
    new Promise<Blob>((resolve, reject) => {
      stopping = true;
      if (recorder.state === 'inactive') {
        resolve(new Blob(chunks, { type: mimeType }));
        return;
      }
      recorder.onstop = () => resolve(new Blob(chunks, { type: mimeType }));
      recorder.onerror = (event) => reject((event as Event & { error?: unknown }).error ?? event);
      recorder.stop();
    });
  return {
    mimeType,
    stop: async () => withDuration(await stopped(), performance.now() - startedAt),
  };
}

/**
 * A recorder's WebM carries no duration (it is written while recording), so players show none
 * and seek poorly: writes the measured `durationMs` into its header (`fix-webm-duration`). Other
 * containers are answered as they are.
 */
export function withDuration(blob: Blob, durationMs: number): Promise<Blob> {
  if (!blob.type.startsWith('video/webm') || blob.size === 0) return Promise.resolve(blob);
  return fixWebmDuration(blob, durationMs, { logger: false });
}
