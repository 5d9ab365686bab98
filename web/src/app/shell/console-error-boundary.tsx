/**
 * The error element of the console's pages, inside the shell (decisions.md#console-flows §4): the sidebar and
 * the top bar stay. A page that could not load because the server was unreachable (its code
 * chunk or a call got no answer) shows the network message and continues by itself once the
 * server answers; any other failure shows `messages.somethingWentWrong` with a reload button.
 *
 * A failed chunk is reloaded with the page: the browser remembers a failed module import and never
 * fetches it again (checked in Chromium), so only a reload brings it. Its URL is the page's own,
 * nothing the user entered lives on a page that never loaded, and a reload at most every
 * `reloadPauseMs` keeps a chunk that is really gone from looping.
 */
import { Button, Center } from '@mantine/core';
import { messages } from '@practica/contract';
import { IconAlertTriangle, IconRefresh, IconWifiOff } from '@tabler/icons-react';
import { useEffect, useSyncExternalStore } from 'react';
import { useRouteError } from 'react-router';
import { shellText } from '../../config/shell-text';
import { uiText } from '@shared/config/ui-text';
import { StatusMessage } from '@shared/components/status-message';
import { isApiError } from '@shared/lib/api-client';
import {
  isChunkLoadError,
  isReachable,
  markServerDown,
  probeServer,
  subscribeReachable,
} from '../../lib/connection';
import { usePageShowsNetworkError } from './use-connection';

/** The least time (ms) between two automatic reloads for a failed chunk. */
export const reloadPauseMs = 10_000;
const reloadKey = 'practica.chunkReloadAt';

function reloadOnce(): void {
  const last = Number(window.sessionStorage.getItem(reloadKey) ?? 0);
  if (Date.now() - last < reloadPauseMs) return;
  window.sessionStorage.setItem(reloadKey, String(Date.now()));
  window.location.reload();
}

/** True when the error means "no answer from the server". */
function isNetworkError(error: unknown): boolean {
  return isChunkLoadError(error) || (isApiError(error) && error.kind === 'network');
}

/** Error element of the pathless route around every page of the shell. */
export function ConsoleErrorBoundary() {
  const error = useRouteError();
  const network = isNetworkError(error);
  const reachable = useSyncExternalStore(subscribeReachable, isReachable, isReachable);
  usePageShowsNetworkError(network);

  // The page failed for want of an answer: count the server as down so the shell probes it.
  useEffect(() => {
    if (network) markServerDown();
  }, [network]);

  // Back: load the page again.
  useEffect(() => {
    if (network && reachable) reloadOnce();
  }, [network, reachable]);

  if (import.meta.env.DEV && !network) console.error(error);

  if (network)
    return (
      <Center py={64}>
        <StatusMessage
          icon={<IconWifiOff size={28} />}
          title={messages.checkInternetConnection}
          color="orange"
          action={
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} aria-hidden />}
              onClick={() => void probeServer()}
            >
              {shellText.tryAgain}
            </Button>
          }
        >
          {shellText.reconnecting}
        </StatusMessage>
      </Center>
    );

  return (
    <Center py={64}>
      <StatusMessage
        icon={<IconAlertTriangle size={28} />}
        title={messages.somethingWentWrong}
        color="red"
        action={
          <Button
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => window.location.reload()}
          >
            {uiText.reload}
          </Button>
        }
      >
        {uiText.reloadHint}
      </StatusMessage>
    </Center>
  );
}
