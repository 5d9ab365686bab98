/**
 * A trainee's answer videos (decisions.md#files, 'Assignments and answers'): each upload is bound
 * to one question of one of my answers from its start, and its finished content becomes my answer
 * item of that question. The tus endpoint (uploads-routes.ts) and the demo seed's in-process API
 * call the same two steps:
 *
 * 1. `beginAnswerVideo`, when the upload is created: the metadata (`answerVideoUploadMetadataSchema`),
 *    then the same rules as saving the item (PUT /me/assignments/{id}/answers: my assignment,
 *    Active, not past due, my answer Pending, the question in the interview), then the files
 *    module's reservation (video limit 100 MB: 413; daily volume: 429), a Pending file row that
 *    holds its room in my daily volume while the bytes arrive.
 * 2. `finishAnswerVideo`, when the last byte arrived: the files module stores the content (real
 *    size, daily volume and magic bytes checked as for every upload; on S3 the finished object is
 *    copied inside the bucket and checked there, never read through the server), then the item is saved
 *    through the me service's save path (a replaced video is deleted as there; its media job queued
 *    when `files.mediaProcessing`, the app's `app.media.processing`). A refused upload
 *    keeps nothing: its reservation and bytes are removed, and the bytes it brought stay counted
 *    in my daily volume (the files module's ledger).
 */
import { Readable } from 'node:stream';
import {
  MediaType,
  answerVideoExtension,
  answerVideoUploadMetadataSchema,
  humanIssueMessage,
  messages,
  type Actor,
  type AnswerVideoUploadMetadata,
  type AnswerVideoUploadResult,
} from '@practica/contract';
import { AppError, NotFoundError, ValidationError } from '../../errors.js';
import {
  deleteUnusedFiles,
  discardPendingUpload,
  pendingUploadOf,
  removeStoredFiles,
  reserveUpload,
  storeUpload,
  storeUploadByCopy,
  type FilesDeps,
} from '../files/index.js';
import type { MediaDeps } from '../media/index.js';
import { requireAnswerableQuestion, saveMyItems } from './service.js';

/**
 * Reads an upload's metadata (tus `Upload-Metadata`: text values, null for a key without one).
 * Throws 400 with the first problem's message ('This file type is not allowed.', 'The duration must
 * be a number of seconds.', 'Id must be a positive whole number!') and one detail per problem.
 */
export function parseAnswerVideoMetadata(
  metadata: Readonly<Record<string, string | null>> | undefined,
): AnswerVideoUploadMetadata {
  const result = answerVideoUploadMetadataSchema.safeParse(metadata ?? {}, {
    error: humanIssueMessage,
  });
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  throw new ValidationError(details[0]?.message ?? messages.validationFailed, details);
}

/**
 * Step 1: starts an answer video of `size` bytes (undefined: not declared, 400) for `actor`.
 * Throws 403 for staff, 404 when the assignment is not mine, 400 as saving the item would (closed,
 * past due, already submitted, question not in the interview), 413 over the video limit, 429 over
 * what is left of my daily volume. Nothing is written then. Answers the id of the reserved file.
 */
export async function beginAnswerVideo(
  files: FilesDeps,
  actor: Actor,
  metadata: AnswerVideoUploadMetadata,
  size: number | undefined,
): Promise<number> {
  if (size === undefined) throw new ValidationError(messages.uploadLengthRequired);
  const extension = answerVideoExtension(metadata.filetype);
  if (!extension) throw new ValidationError(messages.fileTypeNotAllowed);
  await requireAnswerableQuestion(files.db, actor, metadata.assignmentId, metadata.questionId);
  const row = await reserveUpload(files, actor, {
    name: metadata.filename ?? `answer.${extension}`,
    extension,
    fileTypeId: MediaType.Video,
    size,
  });
  return row.id;
}

/**
 * True for a refusal of the upload itself (an AppError below 500), which ends it; a failure of
 * ours (a failing store's 503, any other error) keeps it for the client's retry.
 */
export function isUploadRefusal(error: unknown): error is AppError {
  return error instanceof AppError && error.statusCode < 500;
}

/**
 * Step 2: stores `content` (`size` bytes) as the reserved file `fileId` of `actor` and saves it as
 * my answer item of the metadata's question with its `duration`. Throws 404 when the reservation is
 * gone (swept, cancelled or finished already), the files module's refusals (400 'This file type
 * is not allowed.' for content that is not the declared container, 413, 429) and the save's (400
 * when the answer was submitted or the assignment closed meanwhile); the reservation and any
 * stored bytes are removed then, the `size` bytes received written to my ledger. A failure of
 * ours while storing (the store's 503, or anything not an AppError) keeps the reservation, so the
 * same content can be finished again. `content` is a stream of the bytes, or `{ objectKey }`, the
 * finished upload's object in the files' own bucket (S3), which is copied there and checked
 * without its bytes crossing the server (the files module's `storeUploadByCopy`). Answers the
 * file id and its signed read URL.
 */
export async function finishAnswerVideo(
  files: FilesDeps & MediaDeps,
  actor: Actor,
  upload: { fileId: number; metadata: AnswerVideoUploadMetadata },
  content: Readable | { objectKey: string },
  size: number,
): Promise<AnswerVideoUploadResult> {
  const destroy = () => {
    if (content instanceof Readable) content.destroy();
  };
  const row = await pendingUploadOf(files.db, upload.fileId, actor.id);
  if (!row) {
    destroy();
    throw new NotFoundError();
  }
  let stored;
  try {
    stored =
      content instanceof Readable
        ? await storeUpload(files, row, { contentLength: String(size), body: content })
        : await storeUploadByCopy(files, row, content.objectKey, size);
  } catch (error) {
    destroy();
    // A refusal ends the upload; a failure of ours (storage, database) keeps it for a retry.
    if (isUploadRefusal(error)) await discardPendingUpload(files, row.id, size);
    throw error;
  }
  const { assignmentId, questionId, duration } = upload.metadata;
  try {
    await saveMyItems(files, actor, assignmentId, {
      items: [{ questionId, fileId: stored.id, duration }],
    });
  } catch (error) {
    const keys = await files.db.transaction((tx) => deleteUnusedFiles(tx, [stored.id]));
    await removeStoredFiles(files, keys);
    throw error;
  }
  return { fileId: stored.id, url: files.urls.sign(stored.storageKey) };
}

/**
 * Both steps at once for content already in hand (the demo seed, in process): the same checks and
 * errors as the tus endpoint. Answers the file id and its signed read URL.
 */
export async function uploadAnswerVideo(
  files: FilesDeps & MediaDeps,
  actor: Actor,
  metadata: AnswerVideoUploadMetadata,
  bytes: Buffer,
): Promise<AnswerVideoUploadResult> {
  const fileId = await beginAnswerVideo(files, actor, metadata, bytes.length);
  return finishAnswerVideo(
    files,
    actor,
    { fileId, metadata },
    Readable.from([bytes]),
    bytes.length,
  );
}
