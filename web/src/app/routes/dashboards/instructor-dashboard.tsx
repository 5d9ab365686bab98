/**
 * /dbl/dashboard (000 §2.5): cards Total Trainees, Active Assignments (with a button to the
 * assignments list preselecting the active status) and Pending Review (with a button to the review
 * inbox, decisions.md#review-loop §1), then the Pending Review list of submitted answers, oldest submission first
 * (the inbox's order); a row opens the review screen.
 */
import { SimpleGrid, Stack, Title } from '@mantine/core';
import {
  AnswerStatus,
  AssignmentStatus,
  dateFormat,
  messages,
  type ReviewInboxItem,
} from '@practica/contract';
import { IconClipboardCheck, IconClipboardList, IconUsers } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router';
import { DashboardCard } from '../../../components/dashboard-card';
import { ListTable } from '../../../components/list-table';
import { paths } from '@shared/config/paths';
import { reviewInboxText } from '../../../config/review-inbox-text';
import { AnswerStatusBadge, useAssignmentDashboard } from '../../../features/assignments';
import { useReviewInbox } from '../../../features/review-inbox';
import { usePaging } from '../../../lib/paging';

/** Instructor dashboard (000 §2.5). */
export default function InstructorDashboard() {
  const navigate = useNavigate();
  const paging = usePaging();
  const figures = useAssignmentDashboard().data;
  const answers = useReviewInbox({ page: paging.page, pageSize: paging.pageSize });
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
          action={{ label: reviewInboxText.navLabel, to: paths.reviewInbox() }}
        />
      </SimpleGrid>
      <Stack gap="sm">
        <Title order={2}>{messages.pendingReview}</Title>
        <ListTable<ReviewInboxItem>
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
              cell: (row) => dayjs(row.submittedAt).format(dateFormat),
            },
            {
              key: 'status',
              header: messages.status,
              cell: () => <AnswerStatusBadge statusId={AnswerStatus.Submitted} />,
            },
          ]}
          rows={answers.data?.list}
          total={answers.data?.count ?? 0}
          rowKey={(row) => row.answerId}
          onRowClick={(row) => void navigate(paths.review(row.answerId))}
          page={paging.page}
          pageSize={paging.pageSize}
          onPageChange={paging.setPage}
          onPageSizeChange={paging.setPageSize}
        />
      </Stack>
    </Stack>
  );
}
