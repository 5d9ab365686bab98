/**
 * The assign dialog (001 §2 'Assign dialog', §5): an instructor sees its own groups, a manager or
 * admin the groups of the assignment's organization. Every user of the chosen role carries a
 * selected flag (those already on the assignment stay selected); a whole group may be picked too.
 * Save needs at least the minimum ('Select at least {n} user(s)') and adds the selection.
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
  Role,
  assignMinInstructors,
  assignMinTrainees,
  format,
  messages,
} from '@practica/contract';
import { useState } from 'react';
import { assignmentText } from '../../../config/assignment-text';
import { useAuth } from '../../../lib/auth';
import { useAddAssignmentMembers } from '../api/change-assignment';
import { useAssignGroups } from '../api/list-assign-groups';

export interface AssignDialogProps {
  opened: boolean;
  onClose: () => void;
  assignmentId: number;
  organizationId: number;
  /** Trainees (1) or instructors (2). */
  roleId: typeof Role.Trainee | typeof Role.Instructor;
  /** Users already on the assignment. */
  memberIds: readonly number[];
}

/** The assign dialog (001 §2). */
export function AssignDialog(props: AssignDialogProps) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={assignmentText.assignTitle}
      size="lg"
    >
      {props.opened && <AssignBody {...props} />}
    </Modal>
  );
}

function AssignBody({
  onClose,
  assignmentId,
  organizationId,
  roleId,
  memberIds,
}: AssignDialogProps) {
  const { user } = useAuth();
  const isInstructor = user?.roleId === Role.Instructor;
  const supported = isInstructor || user?.roleId === Role.Manager || user?.roleId === Role.Admin;
  const groups = useAssignGroups(
    isInstructor ? { userId: user.id } : { organizationId },
    supported,
  );
  const add = useAddAssignmentMembers(assignmentId);
  const [selected, setSelected] = useState<Set<number>>(() => new Set(memberIds));
  const [groupIds, setGroupIds] = useState<Set<number>>(() => new Set());
  const [error, setError] = useState<string | null>(null);
  const min = roleId === Role.Instructor ? assignMinInstructors : assignMinTrainees;

  const toggle = (set: Set<number>, id: number) => {
    const next = new Set(set);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  };

  const save = () => {
    if (selected.size < min) {
      setError(format.selectAtLeastUsers(min));
      return;
    }
    const ids = [...selected].filter((id) => !memberIds.includes(id));
    if (ids.length === 0 && groupIds.size === 0) {
      onClose();
      return;
    }
    add.mutate(
      { ids, ...(groupIds.size > 0 ? { groupIds: [...groupIds] } : {}) },
      { onSuccess: onClose },
    );
  };

  const list = groups.data?.list ?? [];
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
            return (
              <Stack key={group.id} gap={6}>
                <Group justify="space-between">
                  <Title order={5}>{group.name}</Title>
                  {roleId === Role.Trainee && (
                    <Checkbox
                      label={assignmentText.groups}
                      aria-label={`${assignmentText.groups} ${group.name}`}
                      checked={groupIds.has(group.id)}
                      onChange={() => {
                        setGroupIds((s) => toggle(s, group.id));
                        setError(null);
                      }}
                    />
                  )}
                </Group>
                {users.map((member) => (
                  <Checkbox
                    key={member.id}
                    ml="md"
                    label={`${member.firstName} ${member.lastName}`}
                    checked={selected.has(member.id) || groupIds.has(group.id)}
                    disabled={memberIds.includes(member.id) || groupIds.has(group.id)}
                    onChange={() => {
                      setSelected((s) => toggle(s, member.id));
                      setError(null);
                    }}
                  />
                ))}
              </Stack>
            );
          })}
        </Stack>
      </ScrollArea.Autosize>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {messages.cancel}
        </Button>
        <Button loading={add.isPending} onClick={save}>
          {messages.save}
        </Button>
      </Group>
    </Stack>
  );
}
