/**
 * The upload queue of one practice: sends the kept takes to the tus endpoint
 * `/api/me/uploads` one at a time, in the interview's question order, with tus-js-client — 5 MB
 * chunks, retries with backoff, and resumption from where the server stopped (the upload URL kept
 * with the take, else tus's own record found by a fingerprint of the take's key and date). A
 * request that gets no answer at all (offline, or the server out of reach) leaves the take
 * `waiting`, not refused: it is sent again by itself, when the browser is back online (`retry()`,
 * which the screen calls on the `online` event) or after `reconnectDelays` while the browser says
 * it is online. A retake replaces its question's queued, failed or running upload. A 4xx refusal stops the take
 * with the server's message as given; a 401/403 pauses the queue as session-expired (takes kept
 * until `retry()` after signing in again). The server answers the finished upload with
 * `{fileId, url}`; the take is then removed from the device. `canSubmit`: every question has a
 * confirmed file and nothing is left to send. A take of 0 bytes (kept by an earlier version) is
 * never sent: it fails at once as refused, so only a retake helps. The upload's `filetype` is the
 * take's type and its file name's extension that type's container (the recorder types a take by
 * the container its bytes are). The tus `Upload` class is injected (tests).
 */
import { answerVideoExtension, answerVideoUploadPath, messages } from '@practica/contract';
import type { DetailedError, PreviousUpload, UploadOptions } from 'tus-js-client';
import { practiceText } from './practice-text';
import type { Take, TakesStore } from './takes-store';

/** The tus endpoint of answer videos. */
export const uploadEndpoint = answerVideoUploadPath;
/** Bytes per PATCH request. */
export const uploadChunkSize = 5 * 1024 * 1024;
/** Waits (ms) before each retry of a failed request: backoff up to 30 s, about a minute in all. */
export const uploadRetryDelays = [0, 1_000, 3_000, 5_000, 10_000, 20_000, 30_000];
/**
 * Waits (ms) before a waiting take is sent again by itself (the last one repeats) when no `online`
 * event came first: the server may have been out of reach while the browser stayed online. While
 * the browser says it is offline the queue only waits on.
 */
export const uploadReconnectDelays = [2_000, 5_000, 10_000, 30_000];

/** What the queue needs of a tus upload (tus-js-client's `Upload`). */
export interface UploadLike {
  url: string | null;
  start(): void;
  abort(shouldTerminate?: boolean): Promise<void>;
  findPreviousUploads(): Promise<PreviousUpload[]>;
  resumeFromPreviousUpload(previousUpload: PreviousUpload): void;
}

/** tus-js-client's `Upload` constructor, or a test double. */
export type UploadClass = new (file: Blob, options: UploadOptions) => UploadLike;

/** Where one question's video stands. */
export type QuestionUploadStatus = 'none' | 'queued' | 'uploading' | 'failed' | 'done';

/** One question's upload as the screen shows it. */
export interface QuestionUpload {
  questionId: number;
  status: QuestionUploadStatus;
  bytesSent: number;
  bytesTotal: number;
  /** Why it failed: the server's refusal as given, or the connection message. */
  error: string | null;
  /** The server refused the take (4xx): only a retake helps. */
  refused: boolean;
  /**
   * The last request got no answer (offline, or the server out of reach): the take is safe on the
   * device and is sent again by itself ('failed' between tries, 'uploading' while tus tries).
   */
  waiting: boolean;
  /** The confirmed file (status 'done'). */
  fileId: number | null;
  url: string | null;
}

/** The queue's state, a new object on every change (for `useSyncExternalStore`). */
export interface UploadQueueSnapshot {
  /** One entry per question, in the interview's order. */
  questions: QuestionUpload[];
  /** A 401/403 paused the queue: sign in again, then `retry()`. */
  sessionExpired: boolean;
  /** Takes not yet on the server (queued, uploading or failed). */
  pending: number;
  /** Every question has a confirmed file and nothing is pending. */
  canSubmit: boolean;
}

/** A file the server already holds for a question (my answer's items). */
export interface ConfirmedFile {
  questionId: number;
  fileId: number;
  url: string | null;
}

export interface UploadQueueOptions {
  assignmentId: number;
  /** The interview's question ids, in order. */
  questionIds: readonly number[];
  /** Files already on the server (a take of the same question replaces one). */
  confirmed?: readonly ConfirmedFile[];
  store: Pick<TakesStore, 'updateUpload' | 'removeConfirmed'>;
  Upload: UploadClass;
  /** The bearer token at the time of each request. */
  token: () => string | null;
  endpoint?: string;
  retryDelays?: number[];
  /** Waits (ms) before waiting takes are sent again by themselves (`uploadReconnectDelays`). */
  reconnectDelays?: number[];
  chunkSize?: number;
  /** Called once when a 401/403 pauses the queue. */
  onSessionExpired?: () => void;
}

interface Entry {
  take: Take;
  status: Exclude<QuestionUploadStatus, 'none' | 'done'>;
  bytesSent: number;
  /** The tus upload's URL once the server created it (resumes from there). */
  url: string | null;
  error: string | null;
  refused: boolean;
  /** The last request got no answer (see `QuestionUpload.waiting`). */
  waiting: boolean;
  upload: UploadLike | null;
}

/** The status of a failed tus request's answer, 0 when none arrived. */
function statusOf(error: unknown): number {
  return (error as Partial<DetailedError> | null)?.originalResponse?.getStatus() ?? 0;
}

/** Retry when no answer came (while online), on 5xx, and on 409/423/429; never on other 4xx. */
export function shouldRetryUpload(error: DetailedError): boolean {
  const status = statusOf(error);
  if (status === 0) return typeof navigator === 'undefined' || navigator.onLine !== false;
  return status >= 500 || status === 409 || status === 423 || status === 429;
}

/** The envelope's message of a failed answer (shown as given), else null. */
function serverMessage(error: unknown): string | null {
  const body = (error as Partial<DetailedError> | null)?.originalResponse?.getBody();
  if (!body) return null;
  try {
    const parsed = JSON.parse(body) as { message?: unknown; error?: { message?: unknown } | null };
    const message = parsed.error?.message ?? parsed.message;
    return typeof message === 'string' && message ? message : null;
  } catch {
    return null;
  }
}

/** `{fileId, url}` of the envelope answering the finished upload, or null. */
function confirmedFileOf(body: string): { fileId: number; url: string | null } | null {
  try {
    const parsed = JSON.parse(body) as { data?: { fileId?: unknown; url?: unknown } };
    const fileId = parsed.data?.fileId;
    if (typeof fileId !== 'number' || !Number.isInteger(fileId) || fileId <= 0) return null;
    return { fileId, url: typeof parsed.data?.url === 'string' ? parsed.data.url : null };
  } catch {
    return null;
  }
}

/** File name sent with a take: the question and its type's extension (mp4 or webm). */
export function fileNameOf(take: Take): string {
  const extension = answerVideoExtension(take.mimeType) ?? 'webm';
  return `answer-${take.assignmentId}-${take.questionId}-${take.createdAt}.${extension}`;
}

/** Uploads one practice's takes; see the module comment. */
export class UploadQueue {
  private readonly entries = new Map<number, Entry>();
  private readonly confirmed = new Map<number, ConfirmedFile>();
  private readonly listeners = new Set<() => void>();
  private active: Entry | null = null;
  private sessionExpired = false;
  private stopped = false;
  private snapshot: UploadQueueSnapshot;
  /** The timer that sends waiting takes again, and how many times it ran since an answer. */
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private reconnectAttempt = 0;

  constructor(private readonly options: UploadQueueOptions) {
    for (const file of options.confirmed ?? []) this.confirmed.set(file.questionId, file);
    this.snapshot = this.computeSnapshot();
  }

  /** The current state. */
  getSnapshot = (): UploadQueueSnapshot => this.snapshot;

  /** Subscribes to changes; answers the unsubscribe. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * Queues a kept take; it replaces the question's earlier take (aborting its running upload). A
   * take the store marked failed by a refusal stays failed (after a reload), others are sent.
   */
  add(take: Take): void {
    const previous = this.entries.get(take.questionId);
    if (previous?.take.createdAt === take.createdAt && previous.take.key === take.key) return;
    if (previous && previous === this.active) {
      this.active = null;
      const upload = previous.upload;
      previous.upload = null;
      void upload?.abort(true).catch(() => undefined);
    }
    const empty = take.blob.size === 0;
    const refused =
      empty || (take.upload.status === 'failed' && take.upload.error !== null && !previous);
    this.entries.set(take.questionId, {
      take,
      status: refused ? 'failed' : 'queued',
      bytesSent: take.upload.bytesSent,
      url: take.upload.url,
      error: empty ? practiceText.emptyTake : refused ? take.upload.error : null,
      refused,
      waiting: false,
      upload: null,
    });
    this.changed();
    this.pump();
  }

  /** Sends again what failed for want of a connection, and resumes after a new sign-in. */
  retry = (): void => {
    this.sessionExpired = false;
    this.requeue((entry) => !entry.refused);
  };

  /** Lets the queue send (again after `stop()`). */
  start(): void {
    this.stopped = false;
    this.pump();
    if ([...this.entries.values()].some((entry) => entry.waiting)) this.scheduleReconnect();
  }

  /** Stops the running upload (leaving the page); the takes stay kept for the next visit. */
  stop(): void {
    this.stopped = true;
    this.cancelReconnect();
    const upload = this.active?.upload;
    if (this.active) {
      this.active.upload = null;
      this.active.status = 'queued';
      this.active = null;
    }
    void upload?.abort().catch(() => undefined);
  }

  /** Queues again the failed entries `which` accepts, and sends. */
  private requeue(which: (entry: Entry) => boolean): void {
    this.cancelReconnect();
    for (const entry of this.entries.values()) {
      if (entry.status === 'failed' && which(entry)) {
        entry.status = 'queued';
        entry.error = null;
        entry.waiting = false;
      }
    }
    this.changed();
    this.pump();
  }

  /** Sends the waiting takes again after the next of `reconnectDelays` (unless already due). */
  private scheduleReconnect(): void {
    if (this.reconnectTimer !== null || this.stopped) return;
    const delays = this.options.reconnectDelays ?? uploadReconnectDelays;
    const delay = delays[Math.min(this.reconnectAttempt, delays.length - 1)] ?? 0;
    this.reconnectAttempt += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.stopped) return;
      // Offline: the `online` event sends them (retry()); until then only wait on.
      if (typeof navigator !== 'undefined' && navigator.onLine === false) {
        this.scheduleReconnect();
        return;
      }
      this.requeue((entry) => entry.waiting);
    }, delay);
  }

  private cancelReconnect(): void {
    if (this.reconnectTimer !== null) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }

  private changed(): void {
    this.snapshot = this.computeSnapshot();
    for (const listener of this.listeners) listener();
  }

  private computeSnapshot(): UploadQueueSnapshot {
    const questions = this.options.questionIds.map((questionId): QuestionUpload => {
      const entry = this.entries.get(questionId);
      if (entry) {
        return {
          questionId,
          status: entry.status,
          bytesSent: entry.bytesSent,
          bytesTotal: entry.take.blob.size,
          error: entry.error,
          refused: entry.refused,
          waiting: entry.waiting,
          fileId: null,
          url: null,
        };
      }
      const file = this.confirmed.get(questionId);
      return {
        questionId,
        status: file ? 'done' : 'none',
        bytesSent: 0,
        bytesTotal: 0,
        error: null,
        refused: false,
        waiting: false,
        fileId: file?.fileId ?? null,
        url: file?.url ?? null,
      };
    });
    const pending = this.entries.size;
    return {
      questions,
      sessionExpired: this.sessionExpired,
      pending,
      canSubmit:
        questions.length > 0 && pending === 0 && questions.every((q) => q.status === 'done'),
    };
  }

  /** Starts the next queued take in question order when nothing runs. */
  private pump(): void {
    if (this.active || this.sessionExpired || this.stopped) return;
    const next = this.options.questionIds
      .map((id) => this.entries.get(id))
      .find((entry) => entry?.status === 'queued');
    if (next) void this.send(next);
  }

  private isCurrent(entry: Entry): boolean {
    return this.active === entry && this.entries.get(entry.take.questionId) === entry;
  }

  private persist(entry: Entry, patch: Parameters<TakesStore['updateUpload']>[2]): void {
    void this.options.store
      .updateUpload(entry.take.key, entry.take.createdAt, patch)
      .catch(() => undefined);
  }

  private async send(entry: Entry): Promise<void> {
    const { take } = entry;
    const { options } = this;
    this.active = entry;
    entry.status = 'uploading';
    entry.error = null;
    this.changed();

    const upload: UploadLike = new options.Upload(take.blob, {
      endpoint: options.endpoint ?? uploadEndpoint,
      uploadUrl: entry.url,
      chunkSize: options.chunkSize ?? uploadChunkSize,
      retryDelays: options.retryDelays ?? uploadRetryDelays,
      metadata: {
        assignmentId: String(take.assignmentId),
        questionId: String(take.questionId),
        filetype: take.mimeType,
        filename: fileNameOf(take),
        duration: String(take.durationSeconds),
      },
      fingerprint: () => Promise.resolve(`practica-take:${take.key}:${take.createdAt}`),
      removeFingerprintOnSuccess: true,
      onBeforeRequest: (request) => {
        const token = options.token();
        if (token) request.setHeader('Authorization', `Bearer ${token}`);
      },
      onUploadUrlAvailable: () => {
        if (!this.isCurrent(entry)) return;
        entry.url = upload.url;
        this.persist(entry, { url: upload.url, status: 'uploading' });
      },
      onProgress: (bytesSent) => {
        if (!this.isCurrent(entry)) return;
        entry.bytesSent = bytesSent;
        entry.waiting = false;
        this.changed();
      },
      onChunkComplete: (_chunk, bytesAccepted) => {
        if (!this.isCurrent(entry)) return;
        this.reconnectAttempt = 0;
        this.persist(entry, { bytesSent: bytesAccepted });
      },
      onShouldRetry: (error) => {
        const again = shouldRetryUpload(error);
        // tus tries again after a request that got no answer: say it waits for the connection.
        if (again && statusOf(error) === 0 && this.isCurrent(entry) && !entry.waiting) {
          entry.waiting = true;
          this.changed();
        }
        return again;
      },
      onSuccess: ({ lastResponse }) => {
        if (!this.isCurrent(entry)) return;
        const file = confirmedFileOf(lastResponse.getBody());
        if (!file) {
          this.fail(entry, messages.somethingWentWrongTryLater, false);
          return;
        }
        void options.store
          .removeConfirmed(take.key, take.createdAt, file.fileId)
          .catch(() => undefined);
        this.entries.delete(take.questionId);
        this.confirmed.set(take.questionId, { questionId: take.questionId, ...file });
        this.active = null;
        this.reconnectAttempt = 0;
        this.changed();
        this.pump();
      },
      onError: (error) => {
        if (!this.isCurrent(entry)) return;
        const status = statusOf(error);
        if (status === 401 || status === 403) {
          entry.upload = null;
          entry.status = 'queued';
          entry.waiting = false;
          this.active = null;
          if (!this.sessionExpired) {
            this.sessionExpired = true;
            options.onSessionExpired?.();
          }
          this.changed();
          return;
        }
        if (status === 0) {
          // No answer at all: the take waits for the connection and is sent again by itself.
          this.fail(entry, messages.checkInternetConnection, false, true);
          this.scheduleReconnect();
          return;
        }
        const refused = status >= 400 && status < 500;
        const message = serverMessage(error) ?? messages.somethingWentWrongTryLater;
        this.fail(entry, message, refused);
      },
    });
    entry.upload = upload;

    if (!entry.url) {
      const previous = await upload.findPreviousUploads().catch(() => []);
      if (!this.isCurrent(entry) || this.stopped) return;
      if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
    }
    upload.start();
  }

  private fail(entry: Entry, message: string, refused: boolean, waiting = false): void {
    entry.upload = null;
    entry.status = 'failed';
    entry.error = message;
    entry.refused = refused;
    entry.waiting = waiting;
    this.active = null;
    this.persist(entry, { status: 'failed', error: refused ? message : null });
    this.changed();
    this.pump();
  }
}
