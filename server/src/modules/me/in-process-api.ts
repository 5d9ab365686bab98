/**
 * `TraineeApi` in process (the demo seed): the same service functions the `/me/…` routes call, and
 * the answer-video upload's own two steps (uploads.ts: the creation's checks and reservation, then
 * the stored video — size and magic bytes checked, bytes in the storage driver — saved as the
 * item), without the tus protocol around them.
 */
import { randomBytes } from 'node:crypto';
import {
  defaultUploadMaxBytesPerDay,
  uploadUrlLifetimeMs,
  type Actor,
  type MeAssignmentListItem,
} from '@practica/contract';
import { createUploadSigner, type FilesDeps } from '../files/index.js';
import type { MediaDeps } from '../media/index.js';
import * as service from './service.js';
import { sessionVideoType, type TraineeApi } from './trainee-session.js';
import { uploadAnswerVideo } from './uploads.js';

/** Page size used to read all of a trainee's assignments. */
const pageSize = 100;

/**
 * The mobile API of `actor` (a trainee) over `db`, storing uploads with `storage` and signing the
 * read URLs it answers with `urls`; saved videos queue their media jobs when `mediaProcessing`.
 */
export function inProcessTraineeApi(
  deps: Pick<FilesDeps, 'db' | 'storage' | 'urls'> & MediaDeps,
  actor: Actor,
): TraineeApi {
  const files: FilesDeps & MediaDeps = {
    db: deps.db,
    storage: deps.storage,
    // No signed upload URL is made on this path: any key will do.
    signer: createUploadSigner(randomBytes(32).toString('hex'), uploadUrlLifetimeMs),
    urls: deps.urls,
    maxBytesPerDay: defaultUploadMaxBytesPerDay,
    mediaProcessing: deps.mediaProcessing,
  };
  return {
    async listAssignments() {
      const all: MeAssignmentListItem[] = [];
      for (let page = 1; ; page++) {
        const { list, count } = await service.listMyAssignmentsFor(deps.db, actor, {
          page,
          pageSize,
        });
        all.push(...list);
        if (list.length === 0 || all.length >= count) return all;
      }
    },
    getAssignment: (id) => service.getMyAssignment(deps, actor, id),
    startPractice: (id) => service.startPractice(deps, actor, id),
    async uploadAnswer(assignmentId, questionId, video) {
      const { fileId } = await uploadAnswerVideo(
        files,
        actor,
        {
          assignmentId,
          questionId,
          filetype: sessionVideoType(video),
          filename: video.name,
          duration: video.duration,
        },
        video.bytes,
      );
      return fileId;
    },
    submit: (id) => service.submitMine(deps, actor, id),
  };
}
