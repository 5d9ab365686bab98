/**
 * The notification settings card (decisions.md#console-flows §16), shared by the console's Settings (staff,
 * `/users/me/notifications`) and the practice app's Settings (trainees, `/me/notifications`): one
 * switch per kind the user's role receives, each saved as soon as it is flipped (a toast says so;
 * a refusal shows the server's message and the switch goes back). Reloading shows what was saved.
 */
import { Button, Paper, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import {
  messages,
  notificationSettingsSchema,
  type NotificationSetting,
  type NotificationSettings,
} from '@practica/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationsText } from '../config/notifications-text';
import { api } from '../lib/api-client';
import { errorMessage } from '../lib/query-client';
import { toast } from '../lib/toast';

/** Where the signed-in user's settings live: staff or trainee. */
export type NotificationSettingsPath = '/users/me/notifications' | '/me/notifications';

const queryKey = (path: NotificationSettingsPath) => ['notification-settings', path] as const;

/** GET the settings at `path`. */
export function fetchNotificationSettings(
  path: NotificationSettingsPath,
  signal?: AbortSignal,
): Promise<NotificationSettings> {
  return api.get(path, { schema: notificationSettingsSchema, signal });
}

/** PUT one kind on or off at `path`; answers every kind. */
export function saveNotificationSetting(
  path: NotificationSettingsPath,
  setting: NotificationSetting,
): Promise<NotificationSettings> {
  return api.put(path, { body: { settings: [setting] }, schema: notificationSettingsSchema });
}

/** The card: a title, a hint and a switch per kind. */
export function NotificationSettingsCard({ path }: { path: NotificationSettingsPath }) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: queryKey(path),
    queryFn: ({ signal }) => fetchNotificationSettings(path, signal),
  });
  const mutation = useMutation({
    mutationFn: (setting: NotificationSetting) => saveNotificationSetting(path, setting),
    meta: { silent: true },
    onSuccess: (data) => {
      queryClient.setQueryData(queryKey(path), data);
      toast.success(messages.notificationSettingsSaved);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  return (
    <Paper p="lg" component="section" aria-labelledby="notification-settings-title">
      <Title order={2} id="notification-settings-title" mb={4}>
        {notificationsText.title}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {notificationsText.hint}
      </Text>
      {query.isPending ? (
        <Stack gap="md" aria-busy="true">
          <Skeleton h={44} />
          <Skeleton h={44} />
        </Stack>
      ) : query.isError ? (
        <Stack gap="sm" align="flex-start">
          <Text size="sm" c="red.8" role="alert">
            {notificationsText.loadFailed}
          </Text>
          <Button variant="light" onClick={() => void query.refetch()}>
            {notificationsText.tryAgain}
          </Button>
        </Stack>
      ) : query.data.settings.length === 0 ? (
        <Text size="sm">{notificationsText.none}</Text>
      ) : (
        <Stack gap="md">
          {query.data.settings.map((setting) => {
            const saving = mutation.isPending && mutation.variables?.kind === setting.kind;
            const text = notificationsText.kinds[setting.kind];
            return (
              <Switch
                key={setting.kind}
                label={text.label}
                aria-label={text.label}
                description={text.description}
                checked={saving ? mutation.variables.enabled : setting.enabled}
                disabled={mutation.isPending}
                onChange={(event) =>
                  mutation.mutate({ kind: setting.kind, enabled: event.currentTarget.checked })
                }
              />
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}
