/**
 * The groups table (000 §2.9 an organization's Groups tab, §2.10 the user detail's groups): the
 * shared list table named `messages.groups` with Name, Description (one line), and the Trainees
 * and Instructors counts. The caller brings the rows, the paging and what a row click does.
 */
import { Text } from '@mantine/core';
import { messages, type Group } from '@practica/contract';
import { ListTable, type ListTableColumn, type ListTableProps } from './list-table';

const columns: ListTableColumn<Group>[] = [
  {
    key: 'name',
    header: messages.name,
    cell: (row) => (
      <Text size="sm" fw={500}>
        {row.name}
      </Text>
    ),
  },
  {
    key: 'description',
    header: messages.description,
    cell: (row) => (
      <Text size="sm" c="dimmed" lineClamp={1}>
        {row.description}
      </Text>
    ),
  },
  {
    key: 'trainees',
    header: messages.trainees,
    cell: (row) => row.traineesCount ?? 0,
    align: 'right',
    width: 110,
  },
  {
    key: 'instructors',
    header: messages.instructors,
    cell: (row) => row.instructorsCount ?? 0,
    align: 'right',
    width: 120,
  },
];

export type GroupsTableProps =
  ListTableProps<Group> extends infer P
    ? P extends unknown
      ? Omit<P, 'columns' | 'label' | 'rowKey'>
      : never
    : never;

/** A list table of groups (000 §2.9, §2.10). */
export function GroupsTable(props: GroupsTableProps) {
  return (
    <ListTable<Group>
      {...props}
      label={messages.groups}
      rowKey={(row) => row.id}
      columns={columns}
    />
  );
}
