/**
 * The assignments tab of the user detail page (000 §2.10): the assignments the user takes part in
 * (Status, Name, the user's answer, Due Date; drafts open the edit screen, others the detail), and
 * for staff who manage assignment members a picker modal — the organization's open assignments on
 * the left with plus icons, the chosen ones on the right with remove icons — saved with
 * PUT /users/{id}/assignments (messages.traineeAssignmentsSaved). Only trainees and instructors
 * take part. Closed assignments stay as they are and are not offered; a trainee who has answered
 * one (not Pending, 001 §4) cannot be taken off it, so it shows locked.
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import {
  AnswerStatus,
  AssignmentStatus,
  Role,
  messages,
  type AssignmentListItem,
  type User,
} from '@practica/contract';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ListTable } from '../../../components/list-table';
import { TransferPicker } from '../../../components/transfer-picker';
import { assignmentText } from '../../../config/assignment-text';
import { paths } from '@shared/config/paths';
import { useCan } from '../../../lib/can';
import {
  useOpenAssignments,
  useSaveUserAssignments,
  useUserAssignments,
} from '../api/user-assignments';
import { dueDateText } from './assignments-list';
import { AnswerStatusBadge, AssignmentStatusBadge } from './status-badges';

/** Whether the user's membership of `row` may change: not Closed, and no answer given yet. */
function removable(row: AssignmentListItem): boolean {
  if (row.statusId === AssignmentStatus.Closed) return false;
  return !row.answer || row.answer.statusId === AnswerStatus.Pending;
}

/** The picker's body; the modal mounts it on open, so it starts from the saved assignments. */
function AssignmentsPicker({
  user,
  current,
  onClose,
}: {
  user: User;
  current: readonly AssignmentListItem[];
  onClose: () => void;
}) {
  const open = useOpenAssignments(user.organizationId ?? 0, user.organizationId !== null);
  const save = useSaveUserAssignments(user.id);
  return (
    <TransferPicker<AssignmentListItem>
      initial={current.filter((a) => a.statusId !== AssignmentStatus.Closed)}
      options={open.data?.list ?? []}
      loading={open.isPending}
      itemKey={(a) => a.id}
      itemName={(a) => a.name}
      itemDetail={(a) => (
        <Group gap={6}>
          <AssignmentStatusBadge statusId={a.statusId} />
          <Text size="xs" c="dimmed">
            {`${messages.dueDate}: ${dueDateText(a.closeDate)}`}
          </Text>
        </Group>
      )}
      availableTitle={assignmentText.availableAssignments}
      chosenTitle={assignmentText.chosenAssignments}
      addLabel={(a) => assignmentText.addAssignmentTo(a.name)}
      removeLabel={(a) => assignmentText.removeAssignmentFrom(a.name)}
      allChosenText={assignmentText.allAssignmentsChosen}
      noneChosenText={assignmentText.noUserAssignments}
      isLocked={(a) => !removable(a)}
      lockedLabel={assignmentText.completedLocked}
      saving={save.isPending}
      onSave={(chosen) =>
        save.mutate(
          chosen.map((a) => a.id),
          { onSuccess: onClose },
        )
      }
      onCancel={onClose}
    />
  );
}

/** The user detail's assignments tab (000 §2.10). */
export function UserAssignmentsTab({ user }: { user: User }) {
  const navigate = useNavigate();
  const assignable = user.roleId === Role.Trainee || user.roleId === Role.Instructor;
  const query = useUserAssignments(assignable ? user.id : 0);
  const [picking, setPicking] = useState(false);
  const mayEdit =
    useCan('assignment:manageMembers', { organizationId: user.organizationId }) &&
    assignable &&
    user.organizationId !== null &&
    user.deletedAt === null;
  const rows = query.data?.list ?? [];
  const isTrainee = user.roleId === Role.Trainee;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {assignable ? assignmentText.userAssignmentsHint : assignmentText.notAssignable}
        </Text>
        {mayEdit && (
          <Button
            variant="light"
            leftSection={<IconPencil size={16} aria-hidden />}
            onClick={() => setPicking(true)}
          >
            {assignmentText.editAssignments}
          </Button>
        )}
      </Group>
      {assignable && (
        <ListTable<AssignmentListItem>
          label={messages.assignments}
          loading={query.isPending}
          rows={rows}
          withPaging={false}
          rowKey={(row) => row.id}
          onRowClick={(row) =>
            void navigate(
              row.statusId === AssignmentStatus.Draft
                ? paths.assignmentEdit(row.id)
                : paths.assignmentDetail(row.id),
            )
          }
          columns={[
            {
              key: 'status',
              header: messages.status,
              cell: (row) => <AssignmentStatusBadge statusId={row.statusId} />,
              width: 120,
            },
            {
              key: 'name',
              header: messages.name,
              cell: (row) => (
                <Text size="sm" fw={500}>
                  {row.name}
                </Text>
              ),
            },
            ...(isTrainee
              ? [
                  {
                    key: 'answer',
                    header: assignmentText.answer,
                    cell: (row: AssignmentListItem) => (
                      <AnswerStatusBadge statusId={row.answer?.statusId} />
                    ),
                    width: 130,
                  },
                ]
              : []),
            {
              key: 'due',
              header: messages.dueDate,
              cell: (row) => dueDateText(row.closeDate),
              width: 130,
            },
          ]}
        />
      )}
      {mayEdit && (
        <Modal
          opened={picking}
          onClose={() => setPicking(false)}
          title={assignmentText.chooseAssignments}
          size="xl"
        >
          <AssignmentsPicker user={user} current={rows} onClose={() => setPicking(false)} />
        </Modal>
      )}
    </Stack>
  );
}
