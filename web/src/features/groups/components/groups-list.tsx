/**
 * The left list of the groups screen (000 §2.6): the user's groups with Name, Trainees count and
 * Instructors count; the chosen one is marked; rows open by click, Enter or Space. Paged when the
 * list is long, with the shared loading and empty texts (000 §2.4).
 */
import { Center, Group, Pagination, Paper, Table, Text } from '@mantine/core';
import { defaultPageSize, messages, type Group as GroupItem } from '@practica/contract';
import { IconUsersGroup } from '@tabler/icons-react';
import type { KeyboardEvent } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { ColumnHeader } from '../../../components/list-table';
import { LoadingText } from '../../../components/loading-text';
import { groupText } from '../../../config/organization-text';
import { uiText } from '@shared/config/ui-text';
import { useGroups } from '../api/list-groups';

export interface GroupsListProps {
  selectedId: number | null;
  onSelect: (group: GroupItem) => void;
  page: number;
  onPageChange: (page: number) => void;
  /** Show each group's organization (admins see every organization's groups). */
  showOrganization?: boolean;
}

/** The user's groups (000 §2.6). */
export function GroupsList({
  selectedId,
  onSelect,
  page,
  onPageChange,
  showOrganization = false,
}: GroupsListProps) {
  const query = useGroups({ page, pageSize: defaultPageSize });
  const rows = query.data?.list ?? [];
  const total = query.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(total / defaultPageSize));
  const onKey = (event: KeyboardEvent, group: GroupItem) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect(group);
    }
  };

  let body;
  if (query.isPending) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={3}>
          <Center py="xl" role="status">
            <LoadingText />
          </Center>
        </Table.Td>
      </Table.Tr>
    );
  } else if (total < 1) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={3}>
          <EmptyState
            icon={<IconUsersGroup size={24} stroke={1.5} />}
            title={messages.noRecordsFound}
            description={groupText.noGroupsHint}
          />
        </Table.Td>
      </Table.Tr>
    );
  } else {
    body = rows.map((group) => {
      const selected = group.id === selectedId;
      return (
        <Table.Tr
          key={group.id}
          tabIndex={0}
          aria-current={selected || undefined}
          onClick={() => onSelect(group)}
          onKeyDown={(event) => onKey(event, group)}
          bg={selected ? 'var(--mantine-color-brand-0)' : undefined}
          style={{ cursor: 'pointer' }}
        >
          <Table.Td>
            <Text size="sm" fw={selected ? 650 : 500} c={selected ? 'brand.8' : undefined}>
              {group.name}
            </Text>
            {showOrganization && group.organization && (
              <Text size="xs" c="dimmed" lineClamp={1}>
                {group.organization.name}
              </Text>
            )}
          </Table.Td>
          <Table.Td ta="right">{group.traineesCount ?? 0}</Table.Td>
          <Table.Td ta="right">{group.instructorsCount ?? 0}</Table.Td>
        </Table.Tr>
      );
    });
  }

  return (
    <Paper p={0} style={{ overflow: 'hidden' }}>
      <Table
        aria-label={messages.groups}
        aria-busy={query.isPending}
        highlightOnHover={total > 0}
        verticalSpacing="sm"
        horizontalSpacing="md"
      >
        <Table.Thead bg="var(--mantine-color-gray-0)">
          <Table.Tr>
            {[messages.name, messages.trainees, messages.instructors].map((header, i) => (
              <Table.Th
                key={header}
                ta={i === 0 ? undefined : 'right'}
                w={i === 0 ? undefined : 96}
              >
                <ColumnHeader>{header}</ColumnHeader>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{body}</Table.Tbody>
      </Table>
      {pages > 1 && (
        <Group
          justify="center"
          py="sm"
          style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
        >
          <Pagination
            size="sm"
            total={pages}
            value={Math.min(page, pages)}
            onChange={onPageChange}
            aria-label={uiText.pagination}
          />
        </Group>
      )}
    </Paper>
  );
}
