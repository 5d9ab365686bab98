/**
 * /dbl/system-admin/dashboard (000 §2.5): the organizations with status, name and counts of
 * groups, trainees and interviews, paged; the create button leads to
 * /dbl/organizations/create and a row to the organization. The shared avatars and environments
 * (001 §2) open from here, since the admin's sidebar holds only Dashboard and Admins (000 §2.4).
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { messages } from '@practica/contract';
import { IconMoodSmile, IconPhoto, IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@shared/config/paths';
import { uiText } from '@shared/config/ui-text';
import { OrganizationsTable } from '../../../features/organizations';
import { usePaging } from '../../../lib/paging';
import { routeText } from '../../route-text';

/** System admin dashboard (000 §2.5). */
export default function SystemAdminDashboard() {
  const paging = usePaging();
  const navigate = useNavigate();
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          {uiText.organizationsIntro}
        </Text>
        <Group gap="xs">
          <Button
            component={Link}
            to={paths.avatars()}
            variant="default"
            leftSection={<IconMoodSmile size={16} />}
          >
            {messages.avatars}
          </Button>
          <Button
            component={Link}
            to={paths.environments()}
            variant="default"
            leftSection={<IconPhoto size={16} />}
          >
            {messages.environments}
          </Button>
          <Button
            component={Link}
            to={paths.organizationCreate()}
            leftSection={<IconPlus size={16} />}
          >
            {routeText.newOrganization}
          </Button>
        </Group>
      </Group>
      <OrganizationsTable
        page={paging.page}
        pageSize={paging.pageSize}
        onPageChange={paging.setPage}
        onPageSizeChange={paging.setPageSize}
        onOpen={(organization) => void navigate(paths.organizationDetail(organization.id))}
      />
    </Stack>
  );
}
