/** The not-found page (`messages.pageNotFound`) for any unknown path (000 §2.1, 001 §2). Inside the shell for /dbl paths. */
import { Button, Paper } from '@mantine/core';
import { messages } from '@practica/contract';
import { IconMapOff } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { PublicPage } from '../../components/public-page';
import { PageTitle, useDocumentTitle } from '@shared/components/page-title';
import { StatusMessage } from '@shared/components/status-message';
import { guardedPrefix, paths } from '@shared/config/paths';
import { uiText } from '@shared/config/ui-text';
import { useAuth } from '../../lib/auth';
import { roleHome } from '../../lib/auth';

/** The 404 page. */
export default function NotFoundPage() {
  const { user } = useAuth();
  const { pathname } = useLocation();
  useDocumentTitle(messages.pageNotFound);
  const inConsole = pathname.startsWith(`${guardedPrefix}/`) && user;
  const home = user ? roleHome(user.roleId) : paths.home();
  const body = (
    <StatusMessage
      icon={<IconMapOff size={28} />}
      title={messages.pageNotFound}
      order={inConsole ? 2 : 1}
      action={
        <Button component={Link} to={home} variant="light" mt="sm">
          {uiText.goHome}
        </Button>
      }
    >
      {uiText.notFoundBody}
    </StatusMessage>
  );
  if (inConsole) {
    return (
      <>
        <PageTitle title={messages.pageNotFound} />
        <Paper p={48}>{body}</Paper>
      </>
    );
  }
  return <PublicPage>{body}</PublicPage>;
}
