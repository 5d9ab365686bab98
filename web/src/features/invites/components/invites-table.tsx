/**
 * The pending invites table (000 §2.7): name, email, role, group, expiration date and status —
 * expired when the expiration date is before the start of today (`isInviteExpired`), otherwise
 * pending — with delete, re-send and copy link. Copy link asks for a fresh token and copies the
 * registration path on the current host.
 */
import { ActionIcon, Badge, Group, Text, Tooltip } from '@mantine/core';
import {
  dateFormat,
  isInviteExpired,
  messages,
  roleLabels,
  type InviteItem,
} from '@practica/contract';
import { IconLink, IconMailForward, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { DeleteDialog } from '@shared/components/confirm-dialog';
import { ListTable } from '../../../components/list-table';
import { inviteText } from '../../../config/organization-text';
import { usePaging } from '../../../lib/paging';
import { toast } from '@shared/lib/toast';
import { useInviteLink } from '../api/create-invite-link';
import { useDeleteInvite } from '../api/delete-invite';
import { useOrganizationInvites } from '../api/list-organization-invites';
import { useResendInvite } from '../api/resend-invite';
import { copyText } from './copy-text';

const fullName = (invite: InviteItem) => `${invite.firstName} ${invite.lastName}`.trim();

/** Pending and expired invites of one organization (000 §2.7). */
export function InvitesTable({ organizationId }: { organizationId: number }) {
  const paging = usePaging();
  const query = useOrganizationInvites(organizationId, paging.page, paging.pageSize);
  const remove = useDeleteInvite(organizationId);
  const resend = useResendInvite(organizationId);
  const link = useInviteLink();
  // The dialog keeps its invite while it fades out.
  const [deleting, setDeleting] = useState<InviteItem | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [busyId, setBusyId] = useState<number | null>(null);

  const copy = (invite: InviteItem) => {
    setBusyId(invite.id);
    link.mutate(invite.id, {
      onSuccess: async (url) => {
        try {
          await copyText(url);
          toast.success(messages.linkCopied);
        } catch {
          toast.error(messages.somethingWentWrong);
        }
      },
      onSettled: () => setBusyId(null),
    });
  };

  const resendInvite = (invite: InviteItem) => {
    setBusyId(invite.id);
    resend.mutate(invite.id, {
      onSuccess: () => toast.success(messages.inviteResent),
      onSettled: () => setBusyId(null),
    });
  };

  return (
    <>
      <ListTable<InviteItem>
        label={inviteText.pendingInvites}
        empty={{ description: inviteText.noInvitesHint }}
        loading={query.isPending}
        rows={query.data?.list}
        total={query.data?.count ?? 0}
        page={paging.page}
        pageSize={paging.pageSize}
        onPageChange={paging.setPage}
        onPageSizeChange={paging.setPageSize}
        rowKey={(row) => row.id}
        columns={[
          {
            key: 'name',
            header: messages.name,
            cell: (row) => (
              <div>
                <Text size="sm" fw={500}>
                  {fullName(row)}
                </Text>
                <Text size="xs" c="dimmed">
                  {row.email}
                </Text>
              </div>
            ),
          },
          {
            key: 'role',
            header: messages.role,
            cell: (row) => (
              <div>
                <Text size="sm">{roleLabels[row.roleId]}</Text>
                {row.group && (
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {row.group.name}
                  </Text>
                )}
              </div>
            ),
          },
          {
            key: 'status',
            header: messages.status,
            cell: (row) => {
              const expired = isInviteExpired(row.expirationDate);
              const date = dayjs(row.expirationDate).format(dateFormat);
              // An expired invite reads 'Expired 11.22.2026', a pending one 'Pending' over
              // 'Expires 11.29.2026' (decisions.md#console-flows §10).
              return expired ? (
                <Badge variant="light" color="gray" radius="sm" style={{ minWidth: 'max-content' }}>
                  {inviteText.expiredOn(date)}
                </Badge>
              ) : (
                <div>
                  <Badge
                    variant="light"
                    color="blue"
                    radius="sm"
                    style={{ minWidth: 'max-content' }}
                  >
                    {messages.pending}
                  </Badge>
                  <Text size="xs" c="dimmed" mt={2} style={{ whiteSpace: 'nowrap' }}>
                    {inviteText.expiresOn(date)}
                  </Text>
                </div>
              );
            },
          },
          {
            key: 'actions',
            header: inviteText.actions,
            align: 'right',
            width: 136,
            cell: (row) => {
              const expired = isInviteExpired(row.expirationDate);
              const busy = busyId === row.id;
              const name = fullName(row);
              return (
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <Tooltip label={expired ? inviteText.expiredCopyLink : inviteText.copyLink}>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`${inviteText.copyLink}: ${name}`}
                      disabled={expired || busy}
                      onClick={() => copy(row)}
                    >
                      <IconLink size={18} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={inviteText.resend}>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`${inviteText.resend}: ${name}`}
                      disabled={busy}
                      onClick={() => resendInvite(row)}
                    >
                      <IconMailForward size={18} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={inviteText.deleteInvite}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`${inviteText.deleteInvite}: ${name}`}
                      disabled={busy}
                      onClick={() => {
                        setDeleting(row);
                        setConfirmOpen(true);
                      }}
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              );
            },
          },
        ]}
      />
      <DeleteDialog
        opened={confirmOpen}
        onClose={() => setConfirmOpen(false)}
        title={inviteText.deleteInvite}
        message={deleting ? inviteText.deleteConfirm(fullName(deleting)) : ''}
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          toast.success(messages.inviteDeleted);
        }}
      />
    </>
  );
}
