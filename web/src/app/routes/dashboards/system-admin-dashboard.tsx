/**
 * /dbl/system-admin/dashboard (000 §2.5): the list of organizations with status, name and counts
 * of groups, trainees and interviews. Empty until the organizations issue wires GET /organizations.
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { messages } from '@practica/contract';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ListTable } from '../../../components/list-table';
import { paths } from '../../../config/paths';
import { uiText } from '../../../config/ui-text';
import { usePaging } from '../../../lib/paging';
import { routeText } from '../../route-text';

interface OrganizationRow {
  id: number;
}

/** System admin dashboard (000 §2.5). */
export default function SystemAdminDashboard() {
  const paging = usePaging();
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          {uiText.organizationsIntro}
        </Text>
        <Button
          component={Link}
          to={paths.organizationCreate()}
          leftSection={<IconPlus size={16} />}
        >
          {routeText.newOrganization}
        </Button>
      </Group>
      <ListTable<OrganizationRow>
        label={messages.organizations}
        columns={[
          { key: 'status', header: messages.status, cell: () => null, width: 120 },
          { key: 'name', header: messages.name, cell: () => null },
          { key: 'groups', header: messages.groups, cell: () => null, align: 'right', width: 120 },
          {
            key: 'trainees',
            header: messages.trainees,
            cell: () => null,
            align: 'right',
            width: 120,
          },
          {
            key: 'interviews',
            header: messages.interviews,
            cell: () => null,
            align: 'right',
            width: 120,
          },
        ]}
        rows={[]}
        total={0}
        rowKey={(row) => row.id}
        page={paging.page}
        pageSize={paging.pageSize}
        onPageChange={paging.setPage}
        onPageSizeChange={paging.setPageSize}
      />
    </Stack>
  );
}
