/**
 * The files module (000 §7 'Files', decisions.md#files). The app registers:
 *
 *   await app.register(filesPlugin);                 // root: storage, signed PUT, serving, sweep
 *   await api.register(fileRoutes);                  // inside the /api prefix
 *
 * Other modules present files with the app's read URL signer, `app.files.urls` (`FileUrls`:
 * `urls.sign(key)`, signed, expiring read URLs, url.ts), which presenters take as their first
 * argument and services as `{db, urls}` (`FileUrlDeps`, routes pass `app.files`), check ids they are given with `requireUsableFile(deps, actor, id,
 * MediaType.Image)` (`deps`: `app.files`, or `{ db: tx, directUploads }` inside a transaction, so
 * S3 uploads are checked on first use), and delete files inside their own transaction with `deleteUnusedFiles(tx, ids)`
 * (e.g. `personalFileIdsOf(tx, userId)`, `pendingAnswerFileIds(tx, assignmentIds)`), which
 * queues the bytes for removal in that transaction, then remove them at once after commit with
 * `removeStoredFiles(deps, keys)` (the storage deletion worker retries what fails). Uploads that
 * arrive another way (the trainees' tus videos) `reserveUpload`, then `storeUpload` the finished
 * content (size, daily volume and magic bytes checked as for every upload) — or, when it is
 * already in the bucket (S3), `storeUploadByCopy` it there — or
 * `discardPendingUpload` a refused or cancelled one (with the bytes that had arrived, for the
 * daily volume); `storageFailure` turns a failing store into the API's 503.
 */
export { filesPlugin } from './plugin.js';
export { fileRoutes } from './routes.js';
export {
  createFileUrls,
  defaultFileUrlLifetimeMs,
  type FileUrlDeps,
  type FileUrls,
} from './url.js';
export { createUploadSigner } from './signing.js';
export {
  discardPendingUpload,
  pendingUploadOf,
  requireUsableFile,
  reserveUpload,
  storageFailure,
  storeUpload,
  storeUploadByCopy,
  type FileUseDeps,
  type FilesDeps,
} from './service.js';
export {
  expireVideos,
  removeStoredFiles,
  sweepUnusedFiles,
  sweepUploadLedger,
  type RemovalDeps,
} from './deletions.js';
export { deleteUnusedFiles, pendingAnswerFileIds, personalFileIdsOf } from './repository.js';
