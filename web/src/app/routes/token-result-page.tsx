/**
 * Shared frame of the emailed-link pages (000 §2.11): reads `?token=`; without one it shows
 * `messages.invalidTokenTryAgain`, otherwise the page's own content for the token. `ResultMessage`
 * is the success or failure text with its icon and the back-to-login button.
 */
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { messages } from '@practica/contract';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PublicPage } from '../../components/public-page';
import { StatusMessage } from '@shared/components/status-message';
import { useDocumentTitle } from '@shared/components/page-title';
import { paths, queryParams } from '@shared/config/paths';

/** Success or failure of an emailed-link page, with the way back to login. */
export function ResultMessage({
  ok,
  title,
  children,
}: {
  ok: boolean;
  title: string;
  children?: ReactNode;
}) {
  return (
    <StatusMessage
      icon={ok ? <IconCircleCheck size={30} /> : <IconCircleX size={30} />}
      title={title}
      color={ok ? 'teal' : 'red'}
      order={1}
      action={
        <Button component={Link} to={paths.login()} variant={ok ? 'filled' : 'light'} mt="sm">
          {messages.backToLogin}
        </Button>
      }
    >
      {children}
    </StatusMessage>
  );
}

/** The quiet 'Loading...' state of a result page. */
export function ResultLoading() {
  return (
    <Center py="xl" role="status">
      <Stack align="center" gap="sm">
        <Loader size="md" />
        <Text size="sm" c="dimmed">
          {messages.loading}
        </Text>
      </Stack>
    </Center>
  );
}

/** Result page reading `?token=` (000 §2.11). */
export function TokenResultPage({
  title,
  children,
}: {
  title: string;
  /** The page's content for a present token. */
  children: (token: string) => ReactNode;
}) {
  const [search] = useSearchParams();
  const token = search.get(queryParams.token)?.trim() ?? '';
  useDocumentTitle(title);
  return (
    <PublicPage>
      {token ? children(token) : <ResultMessage ok={false} title={messages.invalidTokenTryAgain} />}
    </PublicPage>
  );
}
