/**
 * The only path from answer, item and review-form rows to the wire (001 §3 'Answer', 'Answer item',
 * 'ratingsAnswer'/'feedbackAnswer'). Scores show only on Reviewed answers (001 §4); video URLs are
 * the files module's (served with Range support); an erased reviewer reads 'Deleted user'.
 */
import {
  AnswerStatus,
  messages,
  type AnswerContentAnswer,
  type AnswerData,
  type AnswerDetail,
  type AnswerItem,
  type AnswerListItem,
  type AnswerQuestion,
  type AssignmentContent,
  type AssignmentData,
  type AssignmentRole,
} from '@practica/contract';
import { publicFileUrl } from '../files/index.js';
import type {
  AnswerFullRow,
  AnswerItemRow,
  AnswerListRow,
  ContentAnswerRow,
} from './repository.js';

type AnswerStatusId = AnswerListItem['statusId'];
type AssignmentStatusId = AnswerDetail['assignment']['statusId'];

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A score only when the answer is Reviewed (001 §4), otherwise null. */
export function reviewedScore(statusId: number, score: number | null): number | null {
  return statusId === AnswerStatus.Reviewed && score !== null ? score : null;
}

/** Maps an item row to 001 §3 'Answer item' (the video as `{id, url}` while it is Ready). */
export function presentItem(row: AnswerItemRow): AnswerItem {
  return {
    id: row.id,
    questionId: row.questionId,
    text: row.text,
    duration: row.duration,
    fileId: row.fileId,
    file:
      row.fileId !== null && row.fileKey
        ? { id: row.fileId, url: publicFileUrl(row.fileKey) }
        : null,
    media: { status: 'original', playback: null, poster: null, deletedAfterDays: null },
  };
}

/** Maps a review form row to 'ratingsAnswer'/'feedbackAnswer' (reviewer null: 'Deleted user'). */
export function presentContentAnswer(row: ContentAnswerRow): AnswerContentAnswer {
  const createdBy =
    row.createdById !== null && row.reviewerFirstName !== null
      ? {
          id: row.createdById,
          firstName: row.reviewerFirstName,
          lastName: row.reviewerLastName ?? '',
        }
      : null;
  return {
    id: row.id,
    contentId: row.contentId,
    contentTypeId: row.contentTypeId,
    contentAnswer: {
      createdAt: row.createdAt.toISOString(),
      createdBy,
      createdByName: createdBy
        ? `${createdBy.firstName} ${createdBy.lastName}`.trim()
        : messages.deletedUser,
    },
    answers: row.answers,
    score: row.score,
  };
}

/** 001 §3 'Answer data' of one answer from its items and its latest review forms. */
export function presentAnswerData(
  row: Pick<AnswerListRow, 'ratingsAnswerId' | 'feedbackAnswerId' | 'practiceCounter'>,
  items: readonly AnswerItemRow[],
  forms: ReadonlyMap<number, ContentAnswerRow>,
): AnswerData {
  const form = (id: number | null) => {
    const found = id !== null ? forms.get(id) : undefined;
    return found ? presentContentAnswer(found) : null;
  };
  return {
    interviewAnswer: { answers: items.map(presentItem) },
    ratingsAnswer: form(row.ratingsAnswerId),
    feedbackAnswer: form(row.feedbackAnswerId),
    practiceCounter: row.practiceCounter,
  };
}

/** Maps a list row to GET /assignments/answers' item; `data` when given (includes=answers). */
export function presentAnswerListItem(row: AnswerListRow, data?: AnswerData): AnswerListItem {
  return {
    id: row.id,
    userId: row.userId,
    user: { id: row.userId, firstName: row.firstName, lastName: row.lastName },
    assignmentId: row.assignmentId,
    assignment: { id: row.assignmentId, name: row.assignmentName },
    statusId: row.statusId as AnswerStatusId,
    score: reviewedScore(row.statusId, row.score),
    submittedAt: iso(row.submittedAt),
    reviewedAt: iso(row.reviewedAt),
    updatedAt: row.updatedAt.toISOString(),
    viewed: row.viewed,
    practiceCounter: row.practiceCounter,
    ratingsAnswerId: row.ratingsAnswerId,
    feedbackAnswerId: row.feedbackAnswerId,
    ...(data ? { data } : {}),
  };
}

/**
 * The interview's questions in order for the review player: Q{n}, text, role name and chosen avatar
 * (from the assignment's roles). The recorded items are in the detail's `data` only.
 */
export function presentAnswerQuestions(
  interview: AssignmentContent | null,
  roles: readonly AssignmentRole[],
): AnswerQuestion[] {
  const roleOf = new Map(roles.map((r) => [r.roleId, r]));
  return (interview?.questions ?? []).map((q, index) => {
    const role = q.interviewRoleId !== null ? roleOf.get(q.interviewRoleId) : undefined;
    const interviewRole = interview?.roles.find((r) => r.id === q.interviewRoleId);
    return {
      id: q.id,
      number: index + 1,
      text: q.text,
      description: q.description,
      interviewRoleId: q.interviewRoleId,
      roleName: role?.name ?? interviewRole?.name ?? null,
      avatar: role?.avatar ?? null,
    };
  });
}

/**
 * GET /assignments/answers/{id} and the review call's answer: the answer with its assignment, its
 * data (items and the latest review forms, each once) and the player's questions.
 */
export function presentAnswerDetail(
  row: AnswerFullRow,
  parts: {
    assignmentData: AssignmentData;
    items: readonly AnswerItemRow[];
    forms: ReadonlyMap<number, ContentAnswerRow>;
    canReview: boolean;
  },
): AnswerDetail {
  return {
    ...presentAnswerListItem(row),
    assignment: {
      id: row.assignmentId,
      name: row.assignmentName,
      description: row.assignmentDescription,
      statusId: row.assignmentStatusId as AssignmentStatusId,
      closeDate: row.closeDate,
      organizationId: row.organizationId,
      data: parts.assignmentData,
    },
    data: presentAnswerData(row, parts.items, parts.forms),
    questions: presentAnswerQuestions(parts.assignmentData.interview, parts.assignmentData.roles),
    canReview: parts.canReview,
  };
}
