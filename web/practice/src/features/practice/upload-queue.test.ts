import 'fake-indexeddb/auto';
import { Blob as NodeBlob } from 'node:buffer';
import type { DetailedError, PreviousUpload, UploadOptions } from 'tus-js-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newTake, TakesStore, type Take } from './takes-store';
import {
  shouldRetryUpload,
  uploadChunkSize,
  UploadQueue,
  type UploadLike,
  type UploadQueueOptions,
} from './upload-queue';

// jsdom's Blob cannot be structured-cloned into IndexedDB; Node's can (browsers' too).
const blob = (size: number) =>
  new NodeBlob([new Uint8Array(size)], { type: 'video/webm' }) as unknown as Blob;

/** A tus upload whose server the test plays. */
class FakeUpload implements UploadLike {
  static instances: FakeUpload[] = [];
  static previous: PreviousUpload[] = [];
  url: string | null;
  started = false;
  aborted: boolean | null = null;
  resumedFrom: PreviousUpload | null = null;

  constructor(
    readonly file: Blob,
    readonly options: UploadOptions,
  ) {
    this.url = options.uploadUrl ?? null;
    FakeUpload.instances.push(this);
  }
  start() {
    this.started = true;
  }
  abort(shouldTerminate?: boolean) {
    this.aborted = shouldTerminate ?? false;
    return Promise.resolve();
  }
  findPreviousUploads() {
    return Promise.resolve(FakeUpload.previous);
  }
  resumeFromPreviousUpload(previous: PreviousUpload) {
    this.resumedFrom = previous;
    this.url = previous.uploadUrl;
  }

  /** The server created the upload at `url`. */
  created(url: string) {
    this.url = url;
    this.options.onUploadUrlAvailable?.();
  }
  progress(bytes: number) {
    this.options.onProgress?.(bytes, this.file.size);
    this.options.onChunkComplete?.(bytes, bytes, this.file.size);
  }
  succeed(fileId: number) {
    const body = JSON.stringify({ success: true, data: { fileId, url: `/files/${fileId}` } });
    this.options.onSuccess?.({ lastResponse: response(200, body) });
  }
  fail(status: number, body = '') {
    const error = Object.assign(new Error('tus: failed'), {
      originalRequest: {},
      originalResponse: status ? response(status, body) : null,
      causingError: null,
    }) as unknown as DetailedError;
    this.options.onError?.(error);
  }
}

function response(status: number, body: string) {
  return {
    getStatus: () => status,
    getHeader: () => undefined,
    getBody: () => body,
    getUnderlyingObject: () => null,
  };
}

const refusal = (message: string) => JSON.stringify({ success: false, message, data: null });

let dbCount = 0;
const stores: TakesStore[] = [];
function openStore() {
  const store = new TakesStore(`queue-test-${++dbCount}`);
  stores.push(store);
  return store;
}

const take = (questionId: number, createdAt = 1_000, size = 10) =>
  newTake({
    userId: 3,
    assignmentId: 7,
    questionId,
    blob: blob(size),
    mimeType: 'video/webm;codecs=vp9,opus',
    durationSeconds: 4.2,
    createdAt,
  });

function queueWith(store: TakesStore, overrides: Partial<UploadQueueOptions> = {}) {
  return new UploadQueue({
    assignmentId: 7,
    questionIds: [11, 12, 13],
    store,
    Upload: FakeUpload,
    token: () => 'token-1',
    ...overrides,
  });
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const last = () => FakeUpload.instances.at(-1)!;
/** Where the fake server creates the first upload. */
const u1 = 'http://server/api/me/uploads/u1';

/** Keeps each take on the device and hands it to the queue, as the recorder does; then lets it run. */
async function addTakes(store: TakesStore, queue: UploadQueue, ...takes: Take[]): Promise<void> {
  for (const t of takes) {
    await store.save(t);
    queue.add(t);
  }
  await flush();
}

/** A queue (with `overrides`) over a new store, sending `t`: kept on the device and started. */
async function sending(t: Take, overrides: Partial<UploadQueueOptions> = {}) {
  const store = openStore();
  const queue = queueWith(store, overrides);
  await addTakes(store, queue, t);
  return { store, queue, t };
}

/** The running upload is created at `u1`, sends 60 bytes, then its connection drops (no answer). */
function dropAfter60Bytes(): void {
  last().created(u1);
  last().progress(60);
  last().fail(0);
}

const statuses = (queue: UploadQueue) => queue.getSnapshot().questions.map((q) => q.status);

afterEach(async () => {
  FakeUpload.instances = [];
  FakeUpload.previous = [];
  vi.unstubAllGlobals();
  await Promise.all(stores.splice(0).map((s) => s.close()));
});

describe('upload queue', () => {
  it('sends one take at a time in question order, with the tus metadata and token', async () => {
    const store = openStore();
    const queue = queueWith(store);
    await addTakes(store, queue, take(13), take(12), take(11));
    expect(FakeUpload.instances).toHaveLength(1);
    const first = last();
    expect(first.options).toMatchObject({
      endpoint: '/api/me/uploads',
      chunkSize: uploadChunkSize,
      metadata: {
        assignmentId: '7',
        questionId: '13',
        filetype: 'video/webm;codecs=vp9,opus',
        filename: 'answer-7-13-1000.webm',
        duration: '4.2',
      },
    });
    expect(first.options.retryDelays!.length).toBeGreaterThan(3);
    const headers: Record<string, string> = {};
    void first.options.onBeforeRequest?.({
      setHeader: (k: string, v: string) => (headers[k] = v),
    } as never);
    expect(headers.Authorization).toBe('Bearer token-1');
    expect(await first.options.fingerprint!(first.file as File, first.options)).toBe(
      'practica-take:3:7:13:1000',
    );
    // Q13 was added first and started at once; the rest go in question order.
    first.succeed(103);
    await flush();
    expect(last().options.metadata!.questionId).toBe('11');
    last().succeed(101);
    await flush();
    expect(last().options.metadata!.questionId).toBe('12');
    expect(FakeUpload.instances.filter((u) => u.started)).toHaveLength(3);
  });

  it('sends an MP4 take as MP4: filetype with its codecs, and the .mp4 extension', async () => {
    await sending({ ...take(11), mimeType: 'video/mp4;codecs=avc1,opus' });
    expect(last().options.metadata).toMatchObject({
      filetype: 'video/mp4;codecs=avc1,opus',
      filename: 'answer-7-11-1000.mp4',
    });
  });

  it('never sends a take of 0 bytes kept by an earlier version: only a retake helps', async () => {
    const store = openStore();
    const queue = queueWith(store);
    queue.add({ ...take(11), blob: blob(0) });
    await flush();
    expect(FakeUpload.instances).toHaveLength(0);
    expect(queue.getSnapshot().questions[0]).toMatchObject({
      status: 'failed',
      refused: true,
      error: 'This answer holds no video. Select Retake to record it again.',
    });
    queue.retry();
    await flush();
    expect(FakeUpload.instances).toHaveLength(0);
    const retake = take(11, 2_000);
    await addTakes(store, queue, retake);
    expect(last().options.metadata!.filename).toBe('answer-7-11-2000.webm');
  });

  it('reports progress in bytes per question and removes a confirmed take from the device', async () => {
    const { store, queue, t } = await sending(take(11, 1_000, 100));
    last().created(u1);
    last().progress(40);
    expect(queue.getSnapshot().questions[0]).toMatchObject({
      status: 'uploading',
      bytesSent: 40,
      bytesTotal: 100,
    });
    await flush();
    expect((await store.read(t.key))!.upload).toMatchObject({
      url: u1,
      bytesSent: 40,
      status: 'uploading',
    });
    last().succeed(55);
    await flush();
    expect(queue.getSnapshot().questions[0]).toMatchObject({
      status: 'done',
      fileId: 55,
      url: '/files/55',
    });
    expect(await store.read(t.key)).toBeUndefined();
  });

  it('never lets submit before every question’s video is on the server', async () => {
    const store = openStore();
    const queue = queueWith(store, { confirmed: [{ questionId: 13, fileId: 9, url: null }] });
    expect(queue.getSnapshot()).toMatchObject({ canSubmit: false, pending: 0 });
    expect(statuses(queue)).toEqual(['none', 'none', 'done']);
    await addTakes(store, queue, take(11), take(12));
    expect(queue.getSnapshot()).toMatchObject({ canSubmit: false, pending: 2 });
    last().succeed(1);
    await flush();
    expect(queue.getSnapshot().canSubmit).toBe(false);
    last().succeed(2);
    await flush();
    expect(queue.getSnapshot()).toMatchObject({ canSubmit: true, pending: 0 });
    // A retake of a confirmed question holds submit back until it is on the server too.
    const retake = take(13, 2_000);
    await addTakes(store, queue, retake);
    expect(queue.getSnapshot().canSubmit).toBe(false);
    last().succeed(3);
    await flush();
    expect(queue.getSnapshot().canSubmit).toBe(true);
  });

  it('a retake replaces a running upload (aborted) and a failed one', async () => {
    const store = openStore();
    const queue = queueWith(store);
    const first = take(11, 1_000);
    await addTakes(store, queue, first);
    const running = last();
    const retake = take(11, 2_000);
    await addTakes(store, queue, retake);
    expect(running.aborted).toBe(true);
    expect(FakeUpload.instances).toHaveLength(2);
    expect(last().options.metadata!.filename).toBe('answer-7-11-2000.webm');
    // News of the aborted upload is ignored.
    running.succeed(99);
    expect(queue.getSnapshot().questions[0]!.status).toBe('uploading');

    last().fail(400, refusal('The video file is damaged.'));
    await flush();
    expect(queue.getSnapshot().questions[0]).toMatchObject({ status: 'failed', refused: true });
    const third = take(11, 3_000);
    await addTakes(store, queue, third);
    expect(queue.getSnapshot().questions[0]).toMatchObject({ status: 'uploading', error: null });
    expect(last().options.metadata!.filename).toBe('answer-7-11-3000.webm');
  });

  it('retries dropped connections and server errors, never 4xx refusals', () => {
    const error = (status: number) =>
      ({
        originalResponse: status ? response(status, '') : null,
      }) as unknown as DetailedError;
    expect(shouldRetryUpload(error(0))).toBe(true);
    for (const status of [500, 502, 503, 409, 423, 429]) {
      expect(shouldRetryUpload(error(status)), String(status)).toBe(true);
    }
    for (const status of [400, 401, 403, 404, 413, 415]) {
      expect(shouldRetryUpload(error(status)), String(status)).toBe(false);
    }
    vi.stubGlobal('navigator', { onLine: false });
    expect(shouldRetryUpload(error(0))).toBe(false);
  });

  it('a refusal keeps the server’s message as given and goes on with the next take', async () => {
    const store = openStore();
    const queue = queueWith(store);
    await addTakes(store, queue, take(11), take(12));
    last().fail(413, refusal('The file is larger than 100 MB.'));
    await flush();
    expect(queue.getSnapshot().questions[0]).toMatchObject({
      status: 'failed',
      refused: true,
      error: 'The file is larger than 100 MB.',
    });
    expect(last().options.metadata!.questionId).toBe('12');
    expect((await store.read('3:7:11'))!.upload).toMatchObject({
      status: 'failed',
      error: 'The file is larger than 100 MB.',
    });
    // retry() does not send a refused take again.
    last().succeed(2);
    await flush();
    const count = FakeUpload.instances.length;
    queue.retry();
    await flush();
    expect(FakeUpload.instances).toHaveLength(count);
    expect(queue.getSnapshot().canSubmit).toBe(false);
  });

  it('after a dropped connection, retry resumes from the kept upload URL', async () => {
    const { store, queue, t } = await sending(take(11, 1_000, 100));
    dropAfter60Bytes();
    await flush();
    expect(queue.getSnapshot().questions[0]).toMatchObject({
      status: 'failed',
      refused: false,
      error: 'Please check your internet connection!',
      bytesSent: 60,
    });
    // A reload: a new queue from the kept take.
    queue.stop();
    const reloaded = queueWith(store);
    reloaded.add((await store.read(t.key))!);
    await flush();
    expect(last().options.uploadUrl).toBe(u1);
    expect(last().started).toBe(true);
    expect(reloaded.getSnapshot().questions[0]).toMatchObject({
      status: 'uploading',
      bytesSent: 60,
    });
    last().fail(503);
    await flush();
    reloaded.retry();
    await flush();
    expect(last().options.uploadUrl).toBe(u1);
    expect(reloaded.getSnapshot().questions[0]!.status).toBe('uploading');
  });

  it('without a kept URL, resumes tus’s previous upload found by the fingerprint', async () => {
    const store = openStore();
    const queue = queueWith(store);
    const previous: PreviousUpload = {
      size: 10,
      metadata: {},
      creationTime: 'now',
      urlStorageKey: 'tus::practica-take:3:7:11:1000::1',
      uploadUrl: 'http://server/api/me/uploads/u9',
      parallelUploadUrls: null,
    };
    FakeUpload.previous = [previous];
    const t = take(11);
    await addTakes(store, queue, t);
    expect(last().resumedFrom).toBe(previous);
    expect(last().started).toBe(true);
  });

  it('a 401 pauses the queue as session-expired, keeps the takes, and resumes after sign-in', async () => {
    const store = openStore();
    const onSessionExpired = vi.fn();
    const queue = queueWith(store, { onSessionExpired });
    await addTakes(store, queue, take(11), take(12));
    last().created(u1);
    last().fail(401, refusal('Your session has expired. Please sign in again.'));
    await flush();
    expect(onSessionExpired).toHaveBeenCalledOnce();
    expect(queue.getSnapshot()).toMatchObject({ sessionExpired: true, pending: 2 });
    expect(statuses(queue)).toEqual(['queued', 'queued', 'none']);
    expect(FakeUpload.instances).toHaveLength(1);
    expect(await store.list(3, 7)).toHaveLength(2);
    queue.retry();
    await flush();
    expect(queue.getSnapshot().sessionExpired).toBe(false);
    expect(last().options.metadata!.questionId).toBe('11');
    expect(last().options.uploadUrl).toBe(u1);
  });

  it('after a reload a refused take stays refused until retaken', async () => {
    const store = openStore();
    const t = take(11);
    t.upload = { url: null, bytesSent: 0, status: 'failed', error: 'Unsupported video format.' };
    const queue = queueWith(store);
    queue.add(t);
    await flush();
    expect(FakeUpload.instances).toHaveLength(0);
    expect(queue.getSnapshot().questions[0]).toMatchObject({
      status: 'failed',
      refused: true,
      error: 'Unsupported video format.',
    });
  });

  it('an answer without a file id is a failure, not a confirmation', async () => {
    const { store, queue, t } = await sending(take(11));
    last().options.onSuccess?.({ lastResponse: response(204, '') });
    await flush();
    expect(queue.getSnapshot().questions[0]!.status).toBe('failed');
    expect(await store.read(t.key)).toBeDefined();
  });

  describe('a take whose upload gets no answer', () => {
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    it('waits for the connection instead of failing, and is sent again by itself', async () => {
      const { store, queue, t } = await sending(take(11, 1_000, 100), { reconnectDelays: [20] });
      dropAfter60Bytes();
      await flush();
      expect(queue.getSnapshot().questions[0]).toMatchObject({
        status: 'failed',
        refused: false,
        waiting: true,
        bytesSent: 60,
      });
      // Kept as not refused, so a reload sends it too.
      expect((await store.read(t.key))!.upload).toMatchObject({ status: 'failed', error: null });
      const tries = FakeUpload.instances.length;
      await pause(60);
      expect(FakeUpload.instances.length).toBe(tries + 1);
      expect(last().options.uploadUrl).toBe(u1);
      expect(last().started).toBe(true);
      expect(queue.getSnapshot().questions[0]).toMatchObject({
        status: 'uploading',
        waiting: false,
      });
      last().succeed(5);
      await flush();
      expect(queue.getSnapshot().canSubmit).toBe(false);
      expect(queue.getSnapshot().questions[0]!.status).toBe('done');
      queue.stop();
    });

    it('while the browser is offline, waits for the online event (retry) and then resumes', async () => {
      vi.stubGlobal('navigator', { onLine: false });
      const { queue } = await sending(take(11), { reconnectDelays: [10] });
      last().fail(0);
      const tries = FakeUpload.instances.length;
      await pause(80);
      expect(FakeUpload.instances.length).toBe(tries);
      expect(queue.getSnapshot().questions[0]).toMatchObject({ status: 'failed', waiting: true });
      vi.stubGlobal('navigator', { onLine: true });
      queue.retry(); // what the practice screen does on the browser's online event
      await flush();
      expect(FakeUpload.instances.length).toBe(tries + 1);
      expect(queue.getSnapshot().questions[0]).toMatchObject({
        status: 'uploading',
        waiting: false,
      });
      queue.stop();
    });

    it('says it waits while tus tries again, and stops saying so once bytes move', async () => {
      const { queue } = await sending(take(11, 1_000, 100));
      const dropped = {
        originalResponse: null,
      } as unknown as DetailedError;
      expect(last().options.onShouldRetry?.(dropped, 0, last().options)).toBe(true);
      expect(queue.getSnapshot().questions[0]).toMatchObject({
        status: 'uploading',
        waiting: true,
      });
      last().progress(40);
      expect(queue.getSnapshot().questions[0]).toMatchObject({
        status: 'uploading',
        waiting: false,
        bytesSent: 40,
      });
      queue.stop();
    });

    it('a server error is still a failure: no waiting, sent again only on retry', async () => {
      const { queue } = await sending(take(11), { reconnectDelays: [10] });
      last().fail(503);
      const tries = FakeUpload.instances.length;
      await pause(50);
      expect(FakeUpload.instances.length).toBe(tries);
      expect(queue.getSnapshot().questions[0]).toMatchObject({ status: 'failed', waiting: false });
      queue.stop();
    });

    it('leaving the page stops the timer: nothing is sent after stop()', async () => {
      const { queue } = await sending(take(11), { reconnectDelays: [10] });
      last().fail(0);
      queue.stop();
      const tries = FakeUpload.instances.length;
      await pause(50);
      expect(FakeUpload.instances.length).toBe(tries);
    });
  });
});
