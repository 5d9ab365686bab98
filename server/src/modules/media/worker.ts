/**
 * The media worker (decisions.md#media §2), shaped like the mail worker: runs due media jobs, at most
 * `concurrency` at once in this process, with retries and backoff; a job is never lost by a crash
 * or a restart.
 *
 * - `wake()` runs a round now (after the one in progress, which also picks up what is due):
 *   the plugin calls it when a transaction that queued jobs commits (notify.ts), so a new
 *   recording does not wait for the next poll. Wakes while a round is waiting to start add none.
 * - A failure the recording causes (`MediaContentError`: not readable as its type, too long, over
 *   its time bound) fails the job for good at once, its reason kept as `[reason] …` at the start
 *   of `last_error`: retrying would only delay the other trainees' videos again.
 *
 * - Claiming takes a lease (`claimDueJobs`: FOR UPDATE SKIP LOCKED, `next_attempt_at` moved
 *   `leaseMs` ahead); a running job renews it every third of `leaseMs`, so two copies never run one
 *   job at once, and a copy that dies leaves the job due again when the lease runs out.
 * - A failed attempt is retried after `retryBaseMs` · 2^(attempts−1), at most 1 hour; after
 *   `maxAttempts` attempts the job is Failed with `last_error` and the item's media status Failed
 *   (staff may queue it again).
 * - Stopping kills the running ffmpeg and gives its job back due now, the attempt not counted, so a
 *   server shutting down neither waits for a long transcode nor spends the job's attempts.
 * - Each attempt that ends (not one stopped) is told to `onJobDone` with its path, outcome and
 *   seconds: the app's media job duration histogram (modules/metrics, operations.md 'Metrics').
 */
import type { Db } from '../../db/client.js';
import { backoffDelayMs, errorText, startPollingWorker } from '../../lib/polling-worker.js';
import type { StorageDriver } from '../../lib/storage/index.js';
import { runMediaJob, type JobOutcome } from './job.js';
import { MediaContentError } from './tools.js';
import {
  claimDueJobs,
  extendLease,
  failJobAttempt,
  releaseJob,
  type MediaJobRow,
} from './repository.js';
import type { MediaTools } from './tools.js';

/** The logger calls the worker makes (pino and Fastify's logger fit). */
export interface MediaLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** An attempt of a media job that ended, as `onJobDone` is told it. */
export interface MediaJobDone {
  /** How the playback MP4 was made: 'copy', 'encode', or 'none' (no MP4 made, or the attempt failed). */
  path: 'copy' | 'encode' | 'none';
  /** The job's outcome, or 'retry' (failed, due again after a backoff), or 'failed' (for good). */
  outcome: JobOutcome | 'retry' | 'failed';
  /** Wall time of the attempt, from its claim to its record, in seconds. */
  seconds: number;
}

export interface MediaWorkerOptions {
  db: Db;
  storage: StorageDriver;
  tools: MediaTools;
  log: MediaLog;
  /** Poll period in milliseconds; 0: no polling, jobs run on `drain()` only. */
  pollMs: number;
  /** Jobs run at once (default 1). */
  concurrency?: number;
  /** Attempts before a job is Failed (default 3). */
  maxAttempts?: number;
  /** How long a claimed job is reserved for this worker, milliseconds (default 2 minutes; renewed while it runs). */
  leaseMs?: number;
  /** First retry delay in milliseconds (default 30 s), doubled per attempt up to 1 hour. */
  retryBaseMs?: number;
  /** The least time bound of a job in milliseconds (default 30 s; limits.ts). */
  minBoundMs?: number;
  /** How often a running job checks it is still wanted, in milliseconds (default 2 s). */
  watchMs?: number;
  /** Told of each attempt that ended (not of one stopped with the worker); what it throws is ignored. */
  onJobDone?: ((done: MediaJobDone) => void) | undefined;
}

export interface MediaWorker {
  /** Runs every job due now, round after round, and answers how many were attempted. */
  drain(): Promise<number>;
  /** Runs a round soon, in the background (jobs were just queued); never throws. */
  wake(): void;
  /** Stops polling, kills the jobs in progress (they are given back, due now) and waits for them. */
  stop(): Promise<void>;
}

/** Starts the worker: a first round at once when polling, then one every `pollMs`; the timer does not keep the process alive. */
export function startMediaWorker(options: MediaWorkerOptions): MediaWorker {
  const { db, log, pollMs } = options;
  const concurrency = options.concurrency ?? 1;
  const maxAttempts = options.maxAttempts ?? 3;
  const leaseMs = options.leaseMs ?? 2 * 60 * 1000;
  const retryBaseMs = options.retryBaseMs ?? 30_000;
  const stopping = new AbortController();

  async function attempt(job: MediaJobRow): Promise<void> {
    const renew = setInterval(() => {
      extendLease(db, job, leaseMs).catch((err: unknown) =>
        log.warn({ jobId: job.id, err }, 'could not renew a media job lease'),
      );
    }, leaseMs / 3).unref();
    const started = performance.now();
    const ms = () => Math.round(performance.now() - started);
    const done = (path: MediaJobDone['path'], outcome: MediaJobDone['outcome']) => {
      try {
        options.onJobDone?.({ path, outcome, seconds: (performance.now() - started) / 1000 });
      } catch (err) {
        log.warn({ jobId: job.id, err }, 'media job listener failed');
      }
    };
    try {
      const { outcome, path } = await runMediaJob({ ...options, signal: stopping.signal }, job);
      done(path ?? 'none', outcome);
      log.info(
        { jobId: job.id, itemId: job.answerItemId, outcome, path, ms: ms() },
        'media job finished',
      );
    } catch (error) {
      if (stopping.signal.aborted) {
        await releaseJob(db, job);
        log.info({ jobId: job.id, itemId: job.answerItemId }, 'media job stopped; due again');
        return;
      }
      const content = error instanceof MediaContentError;
      const final = content || job.attempts >= maxAttempts;
      const retryInMs = backoffDelayMs(job.attempts, retryBaseMs);
      const text = content ? `[${error.reason}] ${error.message}` : errorText(error);
      await failJobAttempt(db, job, { error: text, retryInMs, final });
      done('none', final ? 'failed' : 'retry');
      const entry = { jobId: job.id, itemId: job.answerItemId, attempts: job.attempts, ms: ms() };
      if (final) log.error({ ...entry, err: text }, 'media job failed for good');
      else log.warn({ ...entry, err: text, retryInMs }, 'media job failed; will retry');
    } finally {
      clearInterval(renew);
    }
  }

  /** A woken round is queued and has not started yet: another wake adds nothing. */
  let wakeQueued = false;

  async function round(isStopped: () => boolean): Promise<number> {
    wakeQueued = false;
    let attempted = 0;
    while (!isStopped()) {
      const jobs = await claimDueJobs(db, { limit: concurrency, leaseMs });
      if (jobs.length === 0) break;
      // Claimed jobs are finished even when stopping, so none waits for its lease to run out.
      await Promise.all(
        jobs.map((job) =>
          attempt(job).catch((err: unknown) =>
            log.error({ jobId: job.id, err }, 'could not record the media job attempt'),
          ),
        ),
      );
      attempted += jobs.length;
    }
    return attempted;
  }

  const polling = startPollingWorker({
    pollMs,
    round,
    onRoundError: (error) => log.error({ err: error }, 'media worker round failed'),
    onStop: () => stopping.abort(),
  });
  return {
    drain: () => polling.drain(),
    stop: () => polling.stop(),
    wake() {
      if (wakeQueued || stopping.signal.aborted) return;
      wakeQueued = true;
      polling.drain().catch((err: unknown) => {
        wakeQueued = false;
        log.error({ err }, 'media worker round failed');
      });
    },
  };
}
