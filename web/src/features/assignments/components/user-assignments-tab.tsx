/**
 * The assignments tab of the user detail page (000 §2.10): the assignments the user takes part in
 * (Status, Name, the user's answer, Due Date; drafts open the edit screen, others the detail), and
 * for staff who manage assignment members a picker modal — the organization's open assignments on
 * the left with plus icons, the chosen ones on the right with remove icons — saved with
 * PUT /users/{id}/assignments (messages.traineeAssignmentsSaved). Only trainees and instructors
 * take part. Closed assignments stay as they are and are not offered; a trainee who has answered
 * one (not Pending, 001 §4) cannot be taken off it, so it shows locked.
 */
import {
  ActionIcon,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  AnswerStatus,
  AssignmentStatus,
  Role,
  defaultPageSize,
  messages,
  type AssignmentListItem,
  type User,
} from '@practica/contract';
import { IconLock, IconMinus, IconPencil, IconPlus } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ListTable } from '../../../components/list-table';
import { assignmentText } from '../../../config/assignment-text';
import { paths } from '../../../config/paths';
import { useCan } from '../../../lib/can';
import {
  useOpenAssignments,
  useSaveUserAssignments,
  useUserAssignments,
} from '../api/user-assignments';
import { dueDateText } from './assignments-list';
import { AnswerStatusBadge, AssignmentStatusBadge } from './status-badges';

const listStyle = { listStyle: 'none', margin: 0, padding: 0 } as const;

/** Whether the user's membership of `row` may change: not Closed, and no answer given yet. */
function removable(row: AssignmentListItem): boolean {
  if (row.statusId === AssignmentStatus.Closed) return false;
  return !row.answer || row.answer.statusId === AnswerStatus.Pending;
}

function PickerColumn({
  title,
  count,
  children,
}: {
  title: string;
  count: number;
  children: ReactNode;
}) {
  return (
    <Paper p={0} style={{ overflow: 'hidden' }}>
      <Group justify="space-between" px="sm" py="xs" bg="var(--mantine-color-gray-0)">
        <Title order={3} fz="sm">
          {title}
        </Title>
        <Badge variant="light" color="gray" size="sm" radius="sm">
          {count}
        </Badge>
      </Group>
      <ScrollArea h={300} type="auto">
        {children}
      </ScrollArea>
    </Paper>
  );
}

function PickerRow({ row, action }: { row: AssignmentListItem; action: ReactNode }) {
  return (
    <li>
      <Group justify="space-between" wrap="nowrap" gap="xs" px="sm" py={8}>
        <Stack gap={2} miw={0}>
          <Text size="sm" fw={500} truncate>
            {row.name}
          </Text>
          <Group gap={6}>
            <AssignmentStatusBadge statusId={row.statusId} />
            <Text size="xs" c="dimmed">
              {`${messages.dueDate}: ${dueDateText(row.closeDate)}`}
            </Text>
          </Group>
        </Stack>
        {action}
      </Group>
    </li>
  );
}

function Hint({ children }: { children: ReactNode }) {
  return (
    <Center h={180} px="md">
      <Text size="sm" c="dimmed" ta="center">
        {children}
      </Text>
    </Center>
  );
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
  const [chosen, setChosen] = useState<AssignmentListItem[]>(() =>
    current.filter((a) => a.statusId !== AssignmentStatus.Closed),
  );
  const open = useOpenAssignments(user.organizationId ?? 0, user.organizationId !== null);
  const save = useSaveUserAssignments(user.id);
  const chosenIds = new Set(chosen.map((a) => a.id));
  const available = (open.data?.list ?? []).filter((a) => !chosenIds.has(a.id));

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <PickerColumn title={assignmentText.availableAssignments} count={available.length}>
          {open.isPending ? (
            <Center h={180} role="status">
              <Group gap="xs">
                <Loader size="sm" />
                <Text size="sm" c="dimmed">
                  {messages.loading}
                </Text>
              </Group>
            </Center>
          ) : available.length === 0 ? (
            <Hint>
              {(open.data?.count ?? 0) === 0
                ? messages.noRecordsFound
                : assignmentText.allAssignmentsChosen}
            </Hint>
          ) : (
            <ul role="list" aria-label={assignmentText.availableAssignments} style={listStyle}>
              {available.map((row) => (
                <PickerRow
                  key={row.id}
                  row={row}
                  action={
                    <ActionIcon
                      variant="light"
                      aria-label={assignmentText.addAssignmentTo(row.name)}
                      onClick={() => setChosen((list) => [...list, row])}
                    >
                      <IconPlus size={16} />
                    </ActionIcon>
                  }
                />
              ))}
            </ul>
          )}
        </PickerColumn>
        <PickerColumn title={assignmentText.chosenAssignments} count={chosen.length}>
          {chosen.length === 0 ? (
            <Hint>{assignmentText.noUserAssignments}</Hint>
          ) : (
            <ul role="list" aria-label={assignmentText.chosenAssignments} style={listStyle}>
              {chosen.map((row) => (
                <PickerRow
                  key={row.id}
                  row={row}
                  action={
                    removable(row) ? (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={assignmentText.removeAssignmentFrom(row.name)}
                        onClick={() => setChosen((list) => list.filter((a) => a.id !== row.id))}
                      >
                        <IconMinus size={16} />
                      </ActionIcon>
                    ) : (
                      <Tooltip label={assignmentText.completedLocked}>
                        <Center
                          w={28}
                          h={28}
                          c="dimmed"
                          aria-label={assignmentText.completedLocked}
                        >
                          <IconLock size={16} />
                        </Center>
                      </Tooltip>
                    )
                  }
                />
              ))}
            </ul>
          )}
        </PickerColumn>
      </SimpleGrid>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={save.isPending}>
          {messages.cancel}
        </Button>
        <Button
          loading={save.isPending}
          onClick={() =>
            save.mutate(
              chosen.map((a) => a.id),
              { onSuccess: onClose },
            )
          }
        >
          {messages.save}
        </Button>
      </Group>
    </Stack>
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
          total={query.data?.count ?? 0}
          page={1}
          pageSize={defaultPageSize}
          onPageChange={() => undefined}
          onPageSizeChange={() => undefined}
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
