/**
 * What a staff member signed in to the practice app sees: the app is for trainees, a link to the
 * console (its dashboard when signed in there, else its login) and 'Sign out'.
 */
import { Button, Center, Paper, Stack, Text } from '@mantine/core';
import type { SessionUser } from '@practica/contract';
import { IconUserShield } from '@tabler/icons-react';
import { StatusMessage } from '@shared/components/status-message';
import { useDocumentTitle } from '@shared/components/page-title';
import { guardedPrefix, paths } from '@shared/config/paths';
import { readLocal } from '@shared/lib/storage';
import { signOut } from '../lib/session';
import { appText } from './app-text';

/** The notice page (its own full page, outside the trainee's layout). */
export default function StaffNotice({ user }: { user: SessionUser }) {
  useDocumentTitle(appText.staffTitle, appText.appName);
  const consoleHref = readLocal('authToken') ? guardedPrefix : paths.login();
  return (
    <Center component="main" mih="100dvh" p="md">
      <Paper p="xl" shadow="sm" maw={480} w="100%">
        <Stack gap="lg">
          <StatusMessage icon={<IconUserShield size={28} />} title={appText.staffTitle} order={1}>
            {appText.staffBody}
          </StatusMessage>
          <Text size="sm" ta="center">
            {appText.signedInAs(`${user.firstName} ${user.lastName} (${user.role})`)}
          </Text>
          <Stack gap="xs">
            <Button component="a" href={consoleHref} fullWidth size="md">
              {appText.openConsole}
            </Button>
            <Button variant="default" fullWidth size="md" onClick={signOut}>
              {appText.signOut}
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </Center>
  );
}
