/**
 * One media job (issue 20 §2): the item's video, fetched from storage to a temporary file as a
 * stream, is probed (real duration, codecs, rotation); unless it already is an H.264/AAC MP4 it is
 * transcoded into one (tools.ts); a JPEG poster is taken about a second in; both are stored through
 * the storage driver as files owned like the original (same creator and organization, server-made
 * keys) and attached to the item with its probed duration, in one transaction. A job whose item no
 * longer shows its source video (re-recorded, deleted) ends without effect and leaves no output
 * behind. The temporary folder is removed whatever happens.
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
  completeJob,
  finishJobWithoutEffect,
  jobSource,
  reserveOutputs,
  type MediaJobRow,
  type OutputFile,
} from './repository.js';
import { isPlayableMp4, makePoster, probeVideo, transcodeToMp4, type MediaTools } from './tools.js';

/** What a job needs. */
export interface MediaJobDeps {
  db: Db;
  storage: StorageDriver;
  tools: MediaTools;
  /** Aborts the job (the server is stopping): ffmpeg is killed and the job throws. */
  signal?: AbortSignal | undefined;
}

/** How a job ended: done (the item is Ready), or skipped (the item moved on; nothing changed). */
export type JobOutcome = 'done' | 'skipped';

/** The size of a file the job wrote, or 0 when it is missing or empty. */
async function sizeOf(file: string): Promise<number> {
  return (await stat(file).catch(() => null))?.size ?? 0;
}

/** `name` with its extension replaced by `extension` (display names only). */
function renamed(name: string, extension: string): string {
  const base = name.replace(/\.[^.]*$/, '') || 'answer';
  return `${base}.${extension}`;
}

/**
 * Runs `job` (see the module note). Answers how it ended; throws on a failure worth retrying (the
 * video does not decode, storage or the database failed), after removing what it stored.
 */
export async function runMediaJob(deps: MediaJobDeps, job: MediaJobRow): Promise<JobOutcome> {
  const { db, storage, tools, signal } = deps;
  const run = { signal };
  const source = await jobSource(db, job);
  if (!source || source.fileId !== job.sourceFileId || source.fileStatus !== FileStatus.Ready) {
    await finishJobWithoutEffect(db, job);
    return 'skipped';
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'practica-media-'));
  try {
    const input = path.join(dir, `source.${source.extension}`);
    await pipeline(storage.createReadStream(source.storageKey), createWriteStream(input), run);
    const probe = await probeVideo(tools, input, run);
    const reuse = isPlayableMp4(probe, source.extension);
    let playback = input;
    let duration = probe.duration;
    if (!reuse) {
      playback = path.join(dir, 'playback.mp4');
      await transcodeToMp4(tools, input, playback, run);
      duration ??= (await probeVideo(tools, playback, run)).duration;
    }
    const poster = path.join(dir, 'poster.jpg');
    await makePoster(tools, playback, poster, Math.min(1, (duration ?? 0) / 2), run);
    // A seek past the last frame writes nothing: take the first frame then.
    if ((await sizeOf(poster)) === 0) await makePoster(tools, playback, poster, 0, run);
    if ((await sizeOf(poster)) === 0) throw new Error('ffmpeg made no poster frame');

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
    ];
    if (!reuse)
      outputs.push({
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
      });
    const ids = await reserveOutputs(
      db,
      outputs.map((o) => o.row),
    );
    let attached = false;
    try {
      for (const o of outputs)
        await storage.put(o.row.storageKey, createReadStream(o.file), o.row.size);
      attached = await completeJob(db, job, {
        outputIds: ids,
        posterFileId: ids[0]!,
        playbackFileId: reuse ? job.sourceFileId : ids[1]!,
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
    return attached ? 'done' : 'skipped';
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
