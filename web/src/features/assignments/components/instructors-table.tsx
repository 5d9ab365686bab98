/** The Instructors tab of an assignment (001 §2): count title 'Instructors:', Name, Email, add. */
import { Button, Group, Table, Text, Stack } from '@mantine/core';
import { Role, messages, type AssignmentUser } from '@practica/contract';
import { IconPlus } from '@tabler/icons-react';
import { ColumnHeader } from '../../../components/list-table';
import { useAssignmentUsers } from '../api/list-assignment-users';

export interface InstructorsTableProps {
  assignmentId: number;
  onAdd: () => void;
  onRowClick: (user: AssignmentUser) => void;
}

/** The instructors table. */
export function InstructorsTable({ assignmentId, onAdd, onRowClick }: InstructorsTableProps) {
  const users = useAssignmentUsers(assignmentId, Role.Instructor);
  const rows = users.data?.list ?? [];
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text fw={600}>{`${messages.instructorsCountTitle} ${users.data?.count ?? 0}`}</Text>
        <Button size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={onAdd}>
          {messages.add}
        </Button>
      </Group>
      {/* At 375 px the table scrolls inside itself, never the page (decisions.md#console-flows §13). */}
      <Table.ScrollContainer minWidth={420} type="native">
        <Table highlightOnHover aria-label={messages.instructors}>
          <Table.Thead bg="var(--mantine-color-gray-0)">
            <Table.Tr>
              <Table.Th>
                <ColumnHeader>{messages.name}</ColumnHeader>
              </Table.Th>
              <Table.Th>
                <ColumnHeader>{messages.email}</ColumnHeader>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id} style={{ cursor: 'pointer' }} onClick={() => onRowClick(row)}>
                <Table.Td>{`${row.firstName} ${row.lastName}`}</Table.Td>
                <Table.Td>{row.email}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
