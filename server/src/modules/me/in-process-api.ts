/**
 * `TraineeApi` in process (the demo seed): the same service functions the `/me/…` routes call, and
 * the files module's own upload path (`createUpload`, then `receiveUpload` with the signed URL it
 * answered: size and magic bytes checked, bytes stored through the storage driver, file Ready).
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  MediaType,
  defaultUploadMaxBytesPerDay,
  normalizeExtension,
  uploadUrlLifetimeMs,
  type Actor,
  type MeAssignmentListItem,
} from '@practica/contract';
import type { Db } from '../../db/client.js';
import type { StorageDriver } from '../../lib/storage/index.js';
import { createUpload, receiveUpload, type FilesDeps } from '../files/index.js';
import { createUploadSigner } from '../files/index.js';
import * as service from './service.js';
import type { TraineeApi } from './trainee-session.js';

/** Page size used to read all of a trainee's assignments. */
const pageSize = 100;

/** The mobile API of `actor` (a trainee) over `db`, storing uploads with `storage`. */
export function inProcessTraineeApi(
  deps: { db: Db; storage: StorageDriver },
  actor: Actor,
): TraineeApi {
  const files: FilesDeps = {
    db: deps.db,
    storage: deps.storage,
    // Signed and verified here only: any key will do.
    signer: createUploadSigner(randomBytes(32).toString('hex'), uploadUrlLifetimeMs),
    maxBytesPerDay: defaultUploadMaxBytesPerDay,
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
    getAssignment: (id) => service.getMyAssignment(deps.db, actor, id),
    startPractice: (id) => service.startPractice(deps.db, actor, id),
    async uploadVideo(video) {
      const extension = normalizeExtension(video.name.split('.').pop() ?? '');
      const ticket = await createUpload(files, actor, {
        name: video.name,
        extension,
        fileTypeId: MediaType.Video,
        size: video.bytes.length,
      });
      const url = new URL(ticket.url, 'http://in-process');
      await receiveUpload(files, {
        key: decodeURIComponent(url.pathname.replace(/^\/files\/upload\//, '')),
        expires: url.searchParams.get('expires'),
        signature: url.searchParams.get('signature'),
        contentLength: String(video.bytes.length),
        body: Readable.from([video.bytes]),
      });
      return ticket.id;
    },
    saveItems: (id, items) => service.saveMyItems(files, actor, id, { items }),
    submit: (id) => service.submitMine(deps.db, actor, id),
  };
}
