/**
 * Answers and reviews (001 §2 'Review screen', §3, §4, §5 'Review submit', §6, §7
 * `/assignments/answers…` and the review call; DECISIONS.md 'Assignments and answers'). Rules
 * decided here (issue 8 note):
 * - Reading: staff of the assignment's organization and admins ('answer:read'); a trainee only its
 *   own answers (the list is forced to its user id; another user id is a 403). Answers of
 *   soft-deleted trainees are left out (404 for one).
 * - Opening an answer that is not Pending as a reviewer ('answer:review') sets `viewed`.
 * - Reviewing ('answer:review': instructors and managers of the organization, admins): only a
 *   Submitted or Reviewed answer; both forms in one call, or one form per call (001 §3 'Review
 *   payload'), every question of a form answered; the score is the mean of the rating answers;
 *   each form sent adds a content answer (the history) and the answer points at the latest
 *   complete pair. Sent one form at a time, the two calls pair up by reviewer within the review
 *   round: the answer becomes Reviewed when the caller's form completes a pair with the caller's
 *   latest form of the other kind sent since the answer last became Reviewed (a form newer than
 *   both forms the answer points at); a lone form of another reviewer, or of an earlier round,
 *   never pairs. A Reviewed answer can be reviewed again
 *   while the assignment is not Closed; a Submitted one can still get its first review once the
 *   assignment is Closed (closing does not strand submitted work).
 */
import {
  AnswerStatus,
  AssignmentStatus,
  Role,
  can,
  messages,
  type Action,
  type Actor,
  type AnswerDetail,
  type AnswerList,
  type AnswerListQuery,
  type AssignmentData,
  type ErrorDetail,
  type ReviewAnswer,
  type ReviewBody,
} from '@practica/contract';
import type { Db, Tx } from '../../db/client.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../../errors.js';
import { presentAsset, presentContents, presentRoles } from '../assignments/presenter.js';
import {
  assignmentsByIds,
  compositionOf,
  lockAssignment,
  type CompositionRows,
} from '../assignments/repository.js';
import { loadOrganizationFor } from '../organizations/service.js';
import { presentAnswerData, presentAnswerDetail, presentAnswerListItem } from './presenter.js';
import {
  answerDetailSets,
  contentAnswersByIds,
  findAnswer,
  insertContentAnswer,
  itemsOfAnswers,
  latestFormSince,
  listAnswers,
  lockAnswer,
  markViewed,
  updateAnswer,
  type AnswerFullRow,
  type AnswerItemRow,
  type AnswerListRow,
  type ContentAnswerRow,
} from './repository.js';
import { checkReviewForm, reviewScore, type FormQuestion } from './review-rules.js';

/** The ids an assignment is composed of (null: not chosen). */
export interface CompositionIds {
  assignmentId: number;
  interviewId: number | null;
  ratingsId: number | null;
  feedbackId: number | null;
  environmentId: number | null;
}

/**
 * 001 §3 'Assignment' `data` of an assignment: its roles with the chosen avatars, its interview,
 * rating scale and feedback form with questions and options, and its environment (image URLs).
 * One statement.
 */
export async function assignmentDataOf(db: Db | Tx, ids: CompositionIds): Promise<AssignmentData> {
  return presentAssignmentData(ids, await compositionOf(db, ids));
}

/** 001 §3 'Assignment' `data` from the composition rows `compositionOf` read. */
function presentAssignmentData(
  ids: CompositionIds,
  { roles, contents: contentData, environments }: CompositionRows,
): AssignmentData {
  const contents = presentContents(contentData);
  const content = (id: number | null) => (id !== null ? (contents.get(id) ?? null) : null);
  return {
    interviewId: ids.interviewId,
    environmentId: ids.environmentId,
    ratingsId: ids.ratingsId,
    feedbackId: ids.feedbackId,
    roles: presentRoles(roles),
    interview: content(ids.interviewId),
    ratings: content(ids.ratingsId),
    feedback: content(ids.feedbackId),
    environment: environments[0] ? presentAsset(environments[0]) : null,
  };
}

/**
 * Loads an answer as `actor` may see it: 404 when missing, of a soft-deleted trainee or, for anyone
 * but an admin, of another organization; then 403 when the policy refuses `action` (e.g. a
 * trainee on another trainee's answer, or reviewing).
 */
export async function loadAnswerFor(
  db: Db | Tx,
  actor: Actor,
  id: number,
  action: Action,
): Promise<AnswerFullRow> {
  const row = await findAnswer(db, id);
  if (!row || row.userDeletedAt !== null) throw new NotFoundError();
  if (actor.roleId !== Role.Admin && actor.organizationId !== row.organizationId)
    throw new NotFoundError();
  if (!can(actor, action, { organizationId: row.organizationId, userId: row.userId }))
    throw new ForbiddenError();
  return row;
}

/** Whether `row` can take a review now: Submitted, or Reviewed while the assignment is not Closed. */
function reviewable(statusId: number, assignmentStatusId: number): boolean {
  if (statusId === AnswerStatus.Submitted) return true;
  return statusId === AnswerStatus.Reviewed && assignmentStatusId !== AssignmentStatus.Closed;
}

/** The latest review forms of `rows`, by id. One statement. */
async function latestForms(
  db: Db | Tx,
  rows: readonly Pick<AnswerListRow, 'ratingsAnswerId' | 'feedbackAnswerId'>[],
): Promise<Map<number, ContentAnswerRow>> {
  const ids = rows
    .flatMap((r) => [r.ratingsAnswerId, r.feedbackAnswerId])
    .filter((v): v is number => v !== null);
  return new Map((await contentAnswersByIds(db, ids)).map((f) => [f.id, f]));
}

/** Items grouped by answer id. */
function itemsByAnswer(items: readonly AnswerItemRow[]): Map<number, AnswerItemRow[]> {
  const map = new Map<number, AnswerItemRow[]>();
  for (const item of items) {
    const list = map.get(item.answerId);
    if (list) list.push(item);
    else map.set(item.answerId, [item]);
  }
  return map;
}

/**
 * GET /assignments/answers (001 §7, §6): one page of answers (default 100), the latest submitted
 * first, filtered by assignmentId (404 when not visible), userId, status, organizationId (admins;
 * others: their own, 404 for another). A trainee gets only its own answers (403 for another
 * userId). With `includes=answers` each row carries its `data` (items and latest review forms).
 */
export async function listAnswersFor(
  db: Db,
  actor: Actor,
  query: AnswerListQuery,
): Promise<AnswerList> {
  const trainee = actor.roleId === Role.Trainee;
  if (!can(actor, 'answer:read', trainee ? { userId: query.userId ?? actor.id } : undefined))
    throw new ForbiddenError();
  let organizationId: number | undefined;
  if (actor.roleId === Role.Admin) {
    organizationId = query.organizationId;
    if (organizationId !== undefined)
      await loadOrganizationFor(db, actor, organizationId, 'organization:read');
  } else {
    if (query.organizationId !== undefined && query.organizationId !== actor.organizationId)
      throw new NotFoundError();
    organizationId = actor.organizationId ?? -1;
  }
  if (query.assignmentId !== undefined) {
    const [assignment] = await assignmentsByIds(db, [query.assignmentId]);
    if (
      !assignment ||
      (organizationId !== undefined && assignment.organizationId !== organizationId)
    )
      throw new NotFoundError();
  }
  const { rows, count } = await listAnswers(db, {
    organizationId,
    assignmentId: query.assignmentId,
    userId: trainee ? actor.id : query.userId,
    statusIds: query.status,
    page: query.page,
    pageSize: query.pageSize,
  });
  if (!query.includes?.includes('answers')) {
    return { list: rows.map((r) => presentAnswerListItem(r)), count };
  }
  const [items, forms] = await Promise.all([
    itemsOfAnswers(
      db,
      rows.map((r) => r.id),
    ),
    latestForms(db, rows),
  ]);
  const byAnswer = itemsByAnswer(items);
  return {
    list: rows.map((r) =>
      presentAnswerListItem(r, presentAnswerData(r, byAnswer.get(r.id) ?? [], forms)),
    ),
    count,
  };
}

/** The detail of an answer the caller may see (no access check). */
async function answerDetail(db: Db | Tx, row: AnswerFullRow, actor: Actor): Promise<AnswerDetail> {
  // The composition, the items and the review forms in one statement.
  const formIds = [row.ratingsAnswerId, row.feedbackAnswerId].filter(
    (v): v is number => v !== null,
  );
  const composition = await compositionOf(db, row, answerDetailSets(row.id, formIds));
  const assignmentData = presentAssignmentData(row, composition);
  const { items, history } = composition.extra;
  const forms = new Map(composition.extra.forms.map((f) => [f.id, f]));
  const canReview =
    can(actor, 'answer:review', { organizationId: row.organizationId, userId: row.userId }) &&
    reviewable(row.statusId, row.assignmentStatusId);
  return presentAnswerDetail(row, { assignmentData, items, forms, history, canReview });
}

/**
 * GET /assignments/answers/{id} (001 §2 'Review screen', §3): the answer with its items (videos),
 * the assignment's composition, the interview questions with role names, the latest ratings and
 * feedback answers and the review history. Opening an answer that is not Pending as a reviewer
 * sets `viewed`. 404 missing or other organization, 403 a trainee on another's answer.
 */
export async function getAnswerFor(db: Db, actor: Actor, id: number): Promise<AnswerDetail> {
  const row = await loadAnswerFor(db, actor, id, 'answer:read');
  if (
    !row.viewed &&
    row.statusId !== AnswerStatus.Pending &&
    can(actor, 'answer:review', { organizationId: row.organizationId, userId: row.userId })
  ) {
    await markViewed(db, id);
    row.viewed = true;
  }
  return answerDetail(db, row, actor);
}

/** A form's questions with their option ids, from the assignment data (empty when not chosen). */
function formQuestions(data: AssignmentData, kind: 'ratings' | 'feedback'): FormQuestion[] {
  return (data[kind]?.questions ?? []).map((q) => ({
    id: q.id,
    questionTypeId: q.questionTypeId,
    optionIds: q.options.map((o) => o.id),
  }));
}

/**
 * Authorizes a review of the answer `id` before its body is read (issue 17: a trainee or another
 * organization's manager gets 403/404 whatever it sends): answers the answer as `loadAnswerFor`
 * with 'answer:review' loads it (404 missing or another organization, 403 not a reviewer).
 */
export function authorizeReview(db: Db, actor: Actor, id: number): Promise<AnswerFullRow> {
  return loadAnswerFor(db, actor, id, 'answer:review');
}

/** The two forms of a review: their kind, the content id and the questions. */
type FormKind = 'ratings' | 'feedback';

/**
 * POST /assignments/interviews/answers/review/{id}?userId= (001 §3 'Review payload', §5): `answer`
 * is the answer id (loaded here by `authorizeReview`) or the row `authorizeReview` answered. Checks: `userId` and `traineeId`,
 * when given, are the answer's trainee, `questionnaireID` one of the assignment's two forms (400
 * otherwise; required when `answers` is one form's list: 400 messages.questionnaireRequired); the
 * answer is Submitted, or Reviewed while the assignment is not Closed (400 'Only submitted answers
 * can be reviewed.' / 'This assignment is closed.'); every question of the form(s) sent answered
 * with a valid text (400 messages.allQuestionsMustBeAnswered and the details). Under the
 * assignment's row lock: stores each form sent (reviewer, time, answers; the ratings with their
 * score); when both forms are in — sent together, or this form completing a pair with the caller's
 * other form of the current round (see the module note) — sets Reviewed, `reviewedAt`, the score
 * (mean of the rating answers) and the latest form ids. Answers the refreshed detail.
 */
export async function submitReview(
  db: Db,
  actor: Actor,
  answer: number | AnswerFullRow,
  userId: number | undefined,
  body: ReviewBody,
): Promise<AnswerDetail> {
  const row = typeof answer === 'number' ? await authorizeReview(db, actor, answer) : answer;
  const id = row.id;
  const mismatch: ErrorDetail[] = [];
  if (userId !== undefined && userId !== row.userId)
    mismatch.push({ path: 'userId', message: messages.traineeMismatch });
  if (body.traineeId !== undefined && body.traineeId !== row.userId)
    mismatch.push({ path: 'traineeId', message: messages.traineeMismatch });
  const oneForm = Array.isArray(body.answers);
  if (oneForm && body.questionnaireID === undefined)
    mismatch.push({ path: 'questionnaireID', message: messages.questionnaireRequired });
  if (
    body.questionnaireID !== undefined &&
    body.questionnaireID !== row.ratingsId &&
    body.questionnaireID !== row.feedbackId
  )
    mismatch.push({ path: 'questionnaireID', message: messages.questionnaireMismatch });
  if (mismatch.length > 0) throw new ValidationError(mismatch[0]!.message, mismatch);
  assertReviewable(row.statusId, row.assignmentStatusId);

  const data = await assignmentDataOf(db, row);
  const given: Partial<Record<FormKind, ReviewAnswer[]>> = Array.isArray(body.answers)
    ? { [body.questionnaireID === row.ratingsId ? 'ratings' : 'feedback']: body.answers }
    : body.answers;
  const ratingQuestions = formQuestions(data, 'ratings');
  const checked = (['ratings', 'feedback'] as const)
    .filter((kind) => given[kind] !== undefined)
    .map((kind) => ({
      kind,
      ...checkReviewForm(
        oneForm ? 'answers' : `answers.${kind}`,
        formQuestions(data, kind),
        given[kind]!,
      ),
    }));
  const details = checked.flatMap((c) => c.details);
  const missing = details.find((d) => d.message === messages.allQuestionsMustBeAnswered);
  if (details.length > 0) throw new ValidationError((missing ?? details[0]!).message, details);
  if (row.ratingsId === null || row.feedbackId === null)
    throw new ValidationError(messages.notReviewable);
  const contentIdOf = { ratings: row.ratingsId, feedback: row.feedbackId };

  await db.transaction(async (tx) => {
    const assignment = await lockAssignment(tx, row.assignmentId);
    const locked = await lockAnswer(tx, id);
    if (!assignment || !locked) throw new NotFoundError();
    assertReviewable(locked.statusId, assignment.statusId);
    const formIds: Partial<Record<FormKind, number>> = {};
    let score: number | null = null;
    for (const form of checked) {
      const formScore = form.kind === 'ratings' ? reviewScore(ratingQuestions, form.answers) : null;
      if (form.kind === 'ratings') score = formScore;
      formIds[form.kind] = await insertContentAnswer(tx, {
        answerId: id,
        contentId: contentIdOf[form.kind],
        createdById: actor.id,
        answers: form.answers,
        score: formScore,
      });
    }
    if (checked.length === 1) {
      // One form: pair it with the caller's other form of this round, if there is one.
      const other: FormKind = checked[0]!.kind === 'ratings' ? 'feedback' : 'ratings';
      const partner = await latestFormSince(tx, {
        answerId: id,
        contentId: contentIdOf[other],
        createdById: actor.id,
        afterId: Math.max(locked.ratingsAnswerId ?? 0, locked.feedbackAnswerId ?? 0),
      });
      if (!partner) return;
      formIds[other] = partner.id;
      if (other === 'ratings') score = partner.score;
    }
    await updateAnswer(tx, id, {
      statusId: AnswerStatus.Reviewed,
      reviewedAt: new Date(),
      score,
      viewed: true,
      ratingsAnswerId: formIds.ratings!,
      feedbackAnswerId: formIds.feedback!,
    });
  });
  const fresh = await findAnswer(db, id);
  if (!fresh) throw new NotFoundError();
  return answerDetail(db, fresh, actor);
}

/** Throws the 400 of an answer that cannot take a review now. */
function assertReviewable(statusId: number, assignmentStatusId: number): void {
  if (reviewable(statusId, assignmentStatusId)) return;
  if (statusId === AnswerStatus.Reviewed) throw new ValidationError(messages.assignmentClosed);
  throw new ValidationError(messages.notReviewable);
}
