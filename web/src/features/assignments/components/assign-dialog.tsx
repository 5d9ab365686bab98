/**
 * The assign dialog (001 §2 'Assign dialog', §5; decisions.md#console-flows §5). Trainees: whole groups on top (an
 * instructor's own groups, a manager's or admin's of the assignment's organization), then the
 * people themselves, searched by name or email on the server a page at a time — for a manager or
 * admin every trainee of the organization, in a group or not; for an instructor the people of its
 * groups. Inactive accounts are listed, marked and cannot be ticked (the add call refuses them).
 * Every user carries a selected flag: those already on the assignment start selected, and
 * unticking one removes it on Save — except a trainee who has answered (not Pending, 001 §4), who
 * stays ticked and locked. Save needs at least the minimum (`format.selectAtLeastUsers`: 1
 * instructor, 0 trainees), then adds the newly ticked users and groups and removes the unticked
 * members.
 */
import {
  Alert,
  Badge,
  Box,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Pagination,
  ScrollArea,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  AnswerStatus,
  Role,
  assignMinInstructors,
  assignMinTrainees,
  format,
  messages,
  searchMinLength,
  type AssignmentCandidate,
  type AssignmentUser,
  type Group as GroupItem,
} from '@practica/contract';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { assignmentText } from '../../../config/assignment-text';
import { useAuth } from '../../../lib/auth';
import { useAddAssignmentMembers, useRemoveAssignmentMembers } from '../api/change-assignment';
import { assignCandidatesPageSize, useAssignCandidates } from '../api/list-assign-candidates';
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

/** The search the server is asked: 3+ characters after trimming, otherwise none. */
export function candidateSearch(text: string): string | undefined {
  const trimmed = text.trim();
  return trimmed.length >= searchMinLength ? trimmed : undefined;
}

function toggle(set: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(set);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** One person of the list: name, email and groups (wrapping), the inactive tag. */
function CandidateRow({
  candidate,
  checked,
  locked,
  covered,
  onToggle,
}: {
  candidate: AssignmentCandidate;
  checked: boolean;
  locked: boolean;
  covered: boolean;
  onToggle: () => void;
}) {
  // An inactive account cannot be added; one already on the assignment may still be unticked.
  const refused = !candidate.active && !checked;
  const details = [candidate.email, candidate.groups.map((g) => g.name).join(', ')]
    .filter((part) => part !== '')
    .join(' · ');
  return (
    <Group wrap="nowrap" justify="space-between" align="flex-start" gap="sm">
      <Checkbox
        style={{ flex: 1, minWidth: 0 }}
        styles={{ description: { overflowWrap: 'anywhere' } }}
        label={`${candidate.firstName} ${candidate.lastName}`}
        description={
          locked
            ? assignmentText.completedLocked
            : refused
              ? `${assignmentText.inactiveHint} · ${details}`
              : details
        }
        checked={locked || covered || checked}
        disabled={locked || covered || refused}
        onChange={onToggle}
      />
      {!candidate.active && (
        <Badge color="gray" variant="light" style={{ flexShrink: 0 }}>
          {assignmentText.inactive}
        </Badge>
      )}
    </Group>
  );
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
  const withGroups = roleId === Role.Trainee;
  const groups = useAssignGroups(
    isInstructor ? { userId: user.id } : { organizationId },
    supported && withGroups,
  );
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(candidateSearch(searchText), 300);
  const [page, setPage] = useState(1);
  const candidates = useAssignCandidates(assignmentId, { roleId, search, page });
  const add = useAddAssignmentMembers(assignmentId);
  const remove = useRemoveAssignmentMembers(assignmentId);
  const [selected, setSelected] = useState<Set<number>>(() => new Set(memberIds));
  const [groupIds, setGroupIds] = useState<Set<number>>(() => new Set());
  const [error, setError] = useState<string | null>(null);
  const min = roleId === Role.Instructor ? assignMinInstructors : assignMinTrainees;
  const groupList = withGroups ? (groups.data?.list ?? []) : [];
  const people = candidates.data?.list ?? [];
  const count = candidates.data?.count ?? 0;
  const busy = add.isPending || remove.isPending;
  // Trainees a ticked group brings.
  const viaGroups = new Set(
    groupList
      .filter((g) => groupIds.has(g.id))
      .flatMap((g) => (g.users ?? []).filter((u) => u.roleId === Role.Trainee).map((u) => u.id)),
  );

  const save = async () => {
    const changes = assignChanges(selected, groupIds, groupList, memberIds, lockedIds);
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
      {withGroups && (
        <Stack gap={6}>
          <Text fw={600} size="sm">
            {assignmentText.assignGroupsHeading}
          </Text>
          {groups.isLoading && <Loader size="sm" />}
          {!groups.isLoading && groupList.length === 0 && (
            <Text size="sm" c="dimmed">
              {assignmentText.noGroups}
            </Text>
          )}
          <ScrollArea.Autosize mah={150} type="auto">
            <Stack gap={6}>
              {groupList.map((group) => {
                const trainees = (group.users ?? []).filter((u) => u.roleId === Role.Trainee);
                return (
                  <Checkbox
                    key={group.id}
                    styles={{ label: { overflowWrap: 'anywhere' } }}
                    label={group.name}
                    aria-label={assignmentText.groupLabel(group.name)}
                    description={assignmentText.groupTrainees(trainees.length)}
                    checked={groupIds.has(group.id)}
                    onChange={() => {
                      setGroupIds((s) => toggle(s, group.id));
                      setError(null);
                    }}
                  />
                );
              })}
            </Stack>
          </ScrollArea.Autosize>
        </Stack>
      )}
      <Stack gap={6}>
        <Text fw={600} size="sm">
          {assignmentText.assignPeopleHeading(roleId)}
        </Text>
        <Text size="xs" c="dimmed">
          {isInstructor ? assignmentText.assignScopeOwnGroups : assignmentText.assignScopeAll}
        </Text>
        <TextInput
          aria-label={assignmentText.assignSearchLabel}
          placeholder={assignmentText.assignSearchPlaceholder}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={searchText}
          onChange={(event) => {
            setSearchText(event.currentTarget.value);
            setPage(1);
          }}
        />
        <ScrollArea.Autosize mah={300} type="auto">
          <Stack gap={8} py={4} aria-busy={candidates.isFetching}>
            {candidates.isLoading && <Loader size="sm" />}
            {!candidates.isLoading && people.length === 0 && (
              <Text size="sm" c="dimmed">
                {candidates.isError ? messages.somethingWentWrong : assignmentText.noCandidates}
              </Text>
            )}
            {people.map((candidate) => (
              <CandidateRow
                key={candidate.id}
                candidate={candidate}
                checked={selected.has(candidate.id)}
                locked={
                  lockedIds.includes(candidate.id) ||
                  (candidate.answerStatusId !== null &&
                    candidate.answerStatusId !== AnswerStatus.Pending)
                }
                covered={viaGroups.has(candidate.id)}
                onToggle={() => {
                  setSelected((s) => toggle(s, candidate.id));
                  setError(null);
                }}
              />
            ))}
          </Stack>
        </ScrollArea.Autosize>
        {count > assignCandidatesPageSize && (
          <Box>
            <Pagination
              size="sm"
              total={Math.ceil(count / assignCandidatesPageSize)}
              value={page}
              onChange={setPage}
            />
          </Box>
        )}
      </Stack>
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
