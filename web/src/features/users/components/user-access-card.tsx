/**
 * Role and rights of one user on User detail (000 §2.10, §4): the role, the active toggle
 * (`format.userStatusChanged`) and the creator toggle (`format.creatorStatusChanged`; never for
 * trainees, 000 §4). Each toggle shows only when the policy lets the signed-in user use it; a
 * refusal such as 409 'No creator seats left' shows as a toast with the server's text.
 */
import { Badge, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { format, messages, Role, roleLabel, type User } from '@practica/contract';
import { userText } from '@shared/config/ui-text';
import { useCan } from '../../../lib/can';
import { errorMessage } from '@shared/lib/query-client';
import { toast } from '@shared/lib/toast';
import { useSetUserActive } from '../api/set-user-active';
import { useSetUserCreator } from '../api/set-user-creator';
import { targetOf } from './target';

/** The access card of User detail (000 §2.10). */
export function UserAccessCard({ user }: { user: User }) {
  const target = targetOf(user);
  const mayActivate = useCan('user:activate', target);
  const mayToggleCreator = useCan('user:enableCreator', target) && user.roleId !== Role.Trainee;
  const activeMutation = useSetUserActive();
  const creatorMutation = useSetUserCreator();
  const deleted = user.deletedAt !== null;

  return (
    <Paper p="lg" component="section" aria-labelledby="user-access-title">
      <Title order={2} id="user-access-title" mb="md">
        {userText.access}
      </Title>
      <Stack gap="lg">
        <div>
          <Text size="sm" fw={500}>
            {messages.role}
          </Text>
          <Text size="sm" c="dimmed" data-testid="user-role">
            {roleLabel(user.roleId)}
          </Text>
        </div>
        {mayActivate ? (
          <Switch
            label={messages.active}
            aria-label={messages.active}
            description={userText.activeHint}
            checked={user.active}
            disabled={deleted || activeMutation.isPending}
            onChange={(event) => {
              const active = event.currentTarget.checked;
              activeMutation.mutate(
                { id: user.id, active },
                {
                  onSuccess: () => toast.success(format.userStatusChanged(active)),
                  onError: (error) => toast.error(errorMessage(error)),
                },
              );
            }}
          />
        ) : (
          <Group gap="xs">
            <Text size="sm" fw={500}>
              {messages.status}
            </Text>
            <Badge variant="light" color={user.active ? 'teal' : 'gray'}>
              {user.active ? messages.active : messages.inactive}
            </Badge>
          </Group>
        )}
        {mayToggleCreator && (
          <Switch
            label={userText.creatorToggle}
            aria-label={userText.creatorToggle}
            description={userText.creatorHint}
            checked={user.creator}
            disabled={deleted || creatorMutation.isPending}
            onChange={(event) => {
              const creator = event.currentTarget.checked;
              creatorMutation.mutate(
                { id: user.id, creator },
                {
                  onSuccess: () => toast.success(format.creatorStatusChanged(creator)),
                  onError: (error) => toast.error(errorMessage(error)),
                },
              );
            }}
          />
        )}
      </Stack>
    </Paper>
  );
}
