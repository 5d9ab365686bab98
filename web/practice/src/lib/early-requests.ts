/**
 * Requests a page needs, started while its code is still loading (render-as-you-fetch): the entry
 * starts them when the signed-in app opens on that page, and the page's fetcher takes the one
 * started for it instead of waiting for its own chunk before asking the server. A request is
 * taken at most once; a page that loads later asks again.
 */

const started = new Map<string, Promise<unknown>>();

/**
 * Starts `request` under `key` unless one is waiting there. Its failure is kept for the taker
 * (never an unhandled rejection).
 */
export function startEarlyRequest(key: string, request: () => Promise<unknown>): void {
  if (started.has(key)) return;
  const promise = request();
  promise.catch(() => undefined);
  started.set(key, promise);
}

/** The request started under `key`, once (later calls answer undefined). */
export function takeEarlyRequest(key: string): Promise<unknown> | undefined {
  const promise = started.get(key);
  started.delete(key);
  return promise;
}
