/**
 * /practice/settings (decisions.md#console-flows §16): the trainee's email notifications — new assignments and due
 * date reminders — each turned on or off by a switch and saved at once; a link back to my
 * assignments.
 */
import { Stack, Title } from '@mantine/core';
import { NotificationSettingsCard } from '@shared/components/notification-settings-card';
import { useDocumentTitle } from '@shared/components/page-title';
import { notificationsText } from '@shared/config/notifications-text';
import { appText } from '../app/app-text';
import { BackHome } from '../app/back-home';

/** The trainee's settings page. */
export default function SettingsPage() {
  useDocumentTitle(notificationsText.settingsLink, appText.appName);
  return (
    <Stack gap="md">
      <div>
        <BackHome />
      </div>
      <Title order={1} fz={26}>
        {notificationsText.settingsLink}
      </Title>
      <NotificationSettingsCard path="/me/notifications" />
    </Stack>
  );
}
