/**
 * /practice/settings (issue 22 §16): the trainee's email notifications — new assignments and due
 * date reminders — each turned on or off by a switch and saved at once; a link back to my
 * assignments.
 */
import { Button, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { NotificationSettingsCard } from '../../../src/components/notification-settings-card';
import { useDocumentTitle } from '../../../src/components/page-title';
import { notificationsText } from '../../../src/config/notifications-text';
import { appText } from '../app/app-text';
import { practicePaths } from '../app/paths';

/** The trainee's settings page. */
export default function SettingsPage() {
  useDocumentTitle(notificationsText.settingsLink, appText.appName);
  return (
    <Stack gap="md">
      <div>
        <Button
          component={Link}
          to={practicePaths.home}
          variant="subtle"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
          px={0}
        >
          {appText.backHome}
        </Button>
      </div>
      <Title order={1} fz={26}>
        {notificationsText.settingsLink}
      </Title>
      <NotificationSettingsCard path="/me/notifications" />
    </Stack>
  );
}
