/**
 * The assignment detail (001 §2 'Assignment detail', §4): the page title is the assignment's name;
 * tabs Trainees and Instructors on the left, the summary card on the right, and the actions
 * messages.returnToDraft, messages.closeAssignment and 'Print Report' by the server's flags. The report is
 * another feature's: the page passes its button in as `printReport`.
 */
import { Button, Grid, Group, Loader, Paper, Stack, Tabs } from '@mantine/core';
import {
  AnswerStatus,
  AssignmentStatus,
  Role,
  messages,
  type AssignmentUser,
} from '@practica/contract';
import { IconClipboardOff } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { PageTitle } from '../../../components/page-title';
import { StatusMessage } from '../../../components/status-message';
import { assignmentText } from '../../../config/assignment-text';
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
  /** A trainee row: the review screen unless Pending, else user detail. */
  onOpenAnswer: (answerId: number) => void;
  onOpenUser: (userId: number) => void;
  /** After messages.returnToDraft. */
  onReturnedToDraft: () => void;
}

/** The assignment detail screen. */
export function AssignmentDetailView({
  assignmentId,
  printReport,
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
          <Button
            color="red"
            loading={setStatus.isPending}
            onClick={() => setStatus.mutate(AssignmentStatus.Closed)}
          >
            {messages.closeAssignment}
          </Button>
        )}
        {assignment.canPrintReport && printReport}
      </Group>
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder radius="md" p="md">
            <Tabs defaultValue="trainees">
              <Tabs.List mb="md">
                <Tabs.Tab value="trainees">{messages.trainees}</Tabs.Tab>
                <Tabs.Tab value="instructors">{messages.instructors}</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="trainees">
                <TraineesTable
                  assignmentId={assignmentId}
                  counts={assignment.answerCounts}
                  canAdd={assignment.statusId === AssignmentStatus.Active}
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
            </Tabs>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <AssignmentSummary assignment={assignment} />
        </Grid.Col>
      </Grid>
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
