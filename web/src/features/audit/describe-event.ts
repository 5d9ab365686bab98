/**
 * An audit event in words a person reads (decisions.md#review-loop §5): "Status Active → Closed", "Tom Trainee’s
 * answer Pending → Submitted", "Submitted a review of Tom Trainee · score 4.0".
 */
import {
  answerStatusLabels,
  assignmentStatusLabels,
  type AnswerStatusId,
  type AssignmentStatusId,
  type AuditEvent,
} from '@practica/contract';
import { activityText as text } from '../../config/review-history-text';

const statusOf = (
  values: Record<string, unknown> | null,
  labels: Record<number, string>,
): string => {
  const id = values?.['statusId'];
  return typeof id === 'number' && labels[id] ? labels[id] : text.unknownStatus;
};

/** The log's answer statuses, else the list's labels. */
const answerLabels: Record<number, string> = {
  ...(answerStatusLabels as Record<AnswerStatusId, string>),
  ...text.answerStatuses,
};

/** What the event did, without who did it (the Who column says that). */
export function describeAuditEvent(event: AuditEvent): string {
  const trainee = event.trainee
    ? `${event.trainee.firstName} ${event.trainee.lastName}`
    : text.someTrainee;
  switch (event.action) {
    case 'assignment.status':
      return text.assignmentStatus(
        statusOf(event.before, assignmentStatusLabels as Record<AssignmentStatusId, string>),
        statusOf(event.after, assignmentStatusLabels as Record<AssignmentStatusId, string>),
      );
    case 'answer.status':
      return text.answerStatus(
        trainee,
        statusOf(event.before, answerLabels),
        statusOf(event.after, answerLabels),
      );
    case 'review.submitted': {
      const score = event.after?.['score'];
      return text.reviewSubmitted(trainee, typeof score === 'number' ? score.toFixed(1) : null);
    }
    case 'claim.takenOver':
      return text.claimTakenOver(trainee, null);
    default:
      return text.other(event.action);
  }
}
