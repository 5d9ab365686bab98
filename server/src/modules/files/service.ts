/**
 * Uploads and serving of files (000 §7 'Files', decisions.md#files).
 *
 * 1. `createUpload`: `reserveUpload` (checks the declared type and size and the uploader's daily
 *    volume, creates a Pending row), then answers a signed PUT URL (15 minutes).
 * 2. `receiveUpload`: the signed PUT; checks the signature, then `storeUpload`: the real size
 *    while streaming (the type's limit and what is left of the uploader's daily volume) and the
 *    magic bytes of the real content (media-check.ts), stores the bytes and marks the row Ready.
 *    The trainees' resumable video uploads (me/uploads.ts) reserve and store through the same two
 *    functions, and give up a refused one with `discardPendingUpload`.
 *    Direct uploads (S3): the presigned PUT names the row's `uploadKey`, which stays writable while
 *    the URL lives; `completeUpload` copies it to the row's `storageKey`, which no URL names, and
 *    checks that copy, so the bytes served, processed and counted are the bytes checked.
 * 3. `openFile`: a Ready file for serving, behind a signed read URL (url.ts).
 * 4. Deletions (deletions.ts): other modules delete file rows in their transaction with
 *    `deleteUnusedFiles`, which queues the bytes for removal in it, and `removeStoredFiles` after
 *    the commit; the sweeps remove unfinished uploads and files nothing refers to.
 *
 * Daily volume: the bytes a user's uploads brought into storage in the last 24 hours (the ledger,
 * `upload_ledger`: stored files, refused objects, cancelled uploads' offsets, whatever became of
 * the files since) plus the declared size of its uploads still Pending may be at most
 * UPLOAD_MAX_BYTES_PER_DAY (2 GiB by default); beyond it POST /files/upload and the PUT answer 429
 * with messages.uploadDailyLimitReached and a Retry-After of when the oldest counted bytes leave
 * the 24 hours. Two PUTs of uploads that declared no size may race past the limit by one file each.
 *
 * A store that fails or refuses (StorageUnavailableError) is answered 503
 * messages.storageUnavailable with a Retry-After (`storageFailure`), never 500; nothing is lost.
 */
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import {
  MediaType,
  can,
  messages,
  normalizeExtension,
  uploadProblem,
  uploadRules,
  uploadUrlLifetimeMs,
  type Actor,
  type FileItem,
  type ImageRef,
  type ListData,
  type MediaTypeId,
  type PageQuery,
  type UploadRequest,
  type UploadRule,
  type UploadTicket,
} from '@practica/contract';
import type { Db, Tx } from '../../db/client.js';
import { FileStatus } from '../../db/schema/index.js';
import {
  AppError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  RateLimitedError,
  TooLargeError,
  UnavailableError,
  ValidationError,
} from '../../errors.js';
import {
  StorageConflictError,
  StorageLimitError,
  StorageUnavailableError,
  isStorageKey,
  newStorageKey,
  type StorageDriver,
} from '../../lib/storage/index.js';
import { removeStoredFiles } from './deletions.js';
import { contentMatchesExtension, sniffBytes } from './media-check.js';
import { fileRef, presentFile } from './presenter.js';
import { readHead } from './read-head.js';
import {
  bytesUploadedSince,
  deletePendingFile,
  findFileById,
  findFileByKey,
  insertPendingFile,
  listFilesOf,
  lockFile,
  markFileReady,
  recordReceivedBytes,
  type FileRow,
} from './repository.js';
import type { ReadSigner, UploadSigner } from './signing.js';

export interface FilesDeps {
  db: Db;
  storage: StorageDriver;
  /** Signs and checks upload (PUT) URLs. */
  signer: UploadSigner;
  /** Signs and checks read (GET) URLs: the app's signer, which presenters take (url.ts). */
  urls: ReadSigner;
  /** Bytes one user may upload in 24 hours (UPLOAD_MAX_BYTES_PER_DAY). */
  maxBytesPerDay: number;
  log?: FastifyBaseLogger;
  /** Set when `storage` takes direct uploads (S3): see `FileUseDeps`. */
  directUploads?: DirectUploads | undefined;
}

/** The app's storage that takes direct uploads (S3, presigned PUTs) and its daily volume. */
export type DirectUploads = Pick<FilesDeps, 'storage' | 'maxBytesPerDay' | 'log'>;

/**
 * What `requireUsableFile` needs: the database (or the caller's transaction) and, when the app's
 * storage takes direct uploads (S3), that storage (`app.files.directUploads`), so a Pending upload
 * whose bytes arrived in the bucket is checked on first use. Routes pass `app.files`.
 */
export interface FileUseDeps {
  db: Db | Tx;
  directUploads?: DirectUploads | undefined;
}

/** The period the daily upload volume counts over: the last 24 hours, in milliseconds. */
const volumePeriodMs = 24 * 60 * 60 * 1000;

/**
 * What is left of `userId`'s daily upload volume, in bytes (0 or less: nothing), not counting
 * the file `exceptId`, and the seconds until the oldest counted upload leaves the period.
 */
async function volumeLeft(
  deps: { db: Db | Tx; maxBytesPerDay: number },
  userId: number,
  exceptId?: number,
): Promise<{ left: number; retryAfterSeconds: number }> {
  const now = Date.now();
  const { bytes, oldest } = await bytesUploadedSince(
    deps.db,
    userId,
    new Date(now - volumePeriodMs),
    exceptId,
  );
  const retryAfterMs = oldest ? oldest.getTime() + volumePeriodMs - now : volumePeriodMs;
  return { left: deps.maxBytesPerDay - bytes, retryAfterSeconds: retryAfterMs / 1000 };
}

function volumeExceeded(retryAfterSeconds: number): RateLimitedError {
  return new RateLimitedError(messages.uploadDailyLimitReached, retryAfterSeconds);
}

/** What a client is told to wait after a store failure before trying again (Retry-After), seconds. */
const storageRetryAfterSeconds = 5;

/**
 * `error` as the API answers it: a failure of the store (StorageUnavailableError) becomes 503
 * 'Storage is unavailable, try again later.' with a Retry-After (the store's error as its cause,
 * for the log); anything else is answered as it is.
 */
export function storageFailure(error: unknown): unknown {
  return error instanceof StorageUnavailableError
    ? new UnavailableError(messages.storageUnavailable, storageRetryAfterSeconds, error)
    : error;
}

/**
 * Makes a display name safe: drops any path part ('../../etc/passwd.png' → 'passwd.png'),
 * control characters and surrounding spaces; 'file' when nothing is left. Never used as a path.
 */
export function safeDisplayName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  const clean = base
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
  return clean === '' || clean === '.' || clean === '..' ? 'file' : clean;
}

function ruleOf(fileTypeId: number): UploadRule {
  const rule = uploadRules[fileTypeId as MediaTypeId];
  if (!rule) throw new ValidationError(messages.fileTypeNotAllowed);
  return rule;
}

/**
 * Reserves an upload of `actor` (POST /files/upload, the trainees' video uploads): refuses a type
 * or extension not accepted (400, e.g. `messages.audioMustBeMp3`), a declared `size` (bytes,
 * optional) over the limit (413, e.g. `messages.imageTooLarge`)
 * and an upload over the actor's daily volume (429 `messages.uploadDailyLimitReached`,
 * also when nothing is left and no size is declared); otherwise creates and answers the Pending
 * row owned by `actor` and its organization (declared size 0 when none was given), which holds
 * its room in the daily volume until `storeUpload` fills it or the sweep removes it. With
 * `direct` (a presigned PUT to the store) the row also gets the `uploadKey` the URL will name.
 */
export async function reserveUpload(
  deps: FilesDeps,
  actor: Actor,
  body: UploadRequest,
  { direct = false }: { direct?: boolean } = {},
): Promise<FileRow> {
  const extension = normalizeExtension(body.extension);
  const problem = uploadProblem({ fileTypeId: body.fileTypeId, extension, size: body.size });
  if (problem?.status === 413) throw new TooLargeError(problem.message);
  if (problem) {
    const path = body.fileTypeId in uploadRules ? 'extension' : 'fileTypeId';
    throw new ValidationError(problem.message, [{ path, message: problem.message }]);
  }
  const rule = ruleOf(body.fileTypeId);
  const declaredSize = body.size ?? 0;
  const { left, retryAfterSeconds } = await volumeLeft(deps, actor.id);
  if (left <= 0 || declaredSize > left) throw volumeExceeded(retryAfterSeconds);
  return insertPendingFile(deps.db, {
    storageKey: newStorageKey(extension),
    uploadKey: direct ? newStorageKey(extension) : null,
    name: safeDisplayName(body.name),
    extension,
    fileTypeId: body.fileTypeId,
    contentType: rule.contentTypes[extension] ?? 'application/octet-stream',
    declaredSize,
    createdById: actor.id,
    organizationId: actor.organizationId,
  });
}

/**
 * POST /files/upload (000 §7): `reserveUpload` (400, 413, 429 as there), then answers `{id, url}`
 * with the PUT URL, valid 15 minutes: our own signed URL (local disk), or the store's presigned
 * URL of the row's `uploadKey` (S3; the declared size, when given, is signed as the only length
 * the store accepts), whose bytes `completeUpload` copies and checks when the file is first used.
 * 503 (`storageFailure`) when the store cannot sign; the reservation is given up then.
 */
export async function createUpload(
  deps: FilesDeps,
  actor: Actor,
  body: UploadRequest,
): Promise<UploadTicket> {
  const { presignPut } = deps.storage;
  const row = await reserveUpload(deps, actor, body, { direct: presignPut !== undefined });
  if (!presignPut || row.uploadKey === null)
    return { id: row.id, url: deps.signer.sign(row.storageKey) };
  try {
    const url = await presignPut.call(deps.storage, row.uploadKey, {
      expiresSeconds: uploadUrlLifetimeMs / 1000,
      contentLength: body.size ?? undefined,
    });
    return { id: row.id, url };
  } catch (error) {
    await discardPendingUpload(deps, row.id);
    throw storageFailure(error);
  }
}

export interface IncomingUpload {
  /** The storage key from the URL path. */
  key: string;
  /** `expires` and `signature` from the query, unchecked. */
  expires: unknown;
  signature: unknown;
  /** The Content-Length header, when sent. */
  contentLength?: string | undefined;
  body: Readable;
}

/**
 * The signed PUT (decisions.md#files). Throws 403 for a bad, tampered or expired signature;
 * 404 when the upload no longer exists; then `storeUpload`'s errors (409, 413, 429, 400). Answers
 * `{id, url}`.
 */
export async function receiveUpload(deps: FilesDeps, upload: IncomingUpload): Promise<ImageRef> {
  if (
    !isStorageKey(upload.key) ||
    !deps.signer.verify(upload.key, upload.expires, upload.signature)
  ) {
    throw new ForbiddenError(messages.tokenInvalidOrExpired);
  }
  const row = await findFileByKey(deps.db, upload.key);
  if (!row) throw new NotFoundError();
  return fileRef(deps.urls, await storeUpload(deps, row, upload))!;
}

/** What storing the reserved upload `row` may take: its rule, and what is left of the daily volume. */
interface UploadLimits {
  rule: UploadRule;
  volume: { left: number; retryAfterSeconds: number };
  /** The most bytes accepted: the type's limit or the volume left, whichever is smaller. */
  maxBytes: number;
}

async function uploadLimits(
  deps: { db: Db | Tx; maxBytesPerDay: number },
  row: FileRow,
): Promise<UploadLimits> {
  const rule = ruleOf(row.fileTypeId);
  const volume =
    row.createdById !== null
      ? await volumeLeft(deps, row.createdById, row.id)
      : { left: Infinity, retryAfterSeconds: 0 };
  return { rule, volume, maxBytes: Math.min(rule.maxBytes, volume.left) };
}

/**
 * The refusal of `size` bytes (undefined: not known yet) under `limits`, or null: 413 (the type's
 * too-large message) over the type's limit, 429 over what is left of the daily volume (also when
 * nothing is left).
 */
function sizeRefusal(limits: UploadLimits, size: number | undefined): AppError | null {
  const known = size !== undefined && Number.isFinite(size);
  if (known && size > limits.rule.maxBytes) return new TooLargeError(limits.rule.tooLargeMessage);
  if (limits.volume.left <= 0 || (known && size > limits.volume.left)) {
    return volumeExceeded(limits.volume.retryAfterSeconds);
  }
  return null;
}

/** The refusal (400, the type's wrong-type message) of content whose first bytes are not of `row`'s extension, or null. */
async function contentRefusal(
  limits: UploadLimits,
  head: Buffer,
  row: FileRow,
): Promise<AppError | null> {
  return (await contentMatchesExtension(head, row.extension))
    ? null
    : new ValidationError(limits.rule.wrongTypeMessage);
}

/**
 * Stores the content of the reserved upload `row` (every upload's path: the signed PUT and the
 * trainees' finished tus uploads). Throws 409 when it is already complete; 413 when the real
 * content is over the type's limit (even if the declared size lied); 429 when it is over what is
 * left of the uploader's daily volume; 400 (the type's wrong-type message) when the magic bytes
 * are not those of the row's extension (`contentMatchesExtension`); 404 when the row was swept
 * meanwhile; 503 (`storageFailure`) when the store fails. `contentLength`, when given, refuses
 * early. Nothing is stored on failure; the row stays Pending. Answers the Ready row with its real
 * size, written to the uploader's ledger in the same statement (`markFileReady`).
 */
export async function storeUpload(
  deps: FilesDeps,
  row: FileRow,
  upload: { contentLength?: string | undefined; body: Readable },
): Promise<FileRow> {
  if (row.status !== FileStatus.Pending) throw new ConflictError(messages.conflict);
  const limits = await uploadLimits(deps, row);
  const declared = sizeRefusal(limits, Number(upload.contentLength));
  if (declared) throw declared;

  const { head, whole } = await readHead(upload.body, sniffBytes);
  const wrongType = await contentRefusal(limits, head, row);
  if (wrongType) {
    whole.destroy();
    throw wrongType;
  }

  let size: number;
  try {
    ({ size } = await deps.storage.put(row.storageKey, whole, limits.maxBytes));
  } catch (error) {
    if (error instanceof StorageLimitError) throw sizeRefusal(limits, limits.maxBytes + 1)!;
    if (error instanceof StorageConflictError) throw new ConflictError(messages.conflict);
    throw storageFailure(error);
  }
  const ready = await markFileReady(deps.db, row.id, size);
  if (!ready) {
    // Swept meanwhile: the bytes belong to nothing.
    await deps.storage.delete(row.storageKey);
    throw new NotFoundError();
  }
  return ready;
}

/**
 * Checks the bytes that arrived in the store by themselves for the reserved upload `row` (S3's
 * presigned PUT to the row's `uploadKey`) and marks the row Ready, with the row locked so that
 * completions of one upload run one after the other:
 *
 * 1. HEAD of the upload key: an object plainly over the type's limit (413) or the daily volume
 *    (429) is refused before anything is copied.
 * 2. CopyObject of the upload key to the row's `storageKey`, which no URL names: a PUT arriving
 *    from now on changes the upload key only, never what is checked, served or processed.
 * 3. HEAD of the copy for the real size (413, 429), a ranged GET of its first bytes for the magic
 *    bytes (400, the type's wrong-type message).
 * 4. One statement (`markFileReady`): the row Ready with the copy's size, the size written to the
 *    ledger, and the upload key's removal queued for after its URL expired (a late PUT's object
 *    is removed then); right after, the upload key is removed.
 *
 * A refused object is removed (copy and upload key), its size written to the uploader's ledger,
 * and the row stays Pending (the PUT URL may be used again while it lives). Answers the Ready row
 * (`row` itself when already Ready), or undefined while nothing is stored for it (or when its
 * bytes come through our own PUT: local disk). Throws the refusals above, 404 when the row was
 * swept meanwhile, 503 (`storageFailure`) when the store fails (nothing changes then). `db`
 * defaults to `deps.db` (give the caller's transaction when inside one: the work runs in a
 * savepoint of it, and a copy left by a rolled-back completion is checked again next time).
 */
export async function completeUpload(
  deps: Pick<FilesDeps, 'storage' | 'maxBytesPerDay' | 'log'> & { db: Db | Tx },
  row: FileRow,
): Promise<FileRow | undefined> {
  if (row.status === FileStatus.Ready) return row;
  if (row.uploadKey === null || !deps.storage.copy) return undefined;
  let outcome: DirectCheck;
  try {
    outcome = await deps.db.transaction(async (tx) => {
      const locked = await lockFile(tx, row.id);
      if (!locked) return { refusal: new NotFoundError() };
      if (locked.status === FileStatus.Ready) return { ready: locked };
      if (locked.uploadKey === null) return {};
      return checkDirectUpload({ ...deps, db: tx }, locked, locked.uploadKey);
    });
  } catch (error) {
    throw storageFailure(error);
  }
  if (outcome.removeUploadKey) {
    // Queued for later too: a failure here only leaves it until then.
    await deps.storage.delete(outcome.removeUploadKey).catch((err: unknown) => {
      deps.log?.warn({ err }, 'could not remove the upload key of a checked upload; queued');
    });
  }
  if (outcome.refusal) throw outcome.refusal;
  return outcome.ready;
}

/** What `checkDirectUpload` decided: the Ready row, a refusal, or neither (nothing arrived yet). */
interface DirectCheck {
  ready?: FileRow;
  refusal?: AppError;
  /** The upload key to remove once the row is Ready. */
  removeUploadKey?: string;
}

/** Steps 1–4 of `completeUpload` for the locked Pending `row` inside the transaction `deps.db`. */
async function checkDirectUpload(
  deps: Pick<FilesDeps, 'storage' | 'maxBytesPerDay'> & { db: Tx },
  row: FileRow,
  uploadKey: string,
): Promise<DirectCheck> {
  const { storage } = deps;
  const limits = await uploadLimits(deps, row);
  const refuse = async (size: number, refusal: AppError): Promise<DirectCheck> => {
    await storage.delete(row.storageKey);
    await storage.delete(uploadKey);
    if (row.createdById !== null) await recordReceivedBytes(deps.db, row.createdById, size);
    return { refusal };
  };
  const sent = await storage.stat(uploadKey);
  const tooLarge = sent && sizeRefusal(limits, sent.size);
  if (sent && tooLarge) return refuse(sent.size, tooLarge);
  // Without an upload key, a copy left by a completion whose transaction was rolled back.
  if (sent) await storage.copy!(uploadKey, row.storageKey);
  const copy = await checkStoredCopy(storage, row, limits);
  if (!copy) return {};
  if (copy.refusal) return refuse(copy.size, copy.refusal);
  const ready = await markFileReady(deps.db, row.id, copy.size, {
    uploadKey,
    uploadUrlLifetimeMs,
  });
  return ready ? { ready, removeUploadKey: uploadKey } : { refusal: new NotFoundError() };
}

/**
 * The check of the bytes copied inside the store to `row`'s `storageKey` (a direct upload's copy,
 * a finished tus upload's copy), the same rules as `storeUpload` applies to a stream: a HEAD for
 * the real size (413 over the type's limit, 429 over what is left of the daily volume), then a
 * ranged GET of the first bytes (at most `sniffBytes`) for the magic bytes (400, the type's
 * wrong-type message). Answers the copy's size in bytes and the refusal, if any, or null when
 * nothing is stored under the key. Removes nothing. Throws StorageUnavailableError when the store
 * fails.
 */
async function checkStoredCopy(
  storage: StorageDriver,
  row: FileRow,
  limits: UploadLimits,
): Promise<{ size: number; refusal: AppError | null } | null> {
  const copy = await storage.stat(row.storageKey);
  if (!copy) return null;
  const refusal =
    sizeRefusal(limits, copy.size) ??
    (await contentRefusal(
      limits,
      await readStoredHead(storage, row.storageKey, Math.min(sniffBytes, copy.size)),
      row,
    ));
  return { size: copy.size, refusal };
}

/**
 * Stores the reserved upload `row` from the object `fromKey` already in the store (S3: a finished
 * tus upload, `size` bytes declared), copied inside it (`copy`, CopyObject) to the row's
 * `storageKey` rather than streamed through the server, then checked like a direct upload's copy
 * (`checkStoredCopy`: HEAD, a ranged GET of the first bytes). The same refusals and messages as
 * `storeUpload`: 409 when the row is not Pending, 413 / 429 for the declared or real size, 400 (the
 * type's wrong-type message) for content that is not the row's extension, 404 when the row was
 * swept meanwhile or `fromKey` holds nothing; 503 (`storageFailure`) when the store fails. On a
 * refusal the copy is removed and the row stays Pending; `fromKey` is left to the caller. Answers
 * the Ready row with its real size, written to the uploader's ledger (`markFileReady`).
 */
export async function storeUploadByCopy(
  deps: FilesDeps,
  row: FileRow,
  fromKey: string,
  size: number,
): Promise<FileRow> {
  if (row.status !== FileStatus.Pending) throw new ConflictError(messages.conflict);
  if (!deps.storage.copy) throw new Error('storeUploadByCopy needs a store that copies (S3)');
  const limits = await uploadLimits(deps, row);
  const declared = sizeRefusal(limits, size);
  if (declared) throw declared;
  let copy: Awaited<ReturnType<typeof checkStoredCopy>>;
  try {
    if (!(await deps.storage.copy(fromKey, row.storageKey))) throw new NotFoundError();
    copy = await checkStoredCopy(deps.storage, row, limits);
    if (copy?.refusal) await deps.storage.delete(row.storageKey);
  } catch (error) {
    throw storageFailure(error);
  }
  if (!copy) throw new NotFoundError();
  if (copy.refusal) throw copy.refusal;
  const ready = await markFileReady(deps.db, row.id, copy.size);
  if (!ready) {
    // Swept meanwhile: the bytes belong to nothing.
    await deps.storage.delete(row.storageKey);
    throw new NotFoundError();
  }
  return ready;
}

/** The first `bytes` bytes of the stored object `key` (a ranged read; none for 0). */
async function readStoredHead(storage: StorageDriver, key: string, bytes: number): Promise<Buffer> {
  if (bytes <= 0) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  for await (const chunk of storage.createReadStream(key, { start: 0, end: bytes - 1 })) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * POST /files/{id}/complete: the uploader's reserved upload `id` checked and Ready
 * (`completeUpload`), answered as `{id, url}` like our own PUT's answer; a Ready one is answered
 * as it is. Throws 404 for another user's or an unknown id, 400 'The file upload is not
 * complete.' while no bytes arrived, the checks' 413, 429 and 400, and 503 when the store fails.
 */
export async function completeOwnUpload(
  deps: FilesDeps,
  actor: Actor,
  id: number,
): Promise<ImageRef> {
  const row = await findFileById(deps.db, id);
  if (!row || row.createdById !== actor.id) throw new NotFoundError();
  const ready = await completeUpload(deps, row);
  if (!ready) throw new ValidationError(messages.uploadIncomplete);
  return fileRef(deps.urls, ready)!;
}

/**
 * The reserved upload `id` of `userId`, still Pending, or undefined (another user's, stored
 * already, or swept).
 */
export async function pendingUploadOf(
  db: Db | Tx,
  id: number,
  userId: number,
): Promise<FileRow | undefined> {
  const row = await findFileById(db, id);
  return row && row.createdById === userId && row.status === FileStatus.Pending ? row : undefined;
}

/**
 * Gives up the reserved upload `id` while it is Pending (an upload refused or cancelled): removes
 * its row, so its declared size no longer holds room in the daily volume, and any bytes stored
 * for it; `receivedBytes` (bytes, what had already arrived for it, e.g. a cancelled tus upload's
 * offset) go to the uploader's ledger in the same transaction, so they keep counting. A Ready
 * file is left alone (and nothing is written).
 */
export async function discardPendingUpload(
  deps: Pick<FilesDeps, 'db' | 'storage' | 'log'>,
  id: number,
  receivedBytes = 0,
): Promise<void> {
  const keys = await deps.db.transaction((tx) => deletePendingFile(tx, id, receivedBytes));
  await removeStoredFiles(deps, keys);
}

/** GET /files: one page of the actor's own Ready files, newest first, and the total. */
export async function listOwnFiles(
  deps: Pick<FilesDeps, 'db' | 'urls'>,
  actor: Actor,
  query: PageQuery,
): Promise<ListData<FileItem>> {
  const { rows, count } = await listFilesOf(deps.db, actor.id, query);
  return { list: rows.map((row) => presentFile(deps.urls, row)), count };
}

/**
 * A Ready file and its stored size in bytes, for serving the signed read URL `GET /files/<key>?
 * expires=&signature=` (url.ts). Throws 403 'This file link is invalid or has expired…' for a
 * missing, tampered or expired signature (checked first, so nothing is told about the key), then
 * 404 for anything but a Ready file with its bytes, 503 when the store fails. Answers the expiry
 * too (Unix seconds).
 */
export async function openFile(
  deps: FilesDeps,
  key: string,
  expires: unknown,
  signature: unknown,
): Promise<{ row: FileRow; size: number; expires: number }> {
  if (!deps.urls.verify(key, expires, signature)) {
    throw new ForbiddenError(messages.fileLinkInvalid);
  }
  if (!isStorageKey(key)) throw new NotFoundError();
  const row = await findFileByKey(deps.db, key);
  if (!row || row.status !== FileStatus.Ready) throw new NotFoundError();
  const stat = await deps.storage.stat(key).catch((error: unknown) => {
    throw storageFailure(error);
  });
  if (!stat) {
    deps.log?.warn({ fileId: row.id }, 'file is Ready but its bytes are missing from storage');
    throw new NotFoundError();
  }
  return { row, size: stat.size, expires: Number(expires) };
}

/** How `requireUsableFile` may be narrowed for a use. */
export interface FileUseOptions {
  /** Only a file `actor` uploaded itself (its profile image, its answer videos). */
  ownOnly?: boolean;
  /** The request field the id came in, named in the 400's details (e.g. 'imageId'). */
  path?: string;
}

/**
 * The one door for attaching an uploaded file, every module's (a profile image, an asset's image,
 * a question's audio, answer videos): the Ready file `id` of media type `fileTypeId` that the
 * policy's 'file:use' lets `actor` attach — one it uploaded; staff also one of their
 * organization; an admin any — and with `ownOnly`, only one it uploaded. Throws 400 `message`
 * (default 'The file upload is not complete.'; with `options.path`, one detail at that path)
 * otherwise, so ids of other organizations' files reveal nothing. With S3
 * (`deps.directUploads`), a Pending upload whose bytes arrived in the bucket is checked here first
 * (`completeUpload`; a refused one is the same 400, a failing store 503). decisions.md#files.
 */
export async function requireUsableFile(
  { db, directUploads }: FileUseDeps,
  actor: Actor,
  id: number,
  fileTypeId: MediaTypeId = MediaType.Image,
  message: string = messages.uploadIncomplete,
  options: FileUseOptions = {},
): Promise<FileRow> {
  let row = await findFileById(db, id);
  const mayUse =
    row !== undefined &&
    can(actor, 'file:use', {
      organizationId: row.organizationId,
      createdById: row.createdById ?? undefined,
    }) &&
    (!options.ownOnly || row.createdById === actor.id);
  if (row && mayUse && row.status === FileStatus.Pending && directUploads) {
    // Bytes sent straight to the store (S3): checked on first use.
    row = await completeUpload({ ...directUploads, db }, row).catch((error: unknown) => {
      if (error instanceof AppError && error.statusCode < 500) return undefined;
      throw error;
    });
  }
  if (!row || !mayUse || row.status !== FileStatus.Ready || row.fileTypeId !== fileTypeId) {
    throw new ValidationError(
      message,
      options.path ? [{ path: options.path, message }] : undefined,
    );
  }
  return row;
}
