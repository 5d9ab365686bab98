/**
 * One media job (decisions.md#media §2). The item's video, fetched from storage to a temporary file as a
 * stream, is probed as the type its extension claims (tools.ts: container, codecs, real duration
 * from its packets). A recording longer than `recordingCapSeconds` fails as too long. Otherwise a
 * new, non-fragmented MP4 with its index first is made:
 *
 * - 'copy': H.264 video a browser plays (8-bit 4:2:0, constrained baseline, main or high) in MP4 or
 *   WebM/Matroska is copied bit for bit, audio copied when AAC, else encoded to AAC: a Safari or
 *   Chromium recording costs next to no CPU;
 * - 'encode': anything else (VP8, VP9 …) is encoded at a speech-fit profile.
 *
 * A JPEG poster is taken about a second into that MP4; both are stored through the storage driver
 * as files owned like the original (same creator and organization, server-made keys) and attached
 * to the item with its probed duration, in one transaction.
 *
 * Bounds (limits.ts): from the first probe on, the job's ffmpeg work must end within
 * `jobBoundMs(duration)` (fetching and storing are storage work, not counted), each run capped in
 * CPU time too; past it, a `MediaContentError('too-slow')`. Failures the recording causes are
 * MediaContentErrors, which the worker records as final at once.
 *
 * A job is wanted only while its item shows its source video and its owner (the answer's user)
 * exists undeleted: checked before starting and every `jobWatchMs` while it runs. Otherwise
 * ffmpeg is killed and the job ends without effect ('skipped'), or, for a soft-deleted owner, is
 * put aside unprocessed ('parked'). Nothing it made is left behind: its stored outputs are
 * discarded and the temporary folder is removed whatever happens.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { MediaType } from '@practica/contract';
import type { Db } from '../../db/client.js';
import { FileStatus } from '../../db/schema/index.js';
import { newStorageKey, type StorageDriver } from '../../lib/storage/index.js';
import { discardPendingUpload } from '../files/index.js';
import {
  cpuLimitSeconds,
  jobBoundMs,
  jobWatchMs,
  minJobBoundMs,
  ownerDeletedRetryMs,
  recordingCapSeconds,
} from './limits.js';
import {
  completeJob,
  finishJobWithoutEffect,
  jobSource,
  jobStillWanted,
  parkJob,
  reserveOutputs,
  type MediaJobRow,
  type OutputFile,
} from './repository.js';
import {
  MediaContentError,
  canCopyVideo,
  copyToMp4,
  encodeToMp4,
  makePoster,
  probeVideo,
  type MediaTools,
  type ToolOptions,
} from './tools.js';

/** What a job needs. */
export interface MediaJobDeps {
  db: Db;
  storage: StorageDriver;
  tools: MediaTools;
  /** Aborts the job (the server is stopping): ffmpeg is killed and the job throws. */
  signal?: AbortSignal | undefined;
  /** The least time bound of a job in milliseconds (default `minJobBoundMs`, 30 s). */
  minBoundMs?: number | undefined;
  /** How often a running job checks it is still wanted, in milliseconds (default 2 s). */
  watchMs?: number | undefined;
}

/**
 * How a job ended: 'done' (the item is Ready), 'skipped' (the item moved on or its owner was
 * erased: nothing changed), 'parked' (its owner is soft-deleted: due again later, not processed).
 */
export type JobOutcome = 'done' | 'skipped' | 'parked';

/** A job's outcome and, when it got that far, how the playback MP4 was made. */
export interface JobResult {
  outcome: JobOutcome;
  /** 'copy' (video copied), 'encode' (video encoded), or null when no MP4 was made. */
  path: 'copy' | 'encode' | null;
}

/** The size of a file the job wrote, or 0 when it is missing or empty. */
async function sizeOf(file: string): Promise<number> {
  return (await stat(file).catch(() => null))?.size ?? 0;
}

/** `name` with its extension replaced by `extension` (display names only). */
function renamed(name: string, extension: string): string {
  const base = name.replace(/\.[^.]*$/, '') || 'answer';
  return `${base}.${extension}`;
}

/** Why a job was stopped before its end by its watch. */
type Unwanted = 'moved-on' | 'owner-deleted';

/**
 * Runs `job` (see the module note) and answers how it ended. Throws MediaContentError when the
 * recording is to blame (final), another error on a failure worth retrying (storage, database,
 * a tool that would not start), or the abort when `deps.signal` stopped it; what it stored is
 * removed first.
 */
export async function runMediaJob(deps: MediaJobDeps, job: MediaJobRow): Promise<JobResult> {
  const { db, storage, tools } = deps;
  const source = await jobSource(db, job);
  if (!source || source.fileId !== job.sourceFileId || source.fileStatus !== FileStatus.Ready)
    return endUnwanted(db, job, 'moved-on', null);
  if (source.ownerDeleted) return endUnwanted(db, job, 'owner-deleted', null);

  const unwanted = new AbortController();
  const signal = deps.signal ? AbortSignal.any([deps.signal, unwanted.signal]) : unwanted.signal;
  let checking = false;
  const watch = setInterval(() => {
    if (checking || unwanted.signal.aborted) return;
    checking = true;
    jobStillWanted(db, job)
      .then((verdict) => {
        if (verdict !== 'wanted') unwanted.abort(verdict);
      })
      // The database did not answer: check again at the next tick.
      .catch(() => undefined)
      .finally(() => (checking = false));
  }, deps.watchMs ?? jobWatchMs).unref();

  const dir = await mkdtemp(path.join(os.tmpdir(), 'practica-media-'));
  let conversion: JobResult['path'] = null;
  try {
    const input = path.join(dir, `source.${source.extension}`);
    await pipeline(storage.createReadStream(source.storageKey), createWriteStream(input), {
      signal,
    });

    // The time bound starts with the first tool; until the probe tells the duration, the least one.
    const started = performance.now();
    const minBoundMs = deps.minBoundMs ?? minJobBoundMs;
    let boundMs = minBoundMs;
    const limits = (): ToolOptions => ({
      timeoutMs: Math.floor(started + boundMs - performance.now()),
      cpuSeconds: cpuLimitSeconds(boundMs),
      signal,
    });
    const probe = await probeVideo(tools, input, source.extension, limits());
    if (probe.duration !== null && probe.duration > recordingCapSeconds)
      throw new MediaContentError(
        'too-long',
        `the recording lasts ${Math.round(probe.duration)} s, over the ${recordingCapSeconds} s cap`,
      );
    boundMs = jobBoundMs(probe.duration, minBoundMs);

    const playback = path.join(dir, 'playback.mp4');
    conversion = canCopyVideo(probe) ? 'copy' : 'encode';
    if (conversion === 'copy')
      await copyToMp4(tools, input, source.extension, probe, playback, limits());
    else await encodeToMp4(tools, input, source.extension, probe, playback, limits());

    const poster = path.join(dir, 'poster.jpg');
    const duration = probe.duration;
    await makePoster(tools, playback, poster, Math.min(1, (duration ?? 0) / 2), limits());
    // A seek past the last frame writes nothing: take the first frame then.
    if ((await sizeOf(poster)) === 0) await makePoster(tools, playback, poster, 0, limits());
    if ((await sizeOf(poster)) === 0)
      throw new MediaContentError('unreadable', 'ffmpeg made no poster frame');
    if ((await sizeOf(playback)) === 0)
      throw new MediaContentError('unreadable', 'ffmpeg made an empty MP4');

    const owner = { createdById: source.createdById, organizationId: source.organizationId };
    const outputs: { file: string; row: OutputFile }[] = [
      {
        file: poster,
        row: {
          storageKey: newStorageKey('jpg'),
          name: renamed(source.name, 'jpg'),
          extension: 'jpg',
          fileTypeId: MediaType.Image,
          contentType: 'image/jpeg',
          size: await sizeOf(poster),
          ...owner,
        },
      },
      {
        file: playback,
        row: {
          storageKey: newStorageKey('mp4'),
          name: renamed(source.name, 'mp4'),
          extension: 'mp4',
          fileTypeId: MediaType.Video,
          contentType: 'video/mp4',
          size: await sizeOf(playback),
          ...owner,
        },
      },
    ];
    const ids = await reserveOutputs(
      db,
      outputs.map((o) => o.row),
    );
    let attached = false;
    try {
      for (const o of outputs)
        await storage.put(o.row.storageKey, createReadStream(o.file), o.row.size);
      signal.throwIfAborted();
      attached = await completeJob(db, job, {
        outputIds: ids,
        posterFileId: ids[0]!,
        playbackFileId: ids[1]!,
        duration,
      });
    } finally {
      if (!attached) {
        // Rows and bytes go the files module's way: removals queued durably with the delete.
        for (const id of ids)
          await discardPendingUpload({ db, storage }, id).catch(() => undefined);
      }
    }
    if (!attached) await finishJobWithoutEffect(db, job);
    return { outcome: attached ? 'done' : 'skipped', path: conversion };
  } catch (error) {
    // Its watch stopped it (and the server is not stopping): the job ends as the reason says.
    const reason = unwanted.signal.reason as Unwanted | undefined;
    if (unwanted.signal.aborted && !deps.signal?.aborted && reason)
      return endUnwanted(db, job, reason, conversion);
    throw error;
  } finally {
    clearInterval(watch);
    await rm(dir, { recursive: true, force: true });
  }
}

/** Ends `job` unprocessed: without effect when its item moved on, put aside when its owner is deleted. */
async function endUnwanted(
  db: Db,
  job: MediaJobRow,
  why: Unwanted,
  conversion: JobResult['path'],
): Promise<JobResult> {
  if (why === 'owner-deleted') {
    await parkJob(db, job, ownerDeletedRetryMs);
    return { outcome: 'parked', path: conversion };
  }
  await finishJobWithoutEffect(db, job);
  return { outcome: 'skipped', path: conversion };
}
