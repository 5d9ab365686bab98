/**
 * The groups tab of the user detail page (000 §2.10): the user's groups, and for admins and
 * managers a picker modal to choose them — the organization's groups on the left with plus icons,
 * the chosen ones on the right with remove icons — saved with PUT /users/{id}/groups
 * (`messages.userGroupsSaved`; on failure the server's message, else
 * `messages.failedToSaveUserGroups`). Groups hold trainees and instructors only.
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { pageSizeOptions, Role, type Group as GroupItem, type User } from '@practica/contract';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { GroupsTable } from '../../../components/groups-table';
import { TransferPicker } from '../../../components/transfer-picker';
import { paths } from '@shared/config/paths';
import { groupText } from '../../../config/organization-text';
import { useCan } from '../../../lib/can';
import { useGroups } from '../api/list-groups';
import { useSaveUserGroups, useUserGroups } from '../api/user-groups';

type GroupRef = Pick<GroupItem, 'id' | 'name'>;
const largestPage = pageSizeOptions[2];

/** The picker's body; the modal mounts it on open, so it starts from the saved groups. */
function GroupsPicker({
  user,
  current,
  onClose,
}: {
  user: User;
  current: readonly GroupRef[];
  onClose: () => void;
}) {
  const all = useGroups({
    organizationId: user.organizationId ?? undefined,
    page: 1,
    pageSize: largestPage,
  });
  const save = useSaveUserGroups(user.id);
  return (
    <TransferPicker<GroupRef>
      initial={current}
      options={all.data?.list ?? []}
      loading={all.isPending}
      itemKey={(g) => g.id}
      itemName={(g) => g.name}
      availableTitle={groupText.availableGroups}
      chosenTitle={groupText.chosenGroups}
      addLabel={(g) => groupText.addMember(g.name)}
      removeLabel={(g) => groupText.unselectMember(g.name)}
      allChosenText={groupText.allGroupsChosen}
      noneChosenText={groupText.noUserGroups}
      saving={save.isPending}
      onSave={(chosen) =>
        save.mutate(
          chosen.map((g) => g.id),
          { onSuccess: onClose },
        )
      }
      onCancel={onClose}
    />
  );
}

/** The user detail's groups tab (000 §2.10). */
export function UserGroupsTab({ user }: { user: User }) {
  const navigate = useNavigate();
  const query = useUserGroups(user.id);
  const [picking, setPicking] = useState(false);
  const groupable = user.roleId === Role.Trainee || user.roleId === Role.Instructor;
  const mayEdit =
    useCan('user:editGroups', {
      organizationId: user.organizationId,
      userId: user.id,
      roleId: user.roleId,
    }) &&
    groupable &&
    user.organizationId !== null &&
    user.deletedAt === null;
  const mayOpenGroup = useCan('page:groupDetail');
  const groups = query.data?.list ?? [];

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {groupable ? groupText.userGroupsHint : groupText.notGroupable}
        </Text>
        {mayEdit && (
          <Button
            variant="light"
            leftSection={<IconPencil size={16} aria-hidden />}
            onClick={() => setPicking(true)}
          >
            {groupText.editGroups}
          </Button>
        )}
      </Group>
      <GroupsTable
        {...(mayEdit ? { empty: { description: groupText.noUserGroupsHint } } : {})}
        loading={query.isPending}
        rows={groups}
        withPaging={false}
        {...(mayOpenGroup
          ? {
              onRowClick: (row: GroupItem) =>
                void navigate(paths.groupDetail(row.id, row.organizationId)),
            }
          : {})}
      />
      {mayEdit && (
        <Modal
          opened={picking}
          onClose={() => setPicking(false)}
          title={groupText.chooseGroups}
          size="lg"
        >
          <GroupsPicker user={user} current={groups} onClose={() => setPicking(false)} />
        </Modal>
      )}
    </Stack>
  );
}
