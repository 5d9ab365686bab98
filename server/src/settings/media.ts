/**
 * Media processing settings (decisions.md#media §2, operations.md 'Environment variables'): the variables
 * config.ts composes into `Config.media`, kept out of the media module so that config.ts imports no
 * module:
 *
 * - `MEDIA_CONCURRENCY`: media jobs one server process runs at once, default 1 (each ffmpeg uses
 *   the machine's cores on its own).
 * - `MEDIA_POLL_MS`: how often the worker looks for due jobs, default 5000 ms; 0 runs jobs only
 *   when asked (`app.media.drain()`), the default under NODE_ENV=test so tests decide when.
 * - `MEDIA_MAX_ATTEMPTS`: attempts before a job is Failed, default 3.
 * - `MEDIA_LEASE_SECONDS`: how long a claimed job is reserved for the worker that claimed it,
 *   default 120 s (renewed every third of it while the job runs): a killed worker's job is due
 *   again after at most this long.
 * - `MEDIA_ENCODE_THREADS`: threads the H.264 encoder of one encode may use, default unset
 *   (ffmpeg's choice: about one per core); the decoder and scaler keep their own. Bounds a
 *   worker's share of a many-core machine (operations.md 'Roles').
 * - `FFMPEG_PATH`, `FFPROBE_PATH`: the binaries to use instead of looking for them (tools.ts).
 */
import { z } from 'zod';

/** The environment variables of the media module, with their defaults. */
export const mediaEnvShape = {
  MEDIA_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  MEDIA_POLL_MS: z.coerce.number().int().min(0).max(3_600_000).optional(),
  MEDIA_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(3),
  MEDIA_LEASE_SECONDS: z.coerce.number().int().min(10).max(3600).default(120),
  MEDIA_ENCODE_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  FFMPEG_PATH: z.string().trim().min(1).optional(),
  FFPROBE_PATH: z.string().trim().min(1).optional(),
};

export const mediaEnvSchema = z.object(mediaEnvShape);

export interface MediaConfig {
  /** Jobs run at once per process. */
  concurrency: number;
  /** Worker poll period in milliseconds; 0: no polling (drain only). */
  pollMs: number;
  /** Attempts before a job is Failed. */
  maxAttempts: number;
  /** How long a claimed job is reserved for its worker, in milliseconds (renewed while it runs). */
  leaseMs?: number | undefined;
  /** Threads one encode may use; undefined: ffmpeg's choice (about one per core). */
  encodeThreads?: number | undefined;
  ffmpegPath: string | undefined;
  ffprobePath: string | undefined;
}

/** Maps parsed variables (and NODE_ENV, for the poll default) to the media configuration. */
export function mediaConfigFrom(
  e: z.output<typeof mediaEnvSchema> & { NODE_ENV: string },
): MediaConfig {
  return {
    concurrency: e.MEDIA_CONCURRENCY,
    pollMs: e.MEDIA_POLL_MS ?? (e.NODE_ENV === 'test' ? 0 : 5000),
    maxAttempts: e.MEDIA_MAX_ATTEMPTS,
    leaseMs: e.MEDIA_LEASE_SECONDS * 1000,
    encodeThreads: e.MEDIA_ENCODE_THREADS,
    ffmpegPath: e.FFMPEG_PATH,
    ffprobePath: e.FFPROBE_PATH,
  };
}
