/**
 * Whether an app queues media jobs (decisions.md#media §2): on when a usable ffmpeg/ffprobe pair was
 * found (tools.ts), off otherwise, so items saved without ffmpeg stay 'original' instead of waiting
 * for a worker that never comes. It is the app's, never the process's: `mediaPlugin` decorates
 * `app.media.processing`, and the services that save or requeue answer videos take it in their
 * deps (`MediaDeps`) — the routes from `app.media`, the demo seed from main.ts (which looks for
 * the tools before the app exists) and off by default.
 */

/** What a service that saves or requeues answer videos needs to know about media processing. */
export interface MediaDeps {
  /** True: saving a new video queues its media job (this app has ffmpeg and a media worker). */
  mediaProcessing: boolean;
}
