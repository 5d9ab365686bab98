/**
 * /dbl/settings (000 §2.8): the signed-in user's profile information and the edit form (first
 * name, last name, phone number, image, new password and repeat), plus the email change and the
 * email notifications (decisions.md#console-flows §16). Saved changes show at once in the top bar (the stored
 * session follows).
 */
import { Button, Grid, Paper, Skeleton, Stack, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { StatusMessage } from '@shared/components/status-message';
import { NotificationSettingsCard } from '@shared/components/notification-settings-card';
import { userText } from '@shared/config/ui-text';
import { EmailChangeForm, ProfileCard, UserEditForm, useUser } from '../../features/users';
import { useAuth } from '../../lib/auth';

/** The settings page (000 §2.8). */
export default function SettingsPage() {
  const { user: me } = useAuth();
  const query = useUser(me?.id ?? 0);

  if (!me) return null;
  if (query.isPending) return <SettingsSkeleton />;
  if (query.isError) {
    return (
      <Paper p={48}>
        <StatusMessage
          icon={<IconAlertCircle size={28} />}
          color="red"
          title={userText.loadFailed}
          action={
            <Button variant="light" onClick={() => void query.refetch()}>
              {userText.tryAgain}
            </Button>
          }
        />
      </Paper>
    );
  }

  const user = query.data;
  return (
    <Stack gap="lg">
      <ProfileCard
        person={{
          ...user,
          imageUrl: user.image?.url ?? null,
          organizationName: me.organization?.name ?? null,
        }}
      />
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper p="lg" component="section" aria-labelledby="settings-edit-title">
            <Title order={2} id="settings-edit-title" mb="md">
              {userText.editProfile}
            </Title>
            <UserEditForm key={user.id} user={user} />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <Paper p="lg" component="section" aria-labelledby="settings-email-title">
              <Title order={2} id="settings-email-title" mb="md">
                {userText.changeEmail}
              </Title>
              <EmailChangeForm user={user} />
            </Paper>
            <NotificationSettingsCard path="/users/me/notifications" />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** The page's shape while the user loads. */
function SettingsSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true">
      <Skeleton h={170} radius="md" />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Skeleton h={420} radius="md" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Skeleton h={220} radius="md" />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
