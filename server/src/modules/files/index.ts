/**
 * The files module (000 §7 'Files', DECISIONS.md 'Files'). The app registers:
 *
 *   await app.register(filesPlugin);                 // root: storage, signed PUT, serving, sweep
 *   await api.register(fileRoutes);                  // inside the /api prefix
 *
 * Other modules present files with `fileRef(row)` / `fileUrl(row)` / `publicFileUrl(key)` (signed,
 * expiring read URLs), check ids they are given with `requireUsableFile(db, actor, id,
 * MediaType.Image)`, and delete files inside their own transaction with `deleteUnusedFiles(tx, ids)`
 * (e.g. `personalFileIdsOf(tx, userId)`), then remove the bytes after commit with
 * `removeStoredFiles(storage, keys)`. Uploads that arrive another way (the trainees' tus videos)
 * `reserveUpload`, then `storeUpload` the finished content (size, daily volume and magic bytes
 * checked as for every upload), or `discardPendingUpload` a refused one.
 */
export { filesPlugin, type FilesPluginOptions } from './plugin.js';
export { fileRoutes, fileTransferRoutes } from './routes.js';
export { contentDisposition, fileRef, fileUrl, presentFile } from './presenter.js';
export { publicFileUrl } from './url.js';
export { createUploadSigner } from './signing.js';
export {
  createUpload,
  discardPendingUpload,
  pendingUploadOf,
  receiveUpload,
  removeStoredFiles,
  requireUsableFile,
  reserveUpload,
  safeDisplayName,
  storeUpload,
  sweepPendingUploads,
  type FilesDeps,
} from './service.js';
export { contentMatchesExtension } from './media-check.js';
export {
  deleteUnusedFiles,
  findReadyFiles,
  personalFileIdsOf,
  type FileRow,
} from './repository.js';
