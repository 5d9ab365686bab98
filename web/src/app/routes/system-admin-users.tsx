/**
 * /dbl/system-admin/users (000 §2.9): the admins list with search and delete, the Add Admin modal
 * and the Deleted Users modal (soft-deleted users of every organization, with restore). A row
 * opens the user's detail page.
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { messages } from '@practica/contract';
import { IconTrashOff } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { CreateButton } from '../../components/create-button';
import { paths } from '@shared/config/paths';
import { userText } from '@shared/config/ui-text';
import { AddAdminModal, AdminsList, DeletedUsersModal } from '../../features/users';
import { useCan } from '../../lib/can';

/** The admins page (000 §2.9). */
export default function SystemAdminUsersPage() {
  const navigate = useNavigate();
  const [addOpened, add] = useDisclosure(false);
  const [deletedOpened, deleted] = useDisclosure(false);
  const mayCreate = useCan('admin:create');
  const maySeeDeleted = useCan('user:viewDeleted');

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Text c="dimmed" size="sm">
          {userText.adminsIntro}
        </Text>
        <Group gap="sm">
          {maySeeDeleted && (
            <Button
              variant="default"
              leftSection={<IconTrashOff size={16} aria-hidden />}
              onClick={deleted.open}
            >
              {messages.deletedUsers}
            </Button>
          )}
          {mayCreate && <CreateButton onClick={add.open}>{messages.addAdmin}</CreateButton>}
        </Group>
      </Group>
      <AdminsList onOpenUser={(user) => void navigate(paths.userDetail(user.id))} />
      <AddAdminModal opened={addOpened} onClose={add.close} />
      <DeletedUsersModal
        opened={deletedOpened}
        onClose={deleted.close}
        onOpenUser={(user) => {
          deleted.close();
          void navigate(paths.userDetail(user.id));
        }}
      />
    </Stack>
  );
}
