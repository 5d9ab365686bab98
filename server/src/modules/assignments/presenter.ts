/**
 * The only path from assignment, member and answer rows to the wire (001 §3 'Assignment',
 * 'Answer'). Scores show only on Reviewed answers (001 §4); image URLs are the files module's.
 */
import {
  AnswerStatus,
  AssignmentStatus,
  type AssignmentAnswer,
  type AssignmentCandidate,
  type AssignmentData,
  type AssignmentDetail,
  type AssignmentListItem,
  type AssignmentUser,
  type AssignmentUserAnswer,
  type RoleId,
} from '@practica/contract';
import type { FileUrls } from '../files/index.js';
import type { AnswerRow, CandidateRow, MemberRow } from './members-repository.js';
import type { AssignmentDetailRow } from './repository.js';
import type { AssignmentListRow, UserAnswerRow } from './list-repository.js';

type StatusId = AssignmentListItem['statusId'];
type AnswerStatusId = AssignmentUserAnswer['statusId'];

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A score only when the answer is Reviewed (001 §4), otherwise null. */
function reviewedScore(statusId: number, score: number | null): number | null {
  return statusId === AnswerStatus.Reviewed && score !== null ? score : null;
}

function presentUserAnswer(row: UserAnswerRow): AssignmentUserAnswer {
  return {
    id: row.id,
    statusId: row.statusId as AnswerStatusId,
    submittedAt: iso(row.submittedAt),
    reviewedAt: iso(row.reviewedAt),
    score: reviewedScore(row.statusId, row.score),
  };
}

/** Maps an assignment row (with counts, and the `userId`'s answer when listed for a user) to a list item. */
export function presentAssignmentListItem(row: AssignmentListRow): AssignmentListItem {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    statusId: row.statusId as StatusId,
    startDate: row.startDate,
    closeDate: row.closeDate,
    organizationId: row.organizationId,
    planned: row.statusId === AssignmentStatus.Planned,
    createdBy:
      row.createdById !== null && row.creatorFirstName !== null
        ? {
            id: row.createdById,
            firstName: row.creatorFirstName,
            lastName: row.creatorLastName ?? '',
          }
        : null,
    traineesCount: row.traineesCount,
    completedCount: row.completedCount,
    instructorsCount: row.instructorsCount,
    ...(row.answer !== undefined
      ? { answer: row.answer ? presentUserAnswer(row.answer) : null }
      : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The detail of 001 §2 'Assignment detail': the list item, the composition's `data` (the
 * composition module's), answer counts, the average score and the action flags of 001 §4.
 */
export function presentAssignmentDetail(
  row: AssignmentDetailRow,
  data: AssignmentData,
): AssignmentDetail {
  const closed = row.statusId === AssignmentStatus.Closed;
  const draft = row.statusId === AssignmentStatus.Draft;
  return {
    ...presentAssignmentListItem(row),
    assignmentSpecificationId: row.id,
    data,
    answerCounts: {
      all: row.traineesCount,
      pending: row.pendingCount,
      submitted: row.submittedCount,
      reviewed: row.reviewedCount,
    },
    averageScore: row.averageScore,
    canReturnToDraft: !draft && !closed && row.completedCount === 0,
    canClose: !closed && row.completedCount > 0,
    canPrintReport: row.completedCount > 0,
    canReopen: closed,
  };
}

/** Maps a member row (user and, for trainees, its answer) to GET /assignments/{id}/users' item; image URL signed with `urls`. */
export function presentMember(urls: FileUrls, row: MemberRow): AssignmentUser {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    roleId: row.roleId as RoleId,
    active: row.active,
    image:
      row.imageId !== null && row.imageKey
        ? { id: row.imageId, url: urls.sign(row.imageKey) }
        : null,
    answer:
      row.answerId !== null && row.answerStatusId !== null
        ? {
            ...presentUserAnswer({
              id: row.answerId,
              statusId: row.answerStatusId,
              submittedAt: row.answerSubmittedAt,
              reviewedAt: row.answerReviewedAt,
              score: row.answerScore,
            }),
            viewed: row.answerViewed ?? false,
          }
        : null,
  };
}

/** Maps a row of the assign dialog's candidates (decisions.md#console-flows §5) to the wire: groups as `{id, name}`. */
export function presentCandidate(row: CandidateRow): AssignmentCandidate {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    active: row.active,
    groups: row.groups.map(([id, name]) => ({ id, name })),
    member: row.member,
    answerStatusId: row.answerStatusId as AnswerStatusId | null,
  };
}

/** Maps an answer row to 001 §3 'Answer' (the score only when Reviewed). */
export function presentAnswer(row: AnswerRow): AssignmentAnswer {
  return {
    id: row.id,
    userId: row.userId,
    user: { id: row.userId, firstName: row.firstName, lastName: row.lastName },
    assignmentId: row.assignmentId,
    statusId: row.statusId as AnswerStatusId,
    score: reviewedScore(row.statusId, row.score),
    submittedAt: iso(row.submittedAt),
    reviewedAt: iso(row.reviewedAt),
    updatedAt: row.updatedAt.toISOString(),
    viewed: row.viewed,
    practiceCounter: row.practiceCounter,
    ratingsAnswerId: row.ratingsAnswerId,
    feedbackAnswerId: row.feedbackAnswerId,
  };
}
