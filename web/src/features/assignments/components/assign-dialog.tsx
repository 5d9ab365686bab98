/**
 * The assign dialog (001 §2 'Assign dialog', §5): an instructor sees its own groups, a manager or
 * admin the groups of the assignment's organization. Every user of the chosen role carries a
 * selected flag: those already on the assignment start selected, and unticking one removes it on
 * Save — except a trainee who has answered (not Pending, 001 §4), who stays ticked and locked. A
 * whole group may be picked too (its trainees are added). Save needs at least the minimum
 * (`format.selectAtLeastUsers`: 1 instructor, 0 trainees), then adds the newly ticked users and
 * groups and removes the unticked members.
 */
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  ScrollArea,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  AnswerStatus,
  Role,
  assignMinInstructors,
  assignMinTrainees,
  format,
  messages,
  type AssignmentUser,
  type Group as GroupItem,
} from '@practica/contract';
import { useState } from 'react';
import { assignmentText } from '../../../config/assignment-text';
import { useAuth } from '../../../lib/auth';
import { useAddAssignmentMembers, useRemoveAssignmentMembers } from '../api/change-assignment';
import { useAssignGroups } from '../api/list-assign-groups';

export interface AssignDialogProps {
  opened: boolean;
  onClose: () => void;
  assignmentId: number;
  organizationId: number;
  /** Trainees (1) or instructors (2). */
  roleId: typeof Role.Trainee | typeof Role.Instructor;
  /** Users already on the assignment (of `roleId`). */
  memberIds: readonly number[];
  /** Members that cannot be removed (trainees whose answer is not Pending). */
  lockedIds?: readonly number[];
  /**
   * While the members load: the selection starts from them (and unticking removes), so the body
   * waits for them.
   */
  membersLoading?: boolean;
}

/** The assign dialog (001 §2). */
export function AssignDialog(props: AssignDialogProps) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={
        props.roleId === Role.Instructor
          ? assignmentText.assignInstructorsTitle
          : assignmentText.assignTitle
      }
      size="lg"
    >
      {props.opened && (props.membersLoading ? <Loader size="sm" /> : <AssignBody {...props} />)}
    </Modal>
  );
}

/** The members that cannot be removed: trainees whose answer has left Pending (001 §4). */
export function answeredIds(members: readonly AssignmentUser[] | undefined): number[] {
  return (members ?? [])
    .filter((u) => u.answer !== null && u.answer.statusId !== AnswerStatus.Pending)
    .map((u) => u.id);
}

/** What Save does with a selection: the users and groups to add and the members to remove. */
export interface AssignChanges {
  add: number[];
  groupIds: number[];
  remove: number[];
}

/**
 * The changes of a selection (exported for its test): ticked users that are not members are
 * added with the ticked groups; members neither ticked nor in a ticked group nor locked are
 * removed. `chosen` is every user the selection covers (ticked or in a ticked group).
 */
export function assignChanges(
  selected: ReadonlySet<number>,
  groupIds: ReadonlySet<number>,
  groups: readonly Pick<GroupItem, 'id' | 'users'>[],
  memberIds: readonly number[],
  lockedIds: readonly number[],
): AssignChanges & { chosen: Set<number> } {
  const chosen = new Set(selected);
  for (const group of groups) {
    if (!groupIds.has(group.id)) continue;
    for (const u of group.users ?? []) if (u.roleId === Role.Trainee) chosen.add(u.id);
  }
  for (const id of lockedIds) chosen.add(id);
  return {
    chosen,
    add: [...selected].filter((id) => !memberIds.includes(id)),
    groupIds: [...groupIds],
    remove: memberIds.filter((id) => !chosen.has(id)),
  };
}

function AssignBody({
  onClose,
  assignmentId,
  organizationId,
  roleId,
  memberIds,
  lockedIds = [],
}: AssignDialogProps) {
  const { user } = useAuth();
  const isInstructor = user?.roleId === Role.Instructor;
  const supported = isInstructor || user?.roleId === Role.Manager || user?.roleId === Role.Admin;
  const groups = useAssignGroups(
    isInstructor ? { userId: user.id } : { organizationId },
    supported,
  );
  const add = useAddAssignmentMembers(assignmentId);
  const remove = useRemoveAssignmentMembers(assignmentId);
  const [selected, setSelected] = useState<Set<number>>(() => new Set(memberIds));
  const [groupIds, setGroupIds] = useState<Set<number>>(() => new Set());
  const [error, setError] = useState<string | null>(null);
  const min = roleId === Role.Instructor ? assignMinInstructors : assignMinTrainees;
  const list = groups.data?.list ?? [];
  const busy = add.isPending || remove.isPending;
  // Trainees a ticked group brings (also where they appear under another group).
  const viaGroups = new Set(
    list
      .filter((g) => groupIds.has(g.id))
      .flatMap((g) => (g.users ?? []).filter((u) => u.roleId === Role.Trainee).map((u) => u.id)),
  );

  const toggle = (set: Set<number>, id: number) => {
    const next = new Set(set);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  };

  const save = async () => {
    const changes = assignChanges(selected, groupIds, list, memberIds, lockedIds);
    if (changes.chosen.size < min) {
      setError(format.selectAtLeastUsers(min));
      return;
    }
    try {
      if (changes.add.length > 0 || changes.groupIds.length > 0) {
        await add.mutateAsync({
          ids: changes.add,
          ...(changes.groupIds.length > 0 ? { groupIds: changes.groupIds } : {}),
        });
      }
      if (changes.remove.length > 0) await remove.mutateAsync(changes.remove);
      onClose();
    } catch {
      // The mutation's toast told the user; the dialog stays open.
    }
  };

  return (
    <Stack gap="md">
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {groups.isLoading && <Loader size="sm" />}
      {!groups.isLoading && list.length === 0 && <Text c="dimmed">{assignmentText.noGroups}</Text>}
      <ScrollArea.Autosize mah={420}>
        <Stack gap="md">
          {list.map((group) => {
            const users = (group.users ?? []).filter((u) => u.roleId === roleId);
            const wholeGroup = groupIds.has(group.id);
            return (
              <Stack key={group.id} gap={6}>
                <Group justify="space-between">
                  <Title order={5}>{group.name}</Title>
                  {roleId === Role.Trainee && (
                    <Checkbox
                      label={assignmentText.wholeGroup}
                      aria-label={assignmentText.groupLabel(group.name)}
                      checked={wholeGroup}
                      onChange={() => {
                        setGroupIds((s) => toggle(s, group.id));
                        setError(null);
                      }}
                    />
                  )}
                </Group>
                {users.length === 0 && (
                  <Text size="sm" c="dimmed" ml="md">
                    {messages.noRecordsFound}
                  </Text>
                )}
                {users.map((member) => {
                  const locked = lockedIds.includes(member.id);
                  const covered = wholeGroup || viaGroups.has(member.id);
                  return (
                    <Checkbox
                      key={member.id}
                      ml="md"
                      label={`${member.firstName} ${member.lastName}`}
                      description={locked ? assignmentText.completedLocked : undefined}
                      checked={locked || covered || selected.has(member.id)}
                      disabled={locked || covered}
                      onChange={() => {
                        setSelected((s) => toggle(s, member.id));
                        setError(null);
                      }}
                    />
                  );
                })}
              </Stack>
            );
          })}
        </Stack>
      </ScrollArea.Autosize>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={busy}>
          {messages.cancel}
        </Button>
        <Button loading={busy} onClick={() => void save()}>
          {messages.save}
        </Button>
      </Group>
    </Stack>
  );
}
