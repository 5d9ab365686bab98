/**
 * `mediaPlugin` (decisions.md#media §2): finds ffmpeg/ffprobe (tools.ts) when registered (this app's
 * `app.media.processing`, see switch.ts); when the app is ready starts the media worker on the files
 * module's storage driver and, when it polls, listens for queued jobs (notify.ts) to wake it at
 * once; both stop when the app closes. Without usable tools it logs once that videos play as
 * uploaded, and starts no worker. With `runLoops: false` (a `web` copy, operations.md 'Roles') it
 * starts neither: saved videos are still queued (`processing` follows the tools found here) and a
 * worker copy on the same database runs them, woken by the queue's notification.
 * Decorates `app.media = { tools, processing, drain(), wake(), onJobDone(listener) }` (the last
 * tells the metrics module each job attempt that ends). Register at the root, after
 * `filesPlugin`.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { MediaConfig } from '../../settings/media.js';
import { listenForQueuedJobs } from './notify.js';
import { findMediaTools, type MediaTools } from './tools.js';
import { startMediaWorker, type MediaJobDone, type MediaWorker } from './worker.js';

export interface MediaService {
  /** The binaries in use; null: media processing is off. */
  tools: MediaTools | null;
  /** Whether this app queues media jobs (`tools` found): the `MediaDeps` its services take. */
  processing: boolean;
  /** Runs every media job due now (tests); answers how many were attempted. */
  drain(): Promise<number>;
  /**
   * Starts the jobs due now in the background, without waiting for the next poll (jobs were just
   * queued outside the statements that notify); does nothing without a worker. Never throws.
   */
  wake(): void;
  /**
   * Adds `listener`, told of every job attempt this app's worker ends (path, outcome, seconds):
   * how the metrics module times media jobs without the media module knowing it.
   */
  onJobDone(listener: (done: MediaJobDone) => void): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    media: MediaService;
  }
}

export interface MediaPluginOptions extends MediaConfig {
  /** Whether this process runs the media jobs (default true); app.ts decides it from PRACTICA_ROLE. */
  runLoops?: boolean;
  /** Tools to use instead of looking for them (tests); null turns media processing off. */
  tools?: MediaTools | null;
  /** First retry delay in milliseconds (default 30 s). */
  retryBaseMs?: number;
}

export const mediaPlugin = fp(
  async (app: FastifyInstance, options: MediaPluginOptions) => {
    const found =
      options.tools !== undefined
        ? options.tools
        : findMediaTools({
            FFMPEG_PATH: options.ffmpegPath,
            FFPROBE_PATH: options.ffprobePath,
            PATH: process.env['PATH'],
          });
    const tools =
      found && options.encodeThreads ? { ...found, encodeThreads: options.encodeThreads } : found;
    let worker: MediaWorker | null = null;
    let unlisten: (() => Promise<void>) | null = null;
    const jobDoneListeners: ((done: MediaJobDone) => void)[] = [];

    app.decorate('media', {
      tools,
      processing: tools !== null,
      drain: async () => (worker ? worker.drain() : 0),
      wake: () => worker?.wake(),
      onJobDone: (listener) => void jobDoneListeners.push(listener),
    } satisfies MediaService);

    app.addHook('onReady', async () => {
      if (!tools) {
        app.log.warn(
          'No usable ffmpeg/ffprobe (install ffmpeg, or set FFMPEG_PATH and FFPROBE_PATH): answer videos are not ' +
            'converted to MP4 and play as uploaded (a Chrome WebM does not play on iPhones and iPads), without poster.',
        );
        return;
      }
      if (options.runLoops === false) {
        app.log.info({ ffmpeg: tools.ffmpeg }, 'media jobs are queued here and run by a worker');
        return;
      }
      app.log.info({ ffmpeg: tools.ffmpeg, ffprobe: tools.ffprobe }, 'media processing on');
      worker = startMediaWorker({
        db: app.db,
        storage: app.files.storage,
        tools,
        log: app.log,
        pollMs: options.pollMs,
        concurrency: options.concurrency,
        maxAttempts: options.maxAttempts,
        onJobDone: (done) => jobDoneListeners.forEach((listener) => listener(done)),
        ...(options.leaseMs ? { leaseMs: options.leaseMs } : {}),
        ...(options.retryBaseMs !== undefined ? { retryBaseMs: options.retryBaseMs } : {}),
      });
      // Polling off (tests): jobs run when asked, so no wake-ups either.
      if (options.pollMs > 0) {
        const started = worker;
        unlisten = await listenForQueuedJobs(app.db, () => started.wake(), app.log);
      }
    });
    app.addHook('preClose', async () => {
      await unlisten?.();
      unlisten = null;
      await worker?.stop();
      worker = null;
    });
  },
  { name: 'media', dependencies: ['db', 'files'] },
);
