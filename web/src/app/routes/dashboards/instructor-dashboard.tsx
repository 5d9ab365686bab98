/**
 * /dbl/dashboard (000 §2.5): cards Total Trainees, Active Assignments (with a button to the
 * assignments list preselecting the active status) and Pending Review, then the Pending Review
 * list of submitted answers. Figures show a dash until the assignments issue wires the data.
 */
import { SimpleGrid, Stack, Title } from '@mantine/core';
import { AssignmentStatus, messages } from '@practica/contract';
import { IconClipboardCheck, IconClipboardList, IconUsers } from '@tabler/icons-react';
import { DashboardCard } from '../../../components/dashboard-card';
import { ListTable } from '../../../components/list-table';
import { paths } from '../../../config/paths';
import { usePaging } from '../../../lib/paging';

interface PendingAnswerRow {
  id: number;
}

/** Instructor dashboard (000 §2.5). */
export default function InstructorDashboard() {
  const paging = usePaging();
  return (
    <Stack gap="xl">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        <DashboardCard title={messages.totalTrainees} icon={<IconUsers size={20} />} count={null} />
        <DashboardCard
          title={messages.activeAssignments}
          icon={<IconClipboardList size={20} />}
          count={null}
          action={{ label: messages.assignments, to: paths.assignments(AssignmentStatus.Active) }}
        />
        <DashboardCard
          title={messages.pendingReview}
          icon={<IconClipboardCheck size={20} />}
          count={null}
        />
      </SimpleGrid>
      <Stack gap="sm">
        <Title order={2}>{messages.pendingReview}</Title>
        <ListTable<PendingAnswerRow>
          label={messages.pendingReview}
          columns={[
            { key: 'name', header: messages.name, cell: () => null },
            { key: 'title', header: messages.title, cell: () => null },
            { key: 'submitted', header: messages.submitted, cell: () => null },
            { key: 'status', header: messages.status, cell: () => null },
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
    </Stack>
  );
}
