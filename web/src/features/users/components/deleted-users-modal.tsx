/**
 * The 'Deleted Users' modal (000 §2.9, §4): the soft-deleted users (GET /users?deleted=1,
 * optionally of one organization), paged like every list, each with Restore
 * (`messages.userRestored`; on failure the server's text or `messages.failedToRestoreUser`).
 * Admin only (000 §6). Opened from the admins list and from the organization detail page.
 */
import { Button, Modal, Stack, Text, VisuallyHidden } from '@mantine/core';
import { dateFormat, Existence, messages, roleLabel, type User } from '@practica/contract';
import { IconRestore } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ListTable } from '../../../components/list-table';
import { userText } from '@shared/config/ui-text';
import { usePaging } from '../../../lib/paging';
import { toast } from '@shared/lib/toast';
import { failureText } from '../api/failure-text';
import { useUsers } from '../api/list-users';
import { useRestoreUser } from '../api/restore-user';
import { rowAction } from './row-action';

export interface DeletedUsersModalProps {
  opened: boolean;
  onClose: () => void;
  /** Only the deleted users of this organization. */
  organizationId?: number;
  /** Row click, e.g. to open the user's detail page. */
  onOpenUser?: (user: User) => void;
}

/** Lists soft-deleted users with restore (000 §2.9). */
export function DeletedUsersModal({
  opened,
  onClose,
  organizationId,
  onOpenUser,
}: DeletedUsersModalProps) {
  const paging = usePaging();
  const query = useUsers(
    {
      deleted: Existence.Deleted,
      ...(organizationId !== undefined ? { organizationId } : {}),
      page: paging.page,
      pageSize: paging.pageSize,
    },
    opened,
  );
  const restore = useRestoreUser();
  const [restoringId, setRestoringId] = useState<number | null>(null);

  const onRestore = (user: User) => {
    setRestoringId(user.id);
    restore.mutate(user.id, {
      onSuccess: () => toast.success(messages.userRestored),
      onError: (error) => toast.error(failureText(error, messages.failedToRestoreUser)),
      onSettled: () => setRestoringId(null),
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title={messages.deletedUsers} size="xl">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {userText.deletedUsersIntro}
        </Text>
        <ListTable<User>
          label={messages.deletedUsers}
          loading={query.isPending}
          rows={query.data?.list}
          total={query.data?.total ?? 0}
          page={paging.page}
          pageSize={paging.pageSize}
          onPageChange={paging.setPage}
          onPageSizeChange={paging.setPageSize}
          rowKey={(user) => user.id}
          {...(onOpenUser ? { onRowClick: onOpenUser } : {})}
          columns={[
            {
              key: 'name',
              header: messages.name,
              cell: (user) => (
                <Text size="sm" fw={500}>
                  {`${user.firstName} ${user.lastName}`.trim()}
                </Text>
              ),
            },
            { key: 'email', header: messages.email, cell: (user) => user.email },
            {
              key: 'role',
              header: messages.role,
              cell: (user) => roleLabel(user.roleId),
              width: 110,
            },
            {
              key: 'deletedAt',
              header: userText.deletedOn,
              cell: (user) => (user.deletedAt ? dayjs(user.deletedAt).format(dateFormat) : ''),
              width: 140,
            },
            {
              key: 'restore',
              header: <VisuallyHidden>{messages.restore}</VisuallyHidden>,
              align: 'right',
              width: 130,
              cell: (user) => (
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconRestore size={14} aria-hidden />}
                  loading={restoringId === user.id}
                  disabled={restoringId !== null && restoringId !== user.id}
                  aria-label={userText.restoreUser(`${user.firstName} ${user.lastName}`.trim())}
                  {...rowAction(() => onRestore(user))}
                >
                  {messages.restore}
                </Button>
              ),
            },
          ]}
        />
      </Stack>
    </Modal>
  );
}
