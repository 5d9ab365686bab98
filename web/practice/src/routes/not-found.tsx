/** Any other path under /practice: 'Page Not Found!' and a link to my assignments. */
import { Button, Card } from '@mantine/core';
import { messages } from '@practica/contract';
import { IconMapOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { StatusMessage } from '../../../src/components/status-message';
import { useDocumentTitle } from '../../../src/components/page-title';
import { practicePaths } from '../app/paths';
import { practiceText } from '../app/practice-text';

/** The not-found page (inside the signed-in layout). */
export default function NotFoundPage() {
  useDocumentTitle(messages.pageNotFound, practiceText.appName);
  return (
    <Card withBorder padding="xl">
      <StatusMessage
        icon={<IconMapOff size={28} />}
        title={messages.pageNotFound}
        order={1}
        action={
          <Button component={Link} to={practicePaths.home}>
            {practiceText.backHome}
          </Button>
        }
      >
        {practiceText.notFoundBody}
      </StatusMessage>
    </Card>
  );
}
