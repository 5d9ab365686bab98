/**
 * The organizations table of the system admin dashboard (000 §2.5): status, name and the counts
 * of groups, trainees and interviews, paged; a row opens the organization.
 */
import { Avatar, Group, Text } from '@mantine/core';
import { messages, type OrganizationListItem, type PageSize } from '@practica/contract';
import { organizationText } from '../../../config/organization-text';
import { ListTable } from '../../../components/list-table';
import { useOrganizations } from '../api/list-organizations';
import { ActiveBadge } from './status-badge';

export interface OrganizationsTableProps {
  page: number;
  pageSize: PageSize;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: PageSize) => void;
  onOpen: (organization: OrganizationListItem) => void;
}

/** Paged organizations list (000 §2.5). */
export function OrganizationsTable({
  page,
  pageSize,
  onPageChange,
  onPageSizeChange,
  onOpen,
}: OrganizationsTableProps) {
  const query = useOrganizations(page, pageSize);
  return (
    <ListTable<OrganizationListItem>
      label={messages.organizations}
      empty={{ description: organizationText.noOrganizationsHint }}
      loading={query.isPending}
      rows={query.data?.list}
      total={query.data?.count ?? 0}
      page={page}
      pageSize={pageSize}
      onPageChange={onPageChange}
      onPageSizeChange={onPageSizeChange}
      rowKey={(row) => row.id}
      onRowClick={onOpen}
      columns={[
        {
          key: 'status',
          header: messages.status,
          cell: (row) => <ActiveBadge active={row.active} />,
          width: 120,
        },
        {
          key: 'name',
          header: messages.name,
          cell: (row) => (
            <Group gap="sm" wrap="nowrap">
              <Avatar src={row.image?.url ?? null} alt="" size={28} radius="sm" color="brand">
                {row.name.charAt(0).toUpperCase()}
              </Avatar>
              <Text size="sm" fw={500}>
                {row.name}
              </Text>
            </Group>
          ),
        },
        {
          key: 'groups',
          header: messages.groups,
          cell: (row) => row.groupsCount,
          align: 'right',
          width: 120,
        },
        {
          key: 'trainees',
          header: messages.trainees,
          cell: (row) => row.traineesCount,
          align: 'right',
          width: 120,
        },
        {
          key: 'interviews',
          header: messages.interviews,
          cell: (row) => row.interviewsCount,
          align: 'right',
          width: 120,
        },
      ]}
    />
  );
}
