/**
 * The files module (000 §7 'Files', DECISIONS.md 'Files'). The app registers:
 *
 *   await app.register(filesPlugin);                 // root: storage, signed PUT, serving, sweep
 *   await api.register(fileRoutes);                  // inside the /api prefix
 *
 * Other modules present files with `fileRef(row)` / `fileUrl(row)` / `publicFileUrl(key)` and
 * check ids they are given with `requireUsableFile(db, actor, id, MediaType.Image)`.
 */
export { filesPlugin, type FilesPluginOptions } from './plugin.js';
export { fileRoutes, fileTransferRoutes } from './routes.js';
export { contentDisposition, fileRef, fileUrl, presentFile } from './presenter.js';
export { publicFileUrl } from './url.js';
export {
  requireUsableFile,
  safeDisplayName,
  sweepPendingUploads,
  type FilesDeps,
} from './service.js';
export { findReadyFiles, type FileRow } from './repository.js';
