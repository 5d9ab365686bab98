/**
 * After Confirm (decisions.md#console-flows §6): the created assignment (a Draft) with its trainees, 'Assign
 * trainees' (the assign dialog) and 'Publish now' (PUT /assignments/{id}/status Draft → Active,
 * then the assignment detail), or 'Keep as Draft' — one flow instead of Confirm → Drafts → open →
 * Add → Save → Publish. The controls follow the policy ('assignment:manageMembers',
 * 'assignment:changeStatus' on the assignment's organization). The panel is in the URL
 * (`?created=<id>`), so a reload shows it again; an assignment that is no longer a Draft offers to
 * open it instead of publishing.
 */
import {
  Badge,
  Box,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { AssignmentStatus, Role, messages, wizardSteps } from '@practica/contract';
import { IconCircleCheck, IconClipboardOff, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { StatusMessage } from '@shared/components/status-message';
import { assignmentWizardText } from '../../../../config/assignment-wizard-text';
import { useCan } from '../../../../lib/can';
import { useSetAssignmentStatus } from '../../api/change-assignment';
import { useAssignment } from '../../api/get-assignment';
import { useAssignmentUsers } from '../../api/list-assignment-users';
import { AssignDialog, answeredIds } from '../assign-dialog';
import { dueDateText } from '../assignments-list';
import { AssignmentStatusBadge } from '../status-badges';
import { WizardStepper } from './wizard-stepper';

/** How many trainee names the panel lists before '+n'. */
const shownTrainees = 12;

export interface CreatedPanelProps {
  assignmentId: number;
  /** After publishing (or for an assignment already published): the assignment detail. */
  onOpenAssignment: (assignmentId: number) => void;
  /** 'Keep as Draft': the list of drafts. */
  onKeptAsDraft: () => void;
}

/** The panel shown once the wizard created the assignment. */
export function CreatedPanel({ assignmentId, onOpenAssignment, onKeptAsDraft }: CreatedPanelProps) {
  const query = useAssignment(assignmentId);
  const assignment = query.data;
  const target = { organizationId: assignment?.organizationId ?? null };
  const mayPublish = useCan('assignment:changeStatus', target);
  const mayAssign = useCan('assignment:manageMembers', target);
  const trainees = useAssignmentUsers(assignmentId, Role.Trainee);
  const setStatus = useSetAssignmentStatus(assignmentId);
  const [assigning, setAssigning] = useState(false);

  if (query.isLoading) return <Loader />;
  if (!assignment)
    return (
      <StatusMessage
        icon={<IconClipboardOff size={32} />}
        title={assignmentWizardText.createdNotFound}
        action={
          <Button variant="default" onClick={onKeptAsDraft}>
            {assignmentWizardText.backToList}
          </Button>
        }
      />
    );

  const publishable =
    assignment.statusId === AssignmentStatus.Draft ||
    assignment.statusId === AssignmentStatus.Planned;
  const members = trainees.data?.list ?? [];
  const count = trainees.data?.count ?? members.length;

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="lg">
        <Box visibleFrom="sm">
          <WizardStepper active={wizardSteps} />
        </Box>
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon size={44} radius="xl" variant="light" color="teal" aria-hidden>
            <IconCircleCheck size={26} />
          </ThemeIcon>
          <Stack gap={6} style={{ minWidth: 0 }}>
            <Title order={3} style={{ overflowWrap: 'anywhere' }}>
              {assignmentWizardText.createdTitle(assignment.name)}
            </Title>
            <Group gap="sm">
              <AssignmentStatusBadge statusId={assignment.statusId} />
              <Text size="sm" c="dimmed">
                {messages.dueDate}: {dueDateText(assignment.closeDate)}
              </Text>
            </Group>
            {publishable && (
              <Text size="sm" c="dimmed">
                {mayPublish
                  ? assignmentWizardText.createdHint
                  : assignmentWizardText.createdNoPublish}
              </Text>
            )}
          </Stack>
        </Group>

        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Group justify="space-between" gap="sm">
              <Stack gap={2}>
                <Title order={4}>{messages.trainees}</Title>
                {trainees.isPending ? (
                  <Loader size="xs" />
                ) : (
                  <Text size="sm" c="dimmed" aria-live="polite">
                    {count === 0
                      ? assignmentWizardText.traineesNone
                      : assignmentWizardText.traineesCount(count)}
                  </Text>
                )}
              </Stack>
              {mayAssign && (
                <Button
                  variant={count === 0 ? 'filled' : 'light'}
                  leftSection={<IconUserPlus size={16} />}
                  onClick={() => setAssigning(true)}
                >
                  {count === 0
                    ? assignmentWizardText.assignTrainees
                    : assignmentWizardText.editTrainees}
                </Button>
              )}
            </Group>
            {members.length > 0 && (
              <Group gap={6} aria-label={messages.trainees} role="list">
                {members.slice(0, shownTrainees).map((user) => (
                  <Badge key={user.id} variant="light" color="gray" tt="none" role="listitem">
                    {user.firstName} {user.lastName}
                  </Badge>
                ))}
                {count > shownTrainees && (
                  <Text size="sm" c="dimmed">
                    +{count - shownTrainees}
                  </Text>
                )}
              </Group>
            )}
          </Stack>
        </Paper>

        <Group justify="flex-end" gap="sm">
          {publishable ? (
            <>
              <Button variant="default" onClick={onKeptAsDraft}>
                {assignmentWizardText.keepDraft}
              </Button>
              {mayPublish && (
                <Button
                  variant={count === 0 ? 'light' : 'filled'}
                  loading={setStatus.isPending}
                  onClick={() =>
                    setStatus.mutate(AssignmentStatus.Active, {
                      onSuccess: () => onOpenAssignment(assignmentId),
                    })
                  }
                >
                  {assignmentWizardText.publishNow}
                </Button>
              )}
            </>
          ) : (
            <Button onClick={() => onOpenAssignment(assignmentId)}>
              {assignmentWizardText.openAssignment}
            </Button>
          )}
        </Group>
      </Stack>
      {mayAssign && (
        <AssignDialog
          opened={assigning}
          onClose={() => setAssigning(false)}
          assignmentId={assignmentId}
          organizationId={assignment.organizationId}
          roleId={Role.Trainee}
          memberIds={members.map((u) => u.id)}
          lockedIds={answeredIds(members)}
          membersLoading={!trainees.data || trainees.isPlaceholderData}
        />
      )}
    </Paper>
  );
}
