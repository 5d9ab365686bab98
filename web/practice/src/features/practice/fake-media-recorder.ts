/**
 * A `MediaRecorder` double for tests that behaves like a given browser: which types it claims
 * (`isTypeSupported`, or none: old iOS), which it refuses in the constructor anyway, the type it
 * reports before and after `start()` (Safari: '' until started), what each chunk holds, and a
 * recorder that stops by itself or records nothing. Events are dispatched as tasks, like a
 * browser's (`setTimeout` 0), in the spec's order: `dataavailable` before `stop`.
 */
import type { RecorderClass } from './media-recording';

/** The first bytes of a recorder's MP4 (an `ftyp` box) and WebM (the EBML magic). */
export const mp4Head = new Uint8Array([
  0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d,
]);
export const webmHead = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01]);

/** How the simulated browser behaves. */
export interface FakeBrowser {
  /** `isTypeSupported`; undefined: the browser has none. */
  isTypeSupported?: (type: string) => boolean;
  /** Types the constructor refuses (NotSupportedError) although claimed. */
  refuses?: (type: string) => boolean;
  /** `mimeType` before `start()` ('' in Safari); default: the type asked. */
  typeBeforeStart?: (asked: string) => string;
  /** `mimeType` once started; default: the type asked. */
  typeAfterStart?: (asked: string) => string;
  /** The chunk flushed by `stop()` (default one MP4 chunk); null: nothing (0 bytes recorded). */
  lastChunk?: (recorder: FakeMediaRecorder) => Blob | null;
}

/** One simulated recorder; `FakeMediaRecorder.instances` holds every one made. */
export class FakeMediaRecorder {
  static browser: FakeBrowser = {};
  static instances: FakeMediaRecorder[] = [];

  state: RecordingState = 'inactive';
  mimeType: string;
  readonly asked: string;
  readonly options: MediaRecorderOptions | undefined;
  readonly startCalls: (number | undefined)[] = [];
  stopCalls = 0;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: ((event: Event) => void) | null = null;
  onerror: ((event: Event & { error?: unknown }) => void) | null = null;

  constructor(_stream: MediaStream, options?: MediaRecorderOptions) {
    const asked = options?.mimeType ?? '';
    if (asked && FakeMediaRecorder.browser.refuses?.(asked)) {
      throw new DOMException(`${asked} is not supported.`, 'NotSupportedError');
    }
    this.asked = asked;
    this.options = options;
    this.mimeType = FakeMediaRecorder.browser.typeBeforeStart?.(asked) ?? asked;
    FakeMediaRecorder.instances.push(this);
  }

  start(timeslice?: number): void {
    this.state = 'recording';
    this.startCalls.push(timeslice);
    this.mimeType = FakeMediaRecorder.browser.typeAfterStart?.(this.asked) ?? this.asked;
  }

  /** Delivers a chunk now (as the timeslice would). */
  emit(data: Blob): void {
    this.ondataavailable?.({ data });
  }

  stop(): void {
    this.stopCalls += 1;
    this.finish();
  }

  /** The browser stops the recording by itself (e.g. every track ended). */
  endByItself(): void {
    this.finish();
  }

  /** The recorder fails with `error`: `error`, then the last data and `stop`. */
  fail(error: unknown): void {
    setTimeout(() => this.onerror?.(Object.assign(new Event('error'), { error })), 0);
    this.finish();
  }

  private finish(): void {
    if (this.state === 'inactive') throw new DOMException('Not recording.', 'InvalidStateError');
    this.state = 'inactive';
    const last =
      FakeMediaRecorder.browser.lastChunk === undefined
        ? new Blob([mp4Head], { type: this.mimeType })
        : FakeMediaRecorder.browser.lastChunk(this);
    setTimeout(() => {
      if (last && last.size > 0) this.emit(last);
      this.onstop?.(new Event('stop'));
    }, 0);
  }

  static isTypeSupported(type: string): boolean {
    return FakeMediaRecorder.browser.isTypeSupported?.(type) ?? false;
  }
}

/**
 * The recorder class of `browser` for `startRecording`: `isTypeSupported` is left out when the
 * browser has none. Resets the made instances.
 */
export function fakeRecorderClass(browser: FakeBrowser): RecorderClass {
  FakeMediaRecorder.browser = browser;
  FakeMediaRecorder.instances = [];
  if (browser.isTypeSupported) return FakeMediaRecorder as unknown as RecorderClass;
  // A subclass whose static isTypeSupported is undefined, as in iOS before 14.3.
  class NoTypeCheck extends FakeMediaRecorder {}
  Object.defineProperty(NoTypeCheck, 'isTypeSupported', { value: undefined });
  return NoTypeCheck as unknown as RecorderClass;
}

/** The last recorder made. */
export function lastRecorder(): FakeMediaRecorder {
  const recorder = FakeMediaRecorder.instances.at(-1);
  if (!recorder) throw new Error('No recorder was made.');
  return recorder;
}

/** Chromium 156's answers to `isTypeSupported` (measured: no AAC, H.264 with Opus only). */
export function chromiumSupports(type: string): boolean {
  if (/mp4a/.test(type)) return false;
  return /^video\/(mp4|webm)(;|$)/.test(type);
}

/** Safari's rule (WebKit): MP4 with avc1…/mp4a…/opus codecs; WebM only from Safari 18.4. */
export function safariSupports(type: string, webm = false): boolean {
  const [container, params = ''] = type.split(';');
  const codecs = params
    .replace(/^\s*codecs=/, '')
    .split(',')
    .filter(Boolean);
  if (container === 'video/mp4')
    return codecs.every((c) => /^(avc1|mp4a)/i.test(c.trim()) || c.trim() === 'opus');
  if (container === 'video/webm' && webm)
    return codecs.every((c) => /^(vp8|vp9|vp09|opus)/.test(c.trim()));
  return false;
}

/** Firefox's answers: WebM with VP8 (and VP9 claimed by none) + Opus; no MP4. */
export function firefoxSupports(type: string): boolean {
  return type === 'video/webm' || type === 'video/webm;codecs=vp8,opus';
}
