/**
 * The loading and error states of a page's query: the shared loader, or the error text (the
 * server's message as given, else the spec's fallback) with a retry button. A read that got no
 * answer at all (offline, or the server out of reach) says the page loads by itself, and tries
 * again when the browser is back online, when the trainee returns to the tab and every
 * `reconnectRetryMs` while the page is visible: a page opened offline comes by itself once the
 * connection is back.
 */
import { Alert, Button, Center, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconWifiOff } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { PageLoader } from '@shared/components/page-loader';
import { isApiError } from '@shared/lib/api-client';
import { errorMessage } from '@shared/lib/query-client';
import { appText } from './app-text';
import { queryStateText } from './query-state-text';

/** How often (ms) a page whose read got no answer tries again while visible: every 10 s. */
export const reconnectRetryMs = 10_000;

/** True for a failed read that got no answer (no connection, or no reply in time). */
function gotNoAnswer(error: unknown): boolean {
  return isApiError(error) && (error.kind === 'network' || error.kind === 'timeout');
}

/** Loader while `error` is null, else the error with 'Try again' calling `retry`. */
export function QueryState({ error, retry }: { error: unknown; retry: () => void }) {
  const noAnswer = gotNoAnswer(error);
  const retryRef = useRef(retry);
  retryRef.current = retry;

  useEffect(() => {
    if (!noAnswer) return;
    const again = () => {
      if (document.visibilityState !== 'hidden') retryRef.current();
    };
    window.addEventListener('online', again);
    document.addEventListener('visibilitychange', again);
    const timer = window.setInterval(again, reconnectRetryMs);
    return () => {
      window.removeEventListener('online', again);
      document.removeEventListener('visibilitychange', again);
      window.clearInterval(timer);
    };
  }, [noAnswer]);

  if (!error) return <PageLoader />;
  return (
    <Center py="xl">
      <Stack align="center" gap="md" maw={420}>
        <Alert
          color={noAnswer ? 'yellow' : 'red'}
          role={noAnswer ? 'status' : 'alert'}
          icon={
            noAnswer ? (
              <IconWifiOff size={18} aria-hidden />
            ) : (
              <IconAlertCircle size={18} aria-hidden />
            )
          }
          w="100%"
        >
          {errorMessage(error)}
          {noAnswer && (
            <Text size="sm" mt={4}>
              {queryStateText.loadsWhenOnline}
            </Text>
          )}
        </Alert>
        <Button variant="default" onClick={retry}>
          {appText.retry}
        </Button>
      </Stack>
    </Center>
  );
}
