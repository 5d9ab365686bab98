/**
 * The assignment detail (001 §2 'Assignment detail', §4): the page title is the assignment's name;
 * tabs Trainees and Instructors on the left, the summary card on the right, and the actions
 * messages.returnToDraft, messages.closeAssignment and 'Print Report' by the server's flags. The report is
 * another feature's: the page passes its button in as `printReport`. decisions.md#console-flows §3: Close asks first,
 * saying how many answers are still to review and how many trainees are Pending; a Closed
 * assignment offers 'Reopen' (Closed → Active) to a Manager or Admin ('assignment:reopen').
 */
import { Button, Grid, Group, Loader, Paper, Stack, Tabs, Text } from '@mantine/core';
import {
  AnswerStatus,
  AssignmentStatus,
  Role,
  dateFormat,
  messages,
  type AssignmentDetail,
  type AssignmentUser,
} from '@practica/contract';
import { IconClipboardOff } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '@shared/components/confirm-dialog';
import { PageTitle } from '@shared/components/page-title';
import { StatusMessage } from '@shared/components/status-message';
import { assignmentText } from '../../../config/assignment-text';
import { insightsText } from '../../../config/insights-text';
import { useCan } from '../../../lib/can';
import { useSetAssignmentStatus } from '../api/change-assignment';
import { useAssignment } from '../api/get-assignment';
import { useAssignmentUsers } from '../api/list-assignment-users';
import { AssignDialog, answeredIds } from './assign-dialog';
import { AssignmentSummary } from './assignment-summary';
import { InstructorsTable } from './instructors-table';
import { TraineesTable } from './trainees-table';

export interface AssignmentDetailViewProps {
  assignmentId: number;
  /** The 'Print Report' control (composed by the page from the report feature). */
  printReport?: ReactNode;
  /**
   * The 'Insights' tab's content (decisions.md#insights-and-administration §1, composed by the page from the insights feature):
   * rendered only while the tab is open, so its charts load then.
   */
  insights?: ReactNode;
  /** A trainee row: the review screen unless Pending, else user detail. */
  onOpenAnswer: (answerId: number) => void;
  onOpenUser: (userId: number) => void;
  /** After messages.returnToDraft. */
  onReturnedToDraft: () => void;
}

/** A line of a confirmation's message (the dialog sets it inside one paragraph). */
function Line({ children, color }: { children: ReactNode; color?: string }) {
  return (
    <Text span display="block" size="sm" mb={6} c={color}>
      {children}
    </Text>
  );
}

/** What closing leaves undone: answers still to review and trainees still Pending (decisions.md#console-flows §3). */
function CloseSummary({ assignment }: { assignment: AssignmentDetail }) {
  const { submitted, pending } = assignment.answerCounts;
  return (
    <>
      {submitted > 0 && (
        <Line color="orange.8">{assignmentText.closeConfirmToReview(submitted)}</Line>
      )}
      {pending > 0 && <Line>{assignmentText.closeConfirmPending(pending)}</Line>}
      <Line>{assignmentText.closeConfirmEffect}</Line>
    </>
  );
}

/** What reopening does, and a due date already passed (decisions.md#console-flows §3). */
function ReopenSummary({ assignment }: { assignment: AssignmentDetail }) {
  const pastDue =
    assignment.closeDate !== null && dayjs(assignment.closeDate).isBefore(dayjs(), 'day');
  return (
    <>
      <Line>{assignmentText.reopenConfirmEffect}</Line>
      {pastDue && (
        <Line color="orange.8">
          {assignmentText.reopenPastDue(dayjs(assignment.closeDate).format(dateFormat))}
        </Line>
      )}
    </>
  );
}

/** The assignment detail screen. */
export function AssignmentDetailView({
  assignmentId,
  printReport,
  insights,
  onOpenAnswer,
  onOpenUser,
  onReturnedToDraft,
}: AssignmentDetailViewProps) {
  const query = useAssignment(assignmentId);
  const setStatus = useSetAssignmentStatus(assignmentId);
  const [assigning, setAssigning] = useState<typeof Role.Trainee | typeof Role.Instructor | null>(
    null,
  );
  const members = useAssignmentUsers(assignmentId, assigning ?? Role.Trainee);
  // The confirmation asked last; kept while the dialog fades out, so its texts do not flip.
  const [confirming, setConfirming] = useState<'close' | 'reopen'>('close');
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [tab, setTab] = useState<string | null>('trainees');
  const confirm = (kind: 'close' | 'reopen') => {
    setConfirming(kind);
    setConfirmOpen(true);
  };
  const mayReopen = useCan('assignment:reopen', {
    organizationId: query.data?.organizationId ?? null,
  });

  if (query.isLoading) return <Loader />;
  const assignment = query.data;
  if (!assignment)
    return <StatusMessage icon={<IconClipboardOff size={40} />} title={assignmentText.notFound} />;

  const openTrainee = (user: AssignmentUser) => {
    if (user.answer && user.answer.statusId !== AnswerStatus.Pending) onOpenAnswer(user.answer.id);
    else onOpenUser(user.id);
  };

  return (
    <Stack gap="md">
      <PageTitle title={assignment.name} />
      <Group justify="flex-end" gap="sm">
        {assignment.canReturnToDraft && (
          <Button
            variant="default"
            loading={setStatus.isPending}
            onClick={() =>
              setStatus.mutate(AssignmentStatus.Draft, { onSuccess: onReturnedToDraft })
            }
          >
            {messages.returnToDraft}
          </Button>
        )}
        {assignment.canClose && (
          <Button color="red" onClick={() => confirm('close')}>
            {messages.closeAssignment}
          </Button>
        )}
        {assignment.canReopen && mayReopen && (
          <Button variant="default" onClick={() => confirm('reopen')}>
            {assignmentText.reopen}
          </Button>
        )}
        {assignment.canPrintReport && printReport}
      </Group>
      <Grid gap="lg" align="flex-start">
        {/* The insights' charts take the page's width; the summary goes under them. */}
        <Grid.Col span={{ base: 12, md: tab === 'insights' ? 12 : 8 }}>
          <Paper withBorder radius="md" p="md">
            <Tabs value={tab} onChange={setTab}>
              <Tabs.List mb="md">
                <Tabs.Tab value="trainees">{messages.trainees}</Tabs.Tab>
                <Tabs.Tab value="instructors">{messages.instructors}</Tabs.Tab>
                {insights && <Tabs.Tab value="insights">{insightsText.tab}</Tabs.Tab>}
              </Tabs.List>
              <Tabs.Panel value="trainees">
                <TraineesTable
                  assignmentId={assignmentId}
                  counts={assignment.answerCounts}
                  canAdd={assignment.statusId === AssignmentStatus.Active}
                  canRemove={assignment.statusId !== AssignmentStatus.Closed}
                  onAdd={() => setAssigning(Role.Trainee)}
                  onRowClick={openTrainee}
                />
              </Tabs.Panel>
              <Tabs.Panel value="instructors">
                <InstructorsTable
                  assignmentId={assignmentId}
                  onAdd={() => setAssigning(Role.Instructor)}
                  onRowClick={(user) => onOpenUser(user.id)}
                />
              </Tabs.Panel>
              {insights && (
                <Tabs.Panel value="insights">{tab === 'insights' && insights}</Tabs.Panel>
              )}
            </Tabs>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: tab === 'insights' ? 12 : 4 }}>
          <AssignmentSummary assignment={assignment} />
        </Grid.Col>
      </Grid>
      <ConfirmDialog
        opened={confirmOpen}
        onClose={() => setConfirmOpen(false)}
        title={
          confirming === 'reopen'
            ? assignmentText.reopenConfirmTitle
            : assignmentText.closeConfirmTitle
        }
        message={
          confirming === 'reopen' ? (
            <ReopenSummary assignment={assignment} />
          ) : (
            <CloseSummary assignment={assignment} />
          )
        }
        confirmLabel={confirming === 'reopen' ? assignmentText.reopen : messages.closeAssignment}
        danger={confirming === 'close'}
        onConfirm={() =>
          setStatus.mutateAsync(
            confirming === 'reopen' ? AssignmentStatus.Active : AssignmentStatus.Closed,
          )
        }
      />
      <AssignDialog
        opened={assigning !== null}
        onClose={() => setAssigning(null)}
        assignmentId={assignmentId}
        organizationId={assignment.organizationId}
        roleId={assigning ?? Role.Trainee}
        memberIds={members.data?.list.map((u) => u.id) ?? []}
        lockedIds={answeredIds(members.data?.list)}
        membersLoading={!members.data || members.isPlaceholderData}
      />
    </Stack>
  );
}
