/**
 * /dbl/org-manager/dashboard/org (000 §2.5): cards New Invite, Create Group, Seats Usage, Trainee
 * Invites and Creators, then the member tabs. Figures show a dash until the organizations issue
 * wires them (seat usage = active trainees + pending invites over user seats; Creators shows
 * `messages.inactive` when creator seats are 0).
 */
import { SimpleGrid, Stack, Tabs } from '@mantine/core';
import { messages, Role } from '@practica/contract';
import {
  IconArmchair,
  IconMailForward,
  IconPalette,
  IconUserPlus,
  IconUsersPlus,
} from '@tabler/icons-react';
import { useState } from 'react';
import { DashboardCard } from '../../../components/dashboard-card';
import { ListTable } from '../../../components/list-table';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import { usePaging } from '../../../lib/paging';

interface MemberRow {
  id: number;
}

const memberTabs = [
  { value: 'trainees', label: messages.trainees },
  { value: 'instructors', label: messages.instructors },
  { value: 'groups', label: messages.groups },
  { value: 'managers', label: messages.managers },
] as const;

/** Organization manager dashboard (000 §2.5). */
export default function OrgManagerDashboard() {
  const { user } = useAuth();
  const paging = usePaging();
  const [tab, setTab] = useState<string>(memberTabs[0].value);
  const orgId = user?.organizationId ?? undefined;
  return (
    <Stack gap="xl">
      {user?.organization?.name && <PageTitle title={user.organization.name} />}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 5 }} spacing="lg">
        <DashboardCard
          title={messages.newInvite}
          icon={<IconUserPlus size={20} />}
          action={{
            label: messages.inviteMember,
            to: paths.invites({ orgId, roleType: Role.Trainee }),
          }}
        />
        <DashboardCard
          title={messages.createGroup}
          icon={<IconUsersPlus size={20} />}
          action={{ label: messages.add, to: paths.groupCreate(orgId) }}
        />
        <DashboardCard title={messages.seatsUsage} icon={<IconArmchair size={20} />} count={null} />
        <DashboardCard
          title={messages.traineeInvites}
          icon={<IconMailForward size={20} />}
          count={null}
        />
        <DashboardCard title={messages.creators} icon={<IconPalette size={20} />} count={null} />
      </SimpleGrid>
      <Tabs value={tab} onChange={(value) => value && setTab(value)} keepMounted={false}>
        <Tabs.List mb="md">
          {memberTabs.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {memberTabs.map((t) => (
          <Tabs.Panel key={t.value} value={t.value}>
            <ListTable<MemberRow>
              label={t.label}
              columns={[
                { key: 'name', header: messages.name, cell: () => null },
                { key: 'email', header: messages.email, cell: () => null },
                { key: 'status', header: messages.status, cell: () => null, width: 140 },
              ]}
              rows={[]}
              total={0}
              rowKey={(row) => row.id}
              page={paging.page}
              pageSize={paging.pageSize}
              onPageChange={paging.setPage}
              onPageSizeChange={paging.setPageSize}
            />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
