/** Status tags of assignments (001 §3 statuses) and of trainee answers (Pending, To review, Reviewed). */
import { Badge } from '@mantine/core';
import {
  AnswerStatus,
  AssignmentStatus,
  assignmentStatusLabels,
  messages,
  type AssignmentStatusId,
} from '@practica/contract';

const assignmentColors: Partial<Record<AssignmentStatusId, string>> = {
  [AssignmentStatus.Draft]: 'gray',
  [AssignmentStatus.Planned]: 'blue',
  [AssignmentStatus.Active]: 'teal',
  [AssignmentStatus.Closed]: 'dark',
};

/** The assignment status tag. */
export function AssignmentStatusBadge({ statusId }: { statusId: AssignmentStatusId }) {
  return (
    <Badge color={assignmentColors[statusId] ?? 'gray'} variant="light">
      {assignmentStatusLabels[statusId]}
    </Badge>
  );
}

/** 001 §4: Pending (also when none), Submitted shown as 'To review', Reviewed. */
export function answerStatusLabel(statusId: number | null | undefined): string {
  if (statusId === AnswerStatus.Submitted) return messages.toReview;
  if (statusId === AnswerStatus.Reviewed) return messages.reviewed;
  return messages.pending;
}

/** The answer status tag. */
export function AnswerStatusBadge({ statusId }: { statusId: number | null | undefined }) {
  const color =
    statusId === AnswerStatus.Reviewed
      ? 'teal'
      : statusId === AnswerStatus.Submitted
        ? 'orange'
        : 'gray';
  return (
    <Badge color={color} variant="light">
      {answerStatusLabel(statusId)}
    </Badge>
  );
}
