/**
 * Whether this process queues media jobs (decisions.md#media §2): on when a usable ffmpeg/ffprobe pair was
 * found (tools.ts), off otherwise, so items saved without ffmpeg stay 'original' instead of waiting
 * for a worker that never comes. Services read it with `mediaProcessingOn()` while they save
 * items, without dependencies, as presenters sign file URLs: `mediaPlugin` installs the app's
 * answer (and puts the previous one back on close); main.ts installs it before the demo seed.
 */
let current = false;

/** Makes `on` the current answer; answers a function that puts the previous one back. */
export function installMediaProcessing(on: boolean): () => void {
  const previous = current;
  current = on;
  return () => {
    current = previous;
  };
}

/** Whether saving a video answer queues its media job in this process. */
export function mediaProcessingOn(): boolean {
  return current;
}
