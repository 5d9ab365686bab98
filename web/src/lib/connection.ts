/**
 * Whether the console can reach its server (decisions.md#console-flows §4). The browser's own online flag
 * (TanStack Query's `onlineManager`, fed by the `online`/`offline` events) and a "server down"
 * flag that the API client raises when a call gets no answer at all (`ApiError` kind 'network')
 * and lowers when any answer arrives. While the server is unreachable the shell shows the network
 * message and probes `/healthz` (every `probeIntervalMs`, and at once when the browser is back
 * online); the first answer lowers the flag, and the shell then refetches its queries.
 */
import { onlineManager } from '@tanstack/react-query';
import { setReachabilityHandler } from '@shared/lib/api-client';

/** How often (ms) the console asks the server whether it is back. */
export const probeIntervalMs = 3000;

/** The server's liveness probe (server/src/modules/health): answers while the process runs. */
const probePath = '/healthz';

let serverDown = false;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/** True while the browser is online and the server's last call got an answer. */
export function isReachable(): boolean {
  return onlineManager.isOnline() && !serverDown;
}

/** Calls `listener` whenever `isReachable()` may have changed; returns the unsubscribe. */
export function subscribeReachable(listener: () => void): () => void {
  listeners.add(listener);
  const offline = onlineManager.subscribe(listener);
  return () => {
    listeners.delete(listener);
    offline();
  };
}

/** A call got no answer (network error): the server counts as unreachable until it answers. */
export function markServerDown(): void {
  if (serverDown) return;
  serverDown = true;
  notify();
}

/** A call got an answer (any status): the server is reachable. */
export function markServerUp(): void {
  if (!serverDown) return;
  serverDown = false;
  notify();
}

/**
 * Asks the server once whether it answers; lowers the "down" flag when it does.
 * @returns true when the server answered (any HTTP status).
 */
export async function probeServer(): Promise<boolean> {
  try {
    await fetch(probePath, { cache: 'no-store', credentials: 'omit' });
    markServerUp();
    return true;
  } catch {
    markServerDown();
    return false;
  }
}

/** True for a failed load of a lazily imported chunk (the browser's wording differs). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    error.message,
  );
}

// Every API call of the console reports here whether it got an answer (set once this module loads,
// with the shell).
setReachabilityHandler((answered) => (answered ? markServerUp() : markServerDown()));

/** Test hook: forget the "down" flag. */
export function resetConnectionForTests(): void {
  serverDown = false;
}
