/**
 * The admins list (000 §2.9): GET /users?roles=4 in the shared list view (25/50/100 per page), a
 * search that applies from 3 characters (000 §5), and a delete button per row where the policy
 * allows it (admin only; never admin id 1 nor oneself, 000 §6). Success toasts
 * `messages.userDeleted`; failure the server's text or `messages.failedToDeleteAdmin`. The delete
 * dialog blocks Cancel while deleting (000 §9). A row opens the admin's detail page.
 */
import { ActionIcon, Avatar, Badge, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { can, messages, Role, searchMinLength, type User } from '@practica/contract';
import { IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { DeleteDialog } from '@shared/components/confirm-dialog';
import { ListTable } from '../../../components/list-table';
import { userText } from '@shared/config/ui-text';
import { useAuth } from '../../../lib/auth';
import { toActor } from '../../../lib/can';
import { usePaging } from '../../../lib/paging';
import { toast } from '@shared/lib/toast';
import { useDeleteUser } from '../api/delete-user';
import { failureText } from '../api/failure-text';
import { useUsers } from '../api/list-users';
import { initialsOf } from './initials';
import { rowAction } from './row-action';
import { targetOf } from './target';

const adminRoles = [Role.Admin] as const;

/** The text a search sends: trimmed, and only from 3 characters (000 §5). */
export function effectiveSearch(text: string): string | undefined {
  const trimmed = text.trim();
  return trimmed.length >= searchMinLength ? trimmed : undefined;
}

export interface AdminsListProps {
  onOpenUser: (user: User) => void;
}

/** The admins table with search and delete (000 §2.9). */
export function AdminsList({ onOpenUser }: AdminsListProps) {
  const { user: me } = useAuth();
  const actor = toActor(me);
  const paging = usePaging();
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, 300);
  const search = effectiveSearch(debounced);
  const tooShort = text.trim().length > 0 && text.trim().length < searchMinLength;
  const query = useUsers({
    roles: adminRoles,
    ...(search ? { search } : {}),
    page: paging.page,
    pageSize: paging.pageSize,
  });
  const deleteMutation = useDeleteUser();
  const [toDelete, setToDelete] = useState<User | null>(null);
  const [deleteOpened, setDeleteOpened] = useState(false);

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteMutation.mutateAsync(toDelete.id);
      toast.success(messages.userDeleted);
    } catch (error) {
      toast.error(failureText(error, messages.failedToDeleteAdmin));
      throw error;
    }
  };

  return (
    <Stack gap="md">
      <TextInput
        type="search"
        label={userText.searchAdmins}
        placeholder={userText.searchPlaceholder}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          paging.setPage(1);
        }}
        description={tooShort ? messages.searchTooShort : undefined}
        maw={420}
      />
      <ListTable<User>
        label={messages.admins}
        empty={{ description: userText.noAdminsHint }}
        loading={query.isPending}
        rows={query.data?.list}
        total={query.data?.total ?? 0}
        page={paging.page}
        pageSize={paging.pageSize}
        onPageChange={paging.setPage}
        onPageSizeChange={paging.setPageSize}
        rowKey={(user) => user.id}
        onRowClick={onOpenUser}
        columns={[
          {
            key: 'name',
            header: messages.name,
            cell: (user) => (
              <Group gap="sm" wrap="nowrap">
                <Avatar src={user.image?.url ?? null} size={32} radius="xl" color="brand" alt="">
                  {initialsOf(user.firstName, user.lastName)}
                </Avatar>
                <Text size="sm" fw={500}>
                  {`${user.firstName} ${user.lastName}`.trim()}
                  {user.id === me?.id && (
                    <Text span size="xs" c="dimmed" ml={6}>
                      {userText.you}
                    </Text>
                  )}
                </Text>
              </Group>
            ),
          },
          { key: 'email', header: messages.email, cell: (user) => user.email },
          {
            key: 'phone',
            header: messages.phoneNumber,
            cell: (user) => user.phoneNumber ?? '',
            width: 150,
          },
          {
            key: 'status',
            header: messages.status,
            width: 110,
            cell: (user) => (
              <Badge variant="light" color={user.active ? 'teal' : 'gray'}>
                {user.active ? messages.active : messages.inactive}
              </Badge>
            ),
          },
          {
            key: 'actions',
            header: userText.actions,
            align: 'right',
            width: 90,
            cell: (user) =>
              can(actor, 'admin:delete', targetOf(user)) ? (
                <Tooltip label={messages.delete}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={userText.deleteNamed(`${user.firstName} ${user.lastName}`.trim())}
                    {...rowAction(() => {
                      setToDelete(user);
                      setDeleteOpened(true);
                    })}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
              ) : null,
          },
        ]}
      />
      <DeleteDialog
        opened={deleteOpened}
        onClose={() => setDeleteOpened(false)}
        onConfirm={confirmDelete}
        title={userText.deleteAdminTitle}
        message={userText.deleteUserConfirm(
          toDelete ? `${toDelete.firstName} ${toDelete.lastName}`.trim() : '',
        )}
      />
    </Stack>
  );
}
