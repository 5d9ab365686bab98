/**
 * The only path from rows to the mobile API's wire shapes (decisions.md#assignments-and-answers): my assignments, one assignment for practice (questions in order with role, avatar,
 * audio prompts; the environment), my answer with its items and my review. URLs are the files
 * module's, signed with the app's `urls` (files/url.ts).
 */
import {
  AnswerStatus,
  QuestionType,
  ratingScaleMax,
  type AssignmentContent,
  type AssignmentData,
  type MeAnswer,
  type MeAssignmentDetail,
  type MeAssignmentListItem,
  type MeQuestion,
  type MeReview,
  type MeReviewComment,
  type MeReviewFeedback,
  type MeReviewRating,
} from '@practica/contract';
import { reviewedScore, presentItem } from '../answers/index.js';
import type { AnswerFullRow, AnswerItemRow } from '../answers/index.js';
import type { FileUrls } from '../files/index.js';
import type { AudioPromptRow, ContentAnswerRow } from '../composition/index.js';
import type { MyAssignmentRow } from './repository.js';

type AnswerStatusId = MeAnswer['statusId'];
type AssignmentStatusId = MeAssignmentDetail['statusId'];

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** My answer with its items (001 §3 'Answer', 'Answer item'; URLs signed with `urls`); the score only when Reviewed. */
export function presentMyAnswer(
  urls: FileUrls,
  row: AnswerFullRow,
  items: readonly AnswerItemRow[],
): MeAnswer {
  return {
    id: row.id,
    assignmentId: row.assignmentId,
    statusId: row.statusId as AnswerStatusId,
    practiceCounter: row.practiceCounter,
    submittedAt: iso(row.submittedAt),
    reviewedAt: iso(row.reviewedAt),
    score: reviewedScore(row.statusId, row.score),
    updatedAt: row.updatedAt.toISOString(),
    items: items.map((item) => presentItem(urls, item)),
  };
}

/** A row of GET /me/assignments; `canAnswer` while my answer is Pending. */
export function presentMyAssignment(
  row: MyAssignmentRow,
  canAnswer: boolean,
): MeAssignmentListItem {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    startDate: row.startDate,
    closeDate: row.closeDate,
    questionsCount: row.questionsCount,
    answeredCount: row.answeredCount,
    answer: {
      id: row.answerId,
      statusId: row.answerStatusId as AnswerStatusId,
      practiceCounter: row.practiceCounter,
      submittedAt: iso(row.submittedAt),
      reviewedAt: iso(row.reviewedAt),
      score: reviewedScore(row.answerStatusId, row.score),
    },
    canAnswer,
  };
}

/**
 * The interview's questions in order for practice: role, the avatar chosen for it, every audio
 * prompt and `audio`, the prompt spoken by that avatar (else the first); URLs signed with `urls`.
 */
export function presentMyQuestions(
  urls: FileUrls,
  data: AssignmentData,
  audios: readonly AudioPromptRow[],
): MeQuestion[] {
  const roleOf = new Map(data.roles.map((r) => [r.roleId, r]));
  return (data.interview?.questions ?? []).map((q, index) => {
    const role = q.interviewRoleId !== null ? roleOf.get(q.interviewRoleId) : undefined;
    const prompts = audios
      .filter((a) => a.questionId === q.id)
      .map((a) => ({ id: a.id, url: urls.sign(a.storageKey), avatarId: a.avatarId }));
    const spoken = prompts.find((p) => role?.avatarId != null && p.avatarId === role.avatarId);
    return {
      id: q.id,
      number: index + 1,
      text: q.text,
      description: q.description,
      roleId: q.interviewRoleId,
      roleName:
        role?.name ?? data.interview?.roles.find((r) => r.id === q.interviewRoleId)?.name ?? null,
      avatar: role?.avatar ?? null,
      audio: spoken ?? prompts[0] ?? null,
      audios: prompts,
    };
  });
}

/** The stored answers of `form` by question id (none without the form). */
function answersByQuestion(form: ContentAnswerRow | undefined): Map<number, string> {
  return new Map((form?.answers ?? []).map((a) => [a.questionId, a.text]));
}

/**
 * A feedback answer as the trainee reads it: the open question's text as stored, a choice's
 * option ids (comma-joined, in the order chosen) as the options' texts joined with ', '.
 */
function feedbackAnswerText(question: AssignmentContent['questions'][number], text: string) {
  if (
    question.questionTypeId !== QuestionType.Single &&
    question.questionTypeId !== QuestionType.Multiple
  )
    return text;
  const optionText = new Map(question.options.map((o) => [String(o.id), o.text]));
  return text
    .split(',')
    .map((id) => optionText.get(id.trim()))
    .filter((t): t is string => t !== undefined)
    .join(', ');
}

/**
 * My review (the `review` of GET /me/assignments/{id}): `forms` are my answer's latest ratings and
 * feedback forms, read with the composition `data` whose rating scale and feedback form give the
 * questions, their order and option texts. Null unless my answer is Reviewed. The score is the
 * mean rounded to whole stars (as the console's 'x/5'); the reviewer is the one of the ratings
 * form (both forms of a review are one reviewer's), null once erased. `comments`: that review's
 * time-coded comments (decisions.md#review-loop §3).
 */
export function presentMyReview(
  row: AnswerFullRow,
  data: AssignmentData,
  forms: readonly ContentAnswerRow[],
  comments: readonly MeReviewComment[] = [],
): MeReview | null {
  if (row.statusId !== AnswerStatus.Reviewed || row.reviewedAt === null) return null;
  const ratingsForm = forms.find((f) => f.id === row.ratingsAnswerId);
  const feedbackForm = forms.find((f) => f.id === row.feedbackAnswerId);
  const ratingOf = answersByQuestion(ratingsForm);
  const feedbackOf = answersByQuestion(feedbackForm);
  const ratings: MeReviewRating[] = (data.ratings?.questions ?? []).flatMap((q) => {
    const stars = Number(ratingOf.get(q.id));
    return Number.isInteger(stars) && stars >= 1 && stars <= ratingScaleMax
      ? [{ questionId: q.id, text: q.text, stars }]
      : [];
  });
  const feedback: MeReviewFeedback[] = (data.feedback?.questions ?? []).flatMap((q) => {
    const text = feedbackOf.get(q.id);
    return text === undefined
      ? []
      : [{ questionId: q.id, text: q.text, answer: feedbackAnswerText(q, text) }];
  });
  const by = ratingsForm ?? feedbackForm;
  const score = reviewedScore(row.statusId, row.score);
  return {
    score: score === null ? null : Math.round(score),
    reviewedAt: row.reviewedAt.toISOString(),
    reviewer:
      by && by.createdById !== null
        ? { firstName: by.reviewerFirstName ?? '', lastName: by.reviewerLastName ?? '' }
        : null,
    ratings,
    feedback,
    comments: [...comments],
  };
}

/** GET /me/assignments/{id}: the assignment for practice with my answer (URLs signed with `urls`) and my review. */
export function presentMyAssignmentDetail(
  urls: FileUrls,
  row: AnswerFullRow,
  parts: {
    data: AssignmentData;
    audios: readonly AudioPromptRow[];
    items: readonly AnswerItemRow[];
    forms: readonly ContentAnswerRow[];
    canAnswer: boolean;
    /** My latest review's time-coded comments (decisions.md#review-loop §3). */
    comments?: readonly MeReviewComment[];
  },
): MeAssignmentDetail {
  const interview = parts.data.interview;
  return {
    id: row.assignmentId,
    name: row.assignmentName,
    description: row.assignmentDescription,
    statusId: row.assignmentStatusId as AssignmentStatusId,
    startDate: row.startDate,
    closeDate: row.closeDate,
    interview: interview
      ? { id: interview.id, name: interview.name, description: interview.description }
      : null,
    roles: parts.data.roles.map((r) => ({ id: r.roleId, name: r.name, avatar: r.avatar })),
    environment: parts.data.environment,
    questions: presentMyQuestions(urls, parts.data, parts.audios),
    answer: presentMyAnswer(urls, row, parts.items),
    canAnswer: parts.canAnswer,
    review: presentMyReview(row, parts.data, parts.forms, parts.comments),
  };
}
