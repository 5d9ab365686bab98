/**
 * Shared frame of the emailed-link result pages (000 §2.11): without a token they show
 * `messages.invalidTokenTryAgain`; with one, a placeholder until the users issue wires the call.
 */
import { Button } from '@mantine/core';
import { messages } from '@practica/contract';
import { IconAlertCircle, IconHourglass } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { PublicPage } from '../../components/public-page';
import { StatusMessage } from '../../components/status-message';
import { useDocumentTitle } from '../../components/page-title';
import { paths, queryParams } from '../../config/paths';
import { uiText } from '../../config/ui-text';

/** Result page reading `?token=`. */
export function TokenResultPage({ title }: { title: string }) {
  const [search] = useSearchParams();
  const token = search.get(queryParams.token)?.trim();
  useDocumentTitle(title);
  return (
    <PublicPage>
      {token ? (
        <StatusMessage icon={<IconHourglass size={28} />} title={title} order={1}>
          {uiText.comingSoonBody}
        </StatusMessage>
      ) : (
        <StatusMessage
          icon={<IconAlertCircle size={28} />}
          title={messages.invalidTokenTryAgain}
          color="red"
          order={1}
          action={
            <Button component={Link} to={paths.login()} variant="light" mt="sm">
              {messages.backToLogin}
            </Button>
          }
        />
      )}
    </PublicPage>
  );
}
