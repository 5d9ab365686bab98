/**
 * The trainees of an assignment (001 §2 'Assignment detail' Trainees tab and the edit screen):
 * optional status tags All, Pending, To review, Reviewed with counts; the table Status, Name,
 * Submitted, Score (only when Reviewed) and a remove action on Pending rows.
 */
import { ActionIcon, Button, Chip, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import {
  AnswerStatus,
  Role,
  dateFormat,
  format,
  messages,
  type AssignmentUser,
} from '@practica/contract';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ConfirmDialog } from '@shared/components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { ColumnHeader } from '../../../components/list-table';
import { assignmentText } from '../../../config/assignment-text';
import { useRemoveAssignmentMembers } from '../api/change-assignment';
import { useAssignmentUsers } from '../api/list-assignment-users';
import { AnswerStatusBadge } from './status-badges';

export interface TraineesTableProps {
  assignmentId: number;
  /** Counts of the filter tags; no tags when absent. */
  counts?: { all: number; pending: number; submitted: number; reviewed: number };
  /** Shows the add button. */
  canAdd: boolean;
  /** Offers removal on Pending rows (not on a Closed assignment, which refuses it); default true. */
  canRemove?: boolean;
  onAdd: () => void;
  onRowClick?: (user: AssignmentUser) => void;
}

const tags = [
  { value: 0, label: messages.all, count: 'all' },
  { value: AnswerStatus.Pending, label: messages.pending, count: 'pending' },
  { value: AnswerStatus.Submitted, label: messages.toReview, count: 'submitted' },
  { value: AnswerStatus.Reviewed, label: messages.reviewed, count: 'reviewed' },
] as const;

/** The trainees table with its filters and actions. */
export function TraineesTable({
  assignmentId,
  counts,
  canAdd,
  canRemove = true,
  onAdd,
  onRowClick,
}: TraineesTableProps) {
  const [status, setStatus] = useState(0);
  const users = useAssignmentUsers(assignmentId, Role.Trainee, status || undefined);
  const remove = useRemoveAssignmentMembers(assignmentId);
  const [removing, setRemoving] = useState<AssignmentUser | null>(null);
  const rows = users.data?.list ?? [];

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        {counts ? (
          <Chip.Group value={String(status)} onChange={(v) => setStatus(Number(v))}>
            <Group gap="xs">
              {tags.map((tag) => (
                <Chip key={tag.value} value={String(tag.value)} size="sm">
                  {`${tag.label} (${counts[tag.count]})`}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        ) : (
          <Text fw={600}>{format.traineesTab(users.data?.count ?? 0)}</Text>
        )}
        {canAdd && (
          <Button
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={onAdd}
            style={{ flexShrink: 0 }}
          >
            {messages.add}
          </Button>
        )}
      </Group>
      {/* At 375 px the table scrolls inside itself, never the page (decisions.md#console-flows §13). */}
      <Table.ScrollContainer minWidth={480} type="native">
        <Table highlightOnHover aria-label={messages.trainees}>
          <Table.Thead bg="var(--mantine-color-gray-0)">
            <Table.Tr>
              <Table.Th>
                <ColumnHeader>{messages.status}</ColumnHeader>
              </Table.Th>
              <Table.Th>
                <ColumnHeader>{messages.name}</ColumnHeader>
              </Table.Th>
              <Table.Th>
                <ColumnHeader>{messages.submitted}</ColumnHeader>
              </Table.Th>
              <Table.Th>
                <ColumnHeader>{messages.score}</ColumnHeader>
              </Table.Th>
              <Table.Th w={50} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  {users.isLoading ? (
                    <Text c="dimmed" size="sm">
                      {messages.loading}
                    </Text>
                  ) : (
                    <EmptyState title={messages.noRecordsFound} />
                  )}
                </Table.Td>
              </Table.Tr>
            )}
            {rows.map((row) => {
              const answerStatus = row.answer?.statusId ?? AnswerStatus.Pending;
              return (
                <Table.Tr
                  key={row.id}
                  style={onRowClick ? { cursor: 'pointer' } : undefined}
                  onClick={() => onRowClick?.(row)}
                >
                  <Table.Td>
                    <AnswerStatusBadge statusId={answerStatus} />
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {`${row.firstName} ${row.lastName}`}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {row.answer?.submittedAt
                      ? dayjs(row.answer.submittedAt).format(dateFormat)
                      : messages.noDate}
                  </Table.Td>
                  <Table.Td>
                    {answerStatus === AnswerStatus.Reviewed && row.answer?.score != null
                      ? format.scoreOutOf(Math.round(row.answer.score))
                      : ''}
                  </Table.Td>
                  <Table.Td>
                    {canRemove && answerStatus === AnswerStatus.Pending && (
                      <Tooltip label={assignmentText.removeTrainee}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`${messages.remove} ${row.firstName} ${row.lastName}`}
                          onClick={(event) => {
                            event.stopPropagation();
                            setRemoving(row);
                          }}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ConfirmDialog
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={assignmentText.removeTrainee}
        message={removing ? `${removing.firstName} ${removing.lastName}` : ''}
        confirmLabel={messages.remove}
        danger
        onConfirm={() => (removing ? remove.mutateAsync([removing.id]) : undefined)}
      />
    </Stack>
  );
}
