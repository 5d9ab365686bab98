/**
 * The media module (issue 20 §2): every uploaded answer video becomes an H.264/AAC MP4 with a
 * poster, through a durable job queue. The app registers, at the root and inside `/api`:
 *
 *   await app.register(mediaPlugin, config.media);   // ffmpeg lookup, worker, app.media
 *   await api.register(mediaRoutes);                 // POST /answers/{id}/items/{itemId}/media/retry
 *
 * Saving an item's new video queues its job in the same transaction:
 * `if (mediaProcessingOn()) await queueMediaJobs(tx, answerId, questionIds)`.
 */
export { mediaConfigFrom, mediaEnvSchema, mediaEnvShape, type MediaConfig } from './config.js';
export { runMediaJob, type JobOutcome, type MediaJobDeps } from './job.js';
export { mediaPlugin, type MediaPluginOptions, type MediaService } from './plugin.js';
export { claimDueJobs, queueMediaJobs, type MediaJobRow } from './repository.js';
export { mediaRoutes } from './routes.js';
export { retryItemMedia } from './service.js';
export { installMediaProcessing, mediaProcessingOn } from './switch.js';
export {
  findMediaTools,
  isPlayableMp4,
  makePoster,
  probeVideo,
  transcodeToMp4,
  type MediaTools,
  type MediaToolsEnv,
  type ToolOptions,
  type VideoProbe,
} from './tools.js';
export {
  startMediaWorker,
  type MediaLog,
  type MediaWorker,
  type MediaWorkerOptions,
} from './worker.js';
