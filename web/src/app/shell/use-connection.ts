/**
 * The shell's view of the connection (decisions.md#console-flows §4): whether the server is reachable, and while
 * it is not, a probe every `probeIntervalMs` and at once when the browser is back online. When the
 * server answers again, the active queries that failed or waited are fetched again, so the page
 * recovers without a reload.
 */
import { onlineManager, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useSyncExternalStore,
} from 'react';
import {
  isReachable,
  probeIntervalMs,
  probeServer,
  subscribeReachable,
} from '../../lib/connection';

/**
 * Watches the connection while the shell is open.
 * @returns `reachable` and `retry` (probes the server now; the banner's Try again button).
 */
export function useConnection(): { reachable: boolean; retry: () => void } {
  const reachable = useSyncExternalStore(subscribeReachable, isReachable, isReachable);
  const queryClient = useQueryClient();

  const retry = useCallback(() => {
    if (onlineManager.isOnline()) void probeServer();
  }, []);

  // While unreachable: probe now and then (the browser's `online` event re-renders through
  // onlineManager and probes at once).
  useEffect(() => {
    if (reachable) return;
    retry();
    const timer = window.setInterval(retry, probeIntervalMs);
    return () => window.clearInterval(timer);
  }, [reachable, retry]);

  // Back: fetch again what the page shows (failed queries stay failed otherwise).
  const wasReachable = useRef(reachable);
  useEffect(() => {
    const back = reachable && !wasReachable.current;
    wasReachable.current = reachable;
    if (!back) return;
    void queryClient.refetchQueries({
      type: 'active',
      predicate: (query) => query.state.status === 'error',
    });
  }, [reachable, queryClient]);

  return { reachable, retry };
}

/**
 * Set by the shell: the page area's error element calls it with true while it shows the network
 * message itself, so the banner above it does not say the same twice.
 */
export const PageNetworkErrorContext = createContext<(shown: boolean) => void>(() => {});

/** Tells the shell, while mounted, that the page shows the network message (when `shown`). */
export function usePageShowsNetworkError(shown: boolean): void {
  const set = useContext(PageNetworkErrorContext);
  useEffect(() => {
    if (!shown) return;
    set(true);
    return () => set(false);
  }, [shown, set]);
}
