/**
 * Last-resort error page: a failed lazy chunk (e.g. after a new release) or a rendering error.
 * Shows 000 §8's `messages.somethingWentWrong` with a reload button instead of a blank screen.
 */
import { Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { messages } from '@practica/contract';
import { IconRefresh, IconAlertTriangle } from '@tabler/icons-react';
import { useRouteError } from 'react-router';
import { uiText } from '@shared/config/ui-text';

/** Error element of the root route. */
export function RootErrorBoundary() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <Center mih="100vh" p="md">
      <Paper p="xl" maw={420} w="100%">
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={48} radius="xl" variant="light" color="red" aria-hidden>
            <IconAlertTriangle size={26} />
          </ThemeIcon>
          <Title order={1}>{messages.somethingWentWrong}</Title>
          <Text c="dimmed" size="sm">
            {uiText.reloadHint}
          </Text>
          <Button leftSection={<IconRefresh size={16} />} onClick={() => window.location.reload()}>
            {uiText.reload}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
