/**
 * The loading and error states of a page's query: the shared loader, or the error text (the
 * server's message as given, else the spec's fallback) with a retry button.
 */
import { Alert, Button, Center, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { PageLoader } from '../../../src/app/page-loader';
import { errorMessage } from '../../../src/lib/query-client';
import { appText } from './app-text';

/** Loader while `error` is null, else the error with 'Try again' calling `retry`. */
export function QueryState({ error, retry }: { error: unknown; retry: () => void }) {
  if (!error) return <PageLoader />;
  return (
    <Center py="xl">
      <Stack align="center" gap="md" maw={420}>
        <Alert color="red" role="alert" icon={<IconAlertCircle size={18} aria-hidden />} w="100%">
          {errorMessage(error)}
        </Alert>
        <Button variant="default" onClick={retry}>
          {appText.retry}
        </Button>
      </Stack>
    </Center>
  );
}
