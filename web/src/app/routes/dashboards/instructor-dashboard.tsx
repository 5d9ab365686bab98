/**
 * /dbl/dashboard (000 §2.5): cards Total Trainees, Active Assignments (with a button to the
 * assignments list preselecting the active status) and Pending Review, then the Pending Review
 * list of submitted answers; a row opens the review screen.
 */
import { SimpleGrid, Stack, Title } from '@mantine/core';
import { AssignmentStatus, dateFormat, messages, type AnswerListItem } from '@practica/contract';
import { IconClipboardCheck, IconClipboardList, IconUsers } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router';
import { DashboardCard } from '../../../components/dashboard-card';
import { ListTable } from '../../../components/list-table';
import { paths } from '../../../config/paths';
import {
  AnswerStatusBadge,
  useAssignmentDashboard,
  usePendingAnswers,
} from '../../../features/assignments';
import { usePaging } from '../../../lib/paging';

/** Instructor dashboard (000 §2.5). */
export default function InstructorDashboard() {
  const navigate = useNavigate();
  const paging = usePaging();
  const figures = useAssignmentDashboard().data;
  const answers = usePendingAnswers(paging.page, paging.pageSize);
  return (
    <Stack gap="xl">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        <DashboardCard
          title={messages.totalTrainees}
          icon={<IconUsers size={20} />}
          count={figures?.totalTrainees ?? null}
        />
        <DashboardCard
          title={messages.activeAssignments}
          icon={<IconClipboardList size={20} />}
          count={figures?.activeAssignments ?? null}
          action={{ label: messages.assignments, to: paths.assignments(AssignmentStatus.Active) }}
        />
        <DashboardCard
          title={messages.pendingReview}
          icon={<IconClipboardCheck size={20} />}
          count={figures?.pendingReview ?? null}
        />
      </SimpleGrid>
      <Stack gap="sm">
        <Title order={2}>{messages.pendingReview}</Title>
        <ListTable<AnswerListItem>
          label={messages.pendingReview}
          loading={answers.isLoading}
          columns={[
            {
              key: 'name',
              header: messages.name,
              cell: (row) => `${row.user.firstName} ${row.user.lastName}`,
            },
            { key: 'title', header: messages.title, cell: (row) => row.assignment.name },
            {
              key: 'submitted',
              header: messages.submitted,
              cell: (row) =>
                row.submittedAt ? dayjs(row.submittedAt).format(dateFormat) : messages.noDate,
            },
            {
              key: 'status',
              header: messages.status,
              cell: (row) => <AnswerStatusBadge statusId={row.statusId} />,
            },
          ]}
          rows={answers.data?.list}
          total={answers.data?.count ?? 0}
          rowKey={(row) => row.id}
          onRowClick={(row) => void navigate(paths.review(row.id))}
          page={paging.page}
          pageSize={paging.pageSize}
          onPageChange={paging.setPage}
          onPageSizeChange={paging.setPageSize}
        />
      </Stack>
    </Stack>
  );
}
