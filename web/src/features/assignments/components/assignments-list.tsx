/**
 * The assignments list (001 §2 'Assignments list'): status chips Active, Completed (closed) and
 * Drafted (draft) with counts, the search by name (3+ characters), the add button and the table
 * Status, Name, Trainees, Due Date, Created by. Drafts open the edit screen, others the detail.
 */
import { Button, Chip, Group, Stack, TextInput } from '@mantine/core';
import {
  AssignmentStatus,
  dateFormat,
  messages,
  searchMinLength,
  type AssignmentListItem,
} from '@practica/contract';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ListTable } from '../../../components/list-table';
import { assignmentText } from '../../../config/assignment-text';
import { usePaging } from '../../../lib/paging';
import { useAssignments } from '../api/list-assignments';
import { AssignmentStatusBadge } from './status-badges';

/** The chips in the spec's order with the count each shows. */
const chips = [
  { statusId: AssignmentStatus.Active, label: messages.active, count: 'active' },
  { statusId: AssignmentStatus.Closed, label: messages.completed, count: 'closed' },
  { statusId: AssignmentStatus.Draft, label: messages.drafted, count: 'draft' },
] as const;

export interface AssignmentsListProps {
  /** The chosen chip's status id. */
  statusId: number;
  onStatusChange: (statusId: number) => void;
  onAdd: () => void;
  onOpen: (row: AssignmentListItem) => void;
}

/** A due date as shown in lists: month.day.year, or a dash. */
export function dueDateText(closeDate: string | null | undefined): string {
  return closeDate ? dayjs(closeDate).format(dateFormat) : messages.noDate;
}

/** The assignments list (001 §2). */
export function AssignmentsList({ statusId, onStatusChange, onAdd, onOpen }: AssignmentsListProps) {
  const paging = usePaging();
  const [term, setTerm] = useState('');
  const trimmed = term.trim();
  const search = trimmed.length >= searchMinLength ? trimmed : undefined;
  const query = useAssignments({
    status: statusId,
    search,
    page: paging.page,
    pageSize: paging.pageSize,
  });
  const counts = query.data?.statusCounts;

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Chip.Group
          value={String(statusId)}
          onChange={(value) => {
            paging.setPage(1);
            onStatusChange(Number(value));
          }}
        >
          <Group gap="xs">
            {chips.map((chip) => (
              <Chip key={chip.statusId} value={String(chip.statusId)}>
                {`${chip.label} (${counts ? counts[chip.count] : 0})`}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        <Group gap="sm">
          <TextInput
            aria-label={messages.searchByName}
            placeholder={assignmentText.searchPlaceholder}
            w={280}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={term}
            onChange={(event) => {
              setTerm(event.currentTarget.value);
              paging.setPage(1);
            }}
          />
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onAdd}>
            {assignmentText.addAssignment}
          </Button>
        </Group>
      </Group>
      <ListTable<AssignmentListItem>
        label={messages.assignments}
        loading={query.isLoading}
        rows={query.data?.list}
        total={query.data?.count ?? 0}
        rowKey={(row) => row.id}
        onRowClick={onOpen}
        page={paging.page}
        pageSize={paging.pageSize}
        onPageChange={paging.setPage}
        onPageSizeChange={paging.setPageSize}
        columns={[
          {
            key: 'status',
            header: messages.status,
            cell: (row) => <AssignmentStatusBadge statusId={row.statusId} />,
          },
          { key: 'name', header: messages.name, cell: (row) => row.name },
          { key: 'trainees', header: messages.trainees, cell: (row) => row.traineesCount },
          { key: 'due', header: messages.dueDate, cell: (row) => dueDateText(row.closeDate) },
          {
            key: 'createdBy',
            header: messages.createdBy,
            cell: (row) =>
              row.createdBy
                ? `${row.createdBy.firstName} ${row.createdBy.lastName}`
                : messages.noDate,
          },
        ]}
      />
    </Stack>
  );
}
