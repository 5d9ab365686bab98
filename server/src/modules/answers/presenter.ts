/**
 * The only path from answer, item and review-form rows to the wire (001 §3 'Answer', 'Answer item',
 * 'ratingsAnswer'/'feedbackAnswer'). Scores show only on Reviewed answers (001 §4); video URLs are
 * the files module's (served with Range support; signed with the app's `urls`, files/url.ts), with
 * the MP4 and poster the media jobs made; an erased reviewer reads 'Deleted user'.
 */
import {
  AnswerStatus,
  answerTimeLimitSeconds,
  format,
  messages,
  type AnswerContentAnswer,
  type AnswerData,
  type AnswerDetail,
  type AnswerItem,
  type AnswerItemMedia,
  type AnswerListItem,
  type AnswerQuestion,
  type AssignmentContent,
  type AssignmentData,
  type AssignmentRole,
  type AnswerReviewConflict,
  type ReviewClaim,
} from '@practica/contract';
import { MediaStatus } from '../../db/schema/index.js';
import type { FileUrls } from '../files/index.js';
import type {
  AnswerFullRow,
  AnswerItemRow,
  AnswerListRow,
  ContentAnswerRow,
  ReviewRow,
} from './repository.js';
import { nameOf } from '../../lib/person-name.js';

type AnswerStatusId = AnswerListItem['statusId'];
type AssignmentStatusId = AnswerDetail['assignment']['statusId'];

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A score only when the answer is Reviewed (001 §4), otherwise null. */
export function reviewedScore(statusId: number, score: number | null): number | null {
  return statusId === AnswerStatus.Reviewed && score !== null ? score : null;
}

const dayMs = 24 * 60 * 60 * 1000;

/** A file as `{id, url}` while it is Ready (its key known), else null. */
const fileRefOf = (urls: FileUrls, id: number | null, key: string | null) =>
  id !== null && key ? { id, url: urls.sign(key) } : null;

const mediaStatusNames = {
  [MediaStatus.None]: 'original',
  [MediaStatus.Processing]: 'processing',
  [MediaStatus.Ready]: 'ready',
  [MediaStatus.Failed]: 'failed',
} as const satisfies Record<number, AnswerItemMedia['status']>;

/** The reviewer's sentence for each code of a failed processing (`mediaFailureCode`). */
const mediaFailureTexts: ReadonlyMap<string, string> = new Map([
  ['unreadable', messages.mediaUnreadable],
  ['too-long', format.mediaTooLong(answerTimeLimitSeconds)],
  ['too-slow', messages.mediaTooSlow],
]);

/**
 * How the item's video plays (`answerItemMediaSchema`): 'deleted' once VIDEO_RETENTION_DAYS
 * removed it, with the whole days between the review and the removal (at least 1); otherwise its
 * media status, with the MP4 and poster while they are Ready ('ready' without a Ready MP4 falls
 * back to 'original': the original plays) and, when 'failed', the reason when one is known.
 */
function presentMedia(urls: FileUrls, row: AnswerItemRow): AnswerItemMedia {
  if (row.videoDeletedAt) {
    const days =
      row.reviewedAt !== null
        ? Math.max(1, Math.floor((row.videoDeletedAt.getTime() - row.reviewedAt.getTime()) / dayMs))
        : null;
    return {
      status: 'deleted',
      playback: null,
      poster: null,
      deletedAfterDays: days,
      failure: null,
    };
  }
  const playback = fileRefOf(urls, row.playbackFileId, row.playbackKey);
  const status =
    mediaStatusNames[row.mediaStatus as keyof typeof mediaStatusNames] ?? mediaStatusNames[0];
  return {
    status: status === 'ready' && !playback ? 'original' : status,
    playback: status === 'ready' ? playback : null,
    poster: status === 'ready' ? fileRefOf(urls, row.posterFileId, row.posterKey) : null,
    deletedAfterDays: null,
    failure:
      status === 'failed' && row.mediaFailure !== null
        ? (mediaFailureTexts.get(row.mediaFailure) ?? null)
        : null,
  };
}

/**
 * Maps an item row to 001 §3 'Answer item': the video as `{id, url}` while it is Ready, and
 * `media`, how it plays (`presentMedia`); URLs signed with `urls`.
 */
export function presentItem(urls: FileUrls, row: AnswerItemRow): AnswerItem {
  return {
    id: row.id,
    questionId: row.questionId,
    text: row.text,
    duration: row.duration,
    fileId: row.fileId,
    file: fileRefOf(urls, row.fileId, row.fileKey),
    media: presentMedia(urls, row),
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
      createdByName: nameOf(createdBy),
    },
    answers: row.answers,
    score: row.score,
  };
}

/** 001 §3 'Answer data' of one answer from its items (URLs signed with `urls`) and its latest review forms. */
export function presentAnswerData(
  urls: FileUrls,
  row: Pick<AnswerListRow, 'ratingsAnswerId' | 'feedbackAnswerId' | 'practiceCounter'>,
  items: readonly AnswerItemRow[],
  forms: ReadonlyMap<number, ContentAnswerRow>,
): AnswerData {
  const form = (id: number | null) => {
    const found = id !== null ? forms.get(id) : undefined;
    return found ? presentContentAnswer(found) : null;
  };
  return {
    interviewAnswer: { answers: items.map((item) => presentItem(urls, item)) },
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
 * data (items and the latest review forms, each once; URLs signed with `urls`) and the player's
 * questions.
 */
export function presentAnswerDetail(
  urls: FileUrls,
  row: AnswerFullRow,
  parts: {
    assignmentData: AssignmentData;
    items: readonly AnswerItemRow[];
    forms: ReadonlyMap<number, ContentAnswerRow>;
    canReview: boolean;
    /** The live claim on the answer (decisions.md#review-loop §4), or null. */
    claim: ReviewClaim | null;
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
    data: presentAnswerData(urls, row, parts.items, parts.forms),
    questions: presentAnswerQuestions(parts.assignmentData.interview, parts.assignmentData.roles),
    canReview: parts.canReview,
    reviewVersion: row.reviewVersion,
    claim: parts.claim,
  };
}

/**
 * The 409 data of a review sent against an older version (decisions.md#review-loop §4): the answer's latest
 * review `review` with its forms among `forms`; null when the answer has none.
 */
export function presentReviewConflict(
  review: ReviewRow | undefined,
  forms: ReadonlyMap<number, ContentAnswerRow>,
): AnswerReviewConflict {
  if (!review) return { latestReview: null };
  const reviewer =
    review.reviewerId !== null && review.reviewerFirstName !== null
      ? {
          id: review.reviewerId,
          firstName: review.reviewerFirstName,
          lastName: review.reviewerLastName ?? '',
        }
      : null;
  const form = (id: number | null) => {
    const row = id !== null ? forms.get(id) : undefined;
    return row ? presentContentAnswer(row) : null;
  };
  return {
    latestReview: {
      version: review.version,
      reviewer,
      reviewerName: nameOf(reviewer),
      reviewedAt: review.createdAt.toISOString(),
      score: review.score,
      ratingsAnswer: form(review.ratingsAnswerId),
      feedbackAnswer: form(review.feedbackAnswerId),
    },
  };
}
