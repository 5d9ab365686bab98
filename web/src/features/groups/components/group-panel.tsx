/**
 * The group panel (000 §2.6): the title, a Delete button (hidden from instructors), tabs
 * Trainees(n) and Instructors(n), edit and add buttons (hidden from instructors), the member
 * list with a remove icon per member (hidden from instructors and trainees), and a row click to
 * the user detail. What a role may do is the contract's policy (000 §6).
 */
import {
  ActionIcon,
  Button,
  Center,
  Group,
  Paper,
  Stack,
  Tabs,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  format,
  messages,
  Role,
  type Group as GroupItem,
  type RoleId,
  type User,
} from '@practica/contract';
import { IconPencil, IconTrash, IconUserMinus, IconUsersPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { DeleteDialog } from '@shared/components/confirm-dialog';
import { ListTable } from '../../../components/list-table';
import { EmptyState } from '../../../components/empty-state';
import { LoadingText } from '../../../components/loading-text';
import { groupText } from '../../../config/organization-text';
import { useCan } from '../../../lib/can';
import { usePaging } from '../../../lib/paging';
import { useRemoveGroupMember } from '../api/change-group-members';
import { useDeleteGroup } from '../api/delete-group';
import { useGroup } from '../api/get-group';
import { useGroupUsers } from '../api/list-group-users';
import { AddMembersModal } from './add-members-modal';
import { GroupFormModal } from './group-form';

type MemberTab = 'trainees' | 'instructors';
const tabRole: Record<MemberTab, RoleId> = { trainees: Role.Trainee, instructors: Role.Instructor };

export interface GroupPanelProps {
  groupId: number;
  /** After the group was deleted (000 §2.6: where to go depends on the role). */
  onDeleted: (group: GroupItem) => void;
  onUserClick: (userId: number) => void;
  /** Show the organization's name under the title (admins see every organization). */
  showOrganization?: boolean;
}

/** One tab's members of a group. */
function MembersTable({
  group,
  roleId,
  label,
  mayRemove,
  onUserClick,
}: {
  group: GroupItem;
  roleId: RoleId;
  label: string;
  mayRemove: boolean;
  onUserClick: (userId: number) => void;
}) {
  const paging = usePaging();
  const query = useGroupUsers(group.id, roleId, paging.page, paging.pageSize);
  const remove = useRemoveGroupMember(group);
  const name = (u: User) => `${u.firstName} ${u.lastName}`.trim();
  return (
    <ListTable<User>
      label={label}
      loading={query.isPending}
      rows={query.data?.list}
      total={query.data?.count ?? 0}
      page={paging.page}
      pageSize={paging.pageSize}
      onPageChange={paging.setPage}
      onPageSizeChange={paging.setPageSize}
      rowKey={(row) => row.id}
      onRowClick={(row) => onUserClick(row.id)}
      columns={[
        {
          key: 'name',
          header: messages.name,
          cell: (row) => (
            <Text size="sm" fw={500}>
              {name(row)}
            </Text>
          ),
        },
        { key: 'email', header: messages.email, cell: (row) => row.email },
        ...(mayRemove
          ? [
              {
                key: 'remove',
                header: messages.remove,
                align: 'right' as const,
                width: 96,
                cell: (row: User) => (
                  <Tooltip label={groupText.removeMember(name(row))}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={groupText.removeMember(name(row))}
                      loading={remove.isPending && remove.variables === row.id}
                      onClick={(event) => {
                        event.stopPropagation();
                        remove.mutate(row.id);
                      }}
                      onKeyDown={(event) => event.stopPropagation()}
                    >
                      <IconUserMinus size={18} />
                    </ActionIcon>
                  </Tooltip>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}

/** The right-hand panel of the groups screen, and the group detail page (000 §2.6). */
export function GroupPanel({ groupId, onDeleted, onUserClick, showOrganization }: GroupPanelProps) {
  const query = useGroup(groupId);
  const group = query.data;
  const target = { organizationId: group?.organizationId ?? null };
  const mayDelete = useCan('group:delete', target);
  const mayEdit = useCan('group:update', target);
  const mayManage = useCan('group:manageMembers', target);
  const remover = useDeleteGroup();
  const [tab, setTab] = useState<MemberTab>('trainees');
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState(false);

  if (!group) {
    return (
      <Paper p="xl">
        <Center py="xl" role="status">
          {query.isPending ? <LoadingText /> : <EmptyState title={messages.noRecordsFound} />}
        </Center>
      </Paper>
    );
  }

  const trainees = group.traineesCount ?? 0;
  const instructors = group.instructorsCount ?? 0;
  const tabs: { value: MemberTab; label: string }[] = [
    { value: 'trainees', label: format.traineesTab(trainees) },
    { value: 'instructors', label: format.instructorsTab(instructors) },
  ];

  return (
    <Paper p="lg" component="section" aria-label={group.name}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="md">
          <div style={{ minWidth: 0, flex: '1 1 220px' }}>
            <Title order={2}>{group.name}</Title>
            <Text size="sm" c="dimmed" mt={2}>
              {group.description}
            </Text>
            {showOrganization && group.organization && (
              <Text size="xs" c="dimmed" mt={4}>
                {groupText.organizationLabel(group.organization.name)}
              </Text>
            )}
          </div>
          <Group gap="xs">
            {mayEdit && (
              <Button
                variant="default"
                leftSection={<IconPencil size={16} aria-hidden />}
                onClick={() => setEditing(true)}
              >
                {messages.edit}
              </Button>
            )}
            {mayManage && (
              <Button
                variant="light"
                leftSection={<IconUsersPlus size={16} aria-hidden />}
                onClick={() => setAdding(true)}
              >
                {messages.addMembers}
              </Button>
            )}
            {mayDelete && (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => setDeleting(true)}
              >
                {messages.delete}
              </Button>
            )}
          </Group>
        </Group>
        <Tabs
          value={tab}
          onChange={(value) => (value === 'trainees' || value === 'instructors') && setTab(value)}
          keepMounted={false}
        >
          <Tabs.List mb="md" aria-label={groupText.members}>
            {tabs.map((t) => (
              <Tabs.Tab key={t.value} value={t.value}>
                {t.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {tabs.map((t) => (
            <Tabs.Panel key={t.value} value={t.value}>
              <MembersTable
                group={group}
                roleId={tabRole[t.value]}
                label={t.label}
                mayRemove={mayManage}
                onUserClick={onUserClick}
              />
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
      {mayEdit && (
        <GroupFormModal
          opened={editing}
          onClose={() => setEditing(false)}
          organizationId={group.organizationId}
          group={group}
          onSaved={() => setEditing(false)}
        />
      )}
      {mayManage && (
        <AddMembersModal
          opened={adding}
          onClose={() => setAdding(false)}
          group={group}
          initialRole={tabRole[tab]}
        />
      )}
      {mayDelete && (
        <DeleteDialog
          opened={deleting}
          onClose={() => setDeleting(false)}
          title={messages.delete}
          message={groupText.deleteConfirm(group.name)}
          loading={remover.isPending}
          onConfirm={async () => {
            await remover.mutateAsync(group.id);
            onDeleted(group);
          }}
        />
      )}
    </Paper>
  );
}
