/**
 * The media module (decisions.md#media §2): every uploaded answer video becomes a plain MP4 that plays in
 * every browser — its H.264 video copied when it has one, encoded otherwise — with a poster,
 * through a durable job queue; ffmpeg runs boxed (tools.ts) and bounded (limits.ts). The app
 * registers, at the root and inside `/api`:
 *
 *   await app.register(mediaPlugin, config.media);   // ffmpeg lookup, worker, app.media
 *   await api.register(mediaRoutes);                 // POST /answers/{id}/items/{itemId}/media/retry
 *
 * Saving an item's new video queues its job in the same transaction, which wakes the workers when
 * it commits: `if (deps.mediaProcessing) await queueMediaJobs(tx, answerId, questionIds)`, where
 * `deps.mediaProcessing` (`MediaDeps`) comes from the app's `app.media.processing`.
 */

export { mediaPlugin } from './plugin.js';
export { claimDueJobs, queueMediaJobs } from './repository.js';
export { mediaRoutes } from './routes.js';

export type { MediaDeps } from './switch.js';
export { findMediaTools, probeVideo, type MediaTools } from './tools.js';
export { startMediaWorker, type MediaWorker } from './worker.js';
