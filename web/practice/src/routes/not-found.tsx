/** Any other path under /practice: `messages.pageNotFound` and a link to my assignments. */
import { Button, Card } from '@mantine/core';
import { messages } from '@practica/contract';
import { IconMapOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { StatusMessage } from '@shared/components/status-message';
import { useDocumentTitle } from '@shared/components/page-title';
import { practicePaths } from '../app/paths';
import { appText } from '../app/app-text';

/** The not-found page (inside the signed-in layout). */
export default function NotFoundPage() {
  useDocumentTitle(messages.pageNotFound, appText.appName);
  return (
    <Card withBorder padding="xl">
      <StatusMessage
        icon={<IconMapOff size={28} />}
        title={messages.pageNotFound}
        order={1}
        action={
          <Button component={Link} to={practicePaths.home}>
            {appText.backHome}
          </Button>
        }
      >
        {appText.notFoundBody}
      </StatusMessage>
    </Card>
  );
}
