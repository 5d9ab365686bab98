/**
 * Answers and reviews (001 §2 'Review screen', §3, §4, §5 'Review submit', §6, §7
 * `/assignments/answers…` and the review call; decisions.md#assignments-and-answers). Rules
 * decided here:
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
 * - Each time an answer becomes Reviewed (a first review or a new one), the trainee gets the
 *   'review-ready' email with the link to the review in the practice app, written to the outbox in
 *   the review's transaction; none while the trainee is inactive or deleted.
 * - One review, one mail: a call with an If-Match that the caller's own latest review made stale,
 *   carrying that review's very answers (a double submit, a call retried after its answer was
 *   lost), is that review again — answered 200 as the answer stands, nothing written (no second
 *   review, history row, audit row or mail). Anything else against a stale version is the 409.
 */
import {
  AnswerStatus,
  Role,
  can,
  format,
  messages,
  seesEveryOrganization,
  type Action,
  type Actor,
  type AnswerDetail,
  type AnswerList,
  type AnswerListQuery,
  type ErrorDetail,
  type ReviewAnswer,
  type ReviewBody,
  reviewRefusal,
} from '@practica/contract';
import type { Db, Tx } from '../../db/client.js';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.js';
import { loadAuthorized } from '../../lib/load-authorized.js';
import { requireInScope, scopeFor } from '../../lib/scope-for.js';
import { assignmentsByIds } from '../assignments/index.js';
import { mailLinks, traineeMails } from '../mail/index.js';
import { answerDetailDataOf } from '../composition/index.js';
import type { FileUrlDeps, FileUrls } from '../files/index.js';
import { loadOrganizationFor } from '../organizations/index.js';
import { presentClaim } from '../review-claims/index.js';
import {
  presentAnswerData,
  presentAnswerDetail,
  presentAnswerListItem,
  presentReviewConflict,
} from './presenter.js';
import {
  contentAnswersByIds,
  findAnswer,
  formQuestionsOf,
  itemsOfAnswers,
  latestFormSince,
  latestReviewOf,
  lockForReview,
  markViewed,
  storeReview,
  type AnswerFullRow,
  type AnswerItemRow,
  type AnswerListRow,
  type ContentAnswerRow,
  type ReviewStatementWrite,
} from './repository.js';
import { listAnswers } from './list-repository.js';
import { checkReviewForm, reviewScore, type FormQuestion } from './review-rules.js';

/**
 * Loads an answer for `action` (`loadAuthorized`): 404 when missing, of a soft-deleted trainee or,
 * for anyone but an admin, of another organization; 403 when the policy refuses (e.g. a trainee on
 * another trainee's answer, or reviewing).
 */
export function loadAnswerFor(
  db: Db | Tx,
  actor: Actor,
  id: number,
  action: Action,
): Promise<AnswerFullRow> {
  return loadAuthorized(actor, action, findAnswer(db, id), (row) => ({
    organizationId: row.organizationId,
    userId: row.userId,
    deleted: row.userDeletedAt !== null,
  }));
}

/** Whether `row` can take a review now (`reviewRefusal`). */
function reviewable(statusId: number, assignmentStatusId: number): boolean {
  return reviewRefusal(statusId, assignmentStatusId) === null;
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
  { db, urls }: FileUrlDeps,
  actor: Actor,
  query: AnswerListQuery,
): Promise<AnswerList> {
  const trainee = actor.roleId === Role.Trainee;
  const organizationId = scopeFor(actor, 'answer:read', query, {
    target: trainee ? { userId: query.userId ?? actor.id } : {},
  });
  if (seesEveryOrganization(actor) && organizationId !== undefined)
    await loadOrganizationFor(db, actor, organizationId, 'organization:read');
  if (query.assignmentId !== undefined) {
    const [assignment] = await assignmentsByIds(db, [query.assignmentId]);
    requireInScope(assignment?.organizationId, organizationId);
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
      presentAnswerListItem(r, presentAnswerData(urls, r, byAnswer.get(r.id) ?? [], forms)),
    ),
    count,
  };
}

/** The detail of an answer the caller may see (no access check). */
async function answerDetail(
  { db, urls }: FileUrlDeps,
  row: AnswerFullRow,
  actor: Actor,
): Promise<AnswerDetail> {
  const reviewer = can(actor, 'answer:review', {
    organizationId: row.organizationId,
    userId: row.userId,
  });
  const { assignmentData, items, ...read } = await answerDetailDataOf({ db, urls }, row.id);
  // The claim (who is reviewing) is the reviewers' business; a trainee reads null.
  const claim = reviewer && row.claim ? presentClaim(row.claim, actor.id) : null;
  const forms = new Map(read.forms.map((f) => [f.id, f]));
  const canReview = reviewer && reviewable(row.statusId, row.assignmentStatusId);
  return presentAnswerDetail(urls, row, { assignmentData, items, forms, canReview, claim });
}

/** The `ETag` of an answer detail: its review version, quoted (RFC 9110 §8.8.3). */
export function reviewEtag(detail: Pick<AnswerDetail, 'reviewVersion'>): string {
  return `"${detail.reviewVersion}"`;
}

/**
 * Whether the `If-Match` header `header` matches the review version `version` (RFC 9110 §13.1.1):
 * absent → true (no check, the spec's behaviour); `*` → true; otherwise a comma list of entity
 * tags, compared strongly (a weak `W/"3"` never matches). 400 messages.ifMatchInvalid when the
 * header is not `*` or such a list.
 */
export function ifMatchAllows(header: string | undefined, version: number): boolean {
  if (header === undefined) return true;
  const value = header.trim();
  if (value === '*') return true;
  const tags = value.split(',').map((t) => t.trim());
  if (tags.length === 0 || tags.some((t) => !/^(W\/)?"[\x21\x23-\x7e]*"$/.test(t)))
    throw new ValidationError(messages.ifMatchInvalid, [
      { path: 'If-Match', message: messages.ifMatchInvalid },
    ]);
  return tags.includes(`"${version}"`);
}

/**
 * GET /assignments/answers/{id} (001 §2 'Review screen', §3): the answer with its items (videos),
 * the assignment's composition, the interview questions with role names and the latest ratings
 * and feedback answers. Opening an answer that is not Pending as a reviewer
 * sets `viewed`. 404 missing or other organization, 403 a trainee on another's answer.
 */
export async function getAnswerFor(
  deps: FileUrlDeps,
  actor: Actor,
  id: number,
): Promise<AnswerDetail> {
  const { db } = deps;
  const row = await loadAnswerFor(db, actor, id, 'answer:read');
  if (
    !row.viewed &&
    row.statusId !== AnswerStatus.Pending &&
    can(actor, 'answer:review', { organizationId: row.organizationId, userId: row.userId })
  ) {
    await markViewed(db, id);
    row.viewed = true;
  }
  return answerDetail(deps, row, actor);
}

/**
 * Throws 409 format.answerClaimedBy (the claim as data, as the claim call answers it) when a
 * reviewer other than `actor` holds a live claim on `row` (its `claim`, read with the answer): the
 * console's calls that only the claim's holder may make (a draft, decisions.md#review-loop §4, §6).
 */
export function refuseClaimedByAnother(row: AnswerFullRow, actor: Actor): void {
  const held = row.claim;
  if (held && held.userId !== actor.id)
    throw new ConflictError(
      format.answerClaimedBy(`${held.firstName} ${held.lastName}`.trim()),
      presentClaim(held, actor.id),
    );
}

/**
 * Authorizes a review of the answer `id` before its body is read, so a trainee or another
 * organization's manager gets 403/404 whatever it sends: answers the answer as `loadAnswerFor`
 * with 'answer:review' loads it (404 missing or another organization, 403 not a reviewer).
 */
export function authorizeReview(db: Db, actor: Actor, id: number): Promise<AnswerFullRow> {
  return loadAnswerFor(db, actor, id, 'answer:review');
}

/** The two forms of a review. */
type FormKind = 'ratings' | 'feedback';

/** What a review submit needs besides the call. */
export interface ReviewDeps {
  db: Db;
  /** The app's read URL signer (`app.files.urls`), for the detail it answers. */
  urls: FileUrls;
  /**
   * PUBLIC_URL, the base of the review-ready email's link. Without it no email is written (the demo
   * seed, which replays past rounds, as it sends no invites either).
   */
  publicUrl?: string | undefined;
  /**
   * The call's `If-Match` header (decisions.md#review-loop §4): the review version the reviewer opened. Checked
   * under the row locks; absent, no check (the spec's behaviour).
   */
  ifMatch?: string | undefined;
  /** The other modules' writes in the review statement (`reviewStatementWrites` in app.ts). */
  reviewWrites: readonly ReviewStatementWrite[];
}

/**
 * POST /assignments/interviews/answers/review/{id}?userId= (001 §3 'Review payload', §5): `answer`
 * is the answer id, or the row `authorizeReview` answered for it. Checks: `userId` and
 * `traineeId`, when given, are the answer's trainee, `questionnaireID` one of the assignment's two
 * forms (400 otherwise; required when `answers` is one form's list: 400
 * messages.questionnaireRequired); the answer is Submitted, or Reviewed while the assignment is not
 * Closed (400 'Only submitted answers can be reviewed.' / 'This assignment is closed.'); every
 * question of the form(s) sent answered with a valid text, against the forms' questions and options
 * as stored (400 messages.allQuestionsMustBeAnswered and the details). Under the assignment's and
 * the answer's row locks: stores each form sent (reviewer, time, answers; the ratings with their
 * score); when both forms are in — sent together, or this form completing a pair with the caller's
 * other form of the current round (see the module note) — sets Reviewed, `reviewedAt`, the score
 * (mean of the rating answers) and the latest form ids, and writes the trainee's review-ready email
 * (see the module note). decisions.md#review-loop §4: `ifMatch` (the call's If-Match), checked under the locks,
 * refuses a review against an older version with 409 format.answerReviewedBy and the latest review
 * as data (`refuseStale`), unless the call repeats the caller's own review that made it stale (then
 * the detail as it stands, nothing written: see the module note); a completed review also writes its history row, attaches the caller's
 * draft comments, deletes their draft and the claim (in the same statement as the answer) and its
 * audit rows ('review.submitted', 'answer.status' when the status changed). Answers the detail,
 * read once after the commit. The console's call (both forms) runs 10 statements with the session
 * check (6 of them the transaction's: the email is one, the audit one); one form per call adds the
 * partner lookup.
 */
export async function submitReview(
  { db, urls, publicUrl, ifMatch, reviewWrites }: ReviewDeps,
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
  ifMatchAllows(ifMatch, row.reviewVersion); // a malformed header is a 400 before anything else

  const given: Partial<Record<FormKind, ReviewAnswer[]>> = Array.isArray(body.answers)
    ? { [body.questionnaireID === row.ratingsId ? 'ratings' : 'feedback']: body.answers }
    : body.answers;
  const contentIdOf = { ratings: row.ratingsId, feedback: row.feedbackId };
  const stored = await formQuestionsOf(
    db,
    [row.ratingsId, row.feedbackId].filter((v): v is number => v !== null),
  );
  const questionsOf = (kind: FormKind): FormQuestion[] =>
    stored.filter((q) => q.contentId === contentIdOf[kind]);
  const checked = (['ratings', 'feedback'] as const)
    .filter((kind) => given[kind] !== undefined)
    .map((kind) => {
      const questions = questionsOf(kind);
      const result = checkReviewForm(
        oneForm ? 'answers' : `answers.${kind}`,
        questions,
        given[kind]!,
      );
      const score = kind === 'ratings' ? reviewScore(questions, result.answers) : null;
      return { kind, score, ...result };
    });
  const details = checked.flatMap((c) => c.details);
  const missing = details.find((d) => d.message === messages.allQuestionsMustBeAnswered);
  if (details.length > 0) throw new ValidationError((missing ?? details[0]!).message, details);
  if (row.ratingsId === null || row.feedbackId === null)
    throw new ValidationError(messages.notReviewable);
  const ids = { ratings: row.ratingsId, feedback: row.feedbackId };

  const fresh = await db.transaction(async (tx): Promise<AnswerFullRow | null> => {
    const locked = await lockForReview(tx, id);
    if (!locked) throw new NotFoundError();
    assertReviewable(locked.statusId, locked.assignmentStatusId);
    if (!ifMatchAllows(ifMatch, locked.reviewVersion)) {
      // The caller's own review sent again (a double submit, a call retried after its answer was
      // lost): the same review, answered as it stands, with nothing written and no second mail.
      await refuseStale(tx, id, { actorId: actor.id, ifMatch, forms: checked });
      return null;
    }
    const { assignmentStatusId, trainee, ...current } = locked;
    let partner: { id: number; contentId: number; score: number | null } | undefined;
    if (checked.length === 1) {
      // One form: pair it with the caller's other form of this round, if there is one.
      const other: FormKind = checked[0]!.kind === 'ratings' ? 'feedback' : 'ratings';
      const found = await latestFormSince(tx, {
        answerId: id,
        contentId: ids[other],
        createdById: actor.id,
        afterId: Math.max(locked.ratingsAnswerId ?? 0, locked.feedbackAnswerId ?? 0),
      });
      if (found) partner = { ...found, contentId: ids[other] };
    }
    const complete = checked.length === 2 || partner !== undefined;
    const ratings = checked.find((c) => c.kind === 'ratings');
    const reviewed = await storeReview(
      tx,
      { answerId: id, createdById: actor.id },
      checked.map((c) => ({ contentId: ids[c.kind], answers: c.answers, score: c.score })),
      complete
        ? {
            ratingsId: ids.ratings,
            feedbackId: ids.feedback,
            score: ratings ? ratings.score : (partner?.score ?? null),
            partner,
            writes: reviewWrites,
            mail:
              trainee.mailable && publicUrl !== undefined
                ? traineeMails.reviewReady({
                    to: trainee.email,
                    firstName: trainee.firstName,
                    assignmentName: row.assignmentName,
                    link: mailLinks.review(publicUrl, row.assignmentId),
                  })
                : undefined,
            audit: {
              organizationId: row.organizationId,
              assignmentId: row.assignmentId,
              previousStatusId: locked.statusId,
            },
          }
        : undefined,
    );
    // A completed review released the claim.
    return {
      ...row,
      ...current,
      ...reviewed,
      assignmentStatusId,
      claim: reviewed ? null : row.claim,
    };
  });
  if (fresh === null)
    return answerDetail({ db, urls }, await loadAnswerFor(db, actor, id, 'answer:review'), actor);
  return answerDetail({ db, urls }, fresh, actor);
}

/** The forms of a review call, as checked: each kind sent with its answers in the form's order. */
type SentForm = { kind: FormKind; answers: readonly { questionId: number; text: string }[] };

/** Whether two forms' answers are the same texts for the same questions. */
function sameAnswers(
  a: readonly { questionId: number; text: string }[],
  b: readonly { questionId: number; text: string }[],
): boolean {
  const key = (list: readonly { questionId: number; text: string }[]) =>
    JSON.stringify(
      [...list]
        .sort((x, y) => x.questionId - y.questionId)
        .map((x) => [x.questionId, x.text] as const),
    );
  return key(a) === key(b);
}

/**
 * Throws the 409 of a review sent against an older version: the message names who made the
 * latest review and when, and the data carries that review (`answerReviewConflictSchema`). Reads
 * the latest review and its forms (two statements) under the review's row locks. Returns instead
 * (nothing to write: the call is answered as the answer stands) when the call repeats `sent.actorId`'s
 * own latest review: the review that made `sent.ifMatch` stale is theirs, made against the version
 * `sent.ifMatch` names, with the very answers of `sent.forms` — one review, sent twice.
 */
async function refuseStale(
  tx: Tx,
  answerId: number,
  sent: { actorId: number; ifMatch: string | undefined; forms: readonly SentForm[] },
): Promise<void> {
  const latest = await latestReviewOf(tx, answerId);
  const forms = await latestForms(tx, latest ? [latest] : []);
  if (
    latest &&
    latest.reviewerId === sent.actorId &&
    ifMatchAllows(sent.ifMatch, latest.version - 1)
  ) {
    const formIds = { ratings: latest.ratingsAnswerId, feedback: latest.feedbackAnswerId };
    const repeated = sent.forms.every((form) => {
      const id = formIds[form.kind];
      const stored = id !== null ? forms.get(id) : undefined;
      return stored !== undefined && sameAnswers(stored.answers, form.answers);
    });
    if (repeated) return;
  }
  const data = presentReviewConflict(latest, forms);
  throw new ConflictError(
    data.latestReview
      ? format.answerReviewedBy(data.latestReview.reviewerName, data.latestReview.reviewedAt)
      : messages.reviewVersionStale,
    data,
  );
}

/** Throws the 400 of an answer that cannot take a review now. */
function assertReviewable(statusId: number, assignmentStatusId: number): void {
  const refusal = reviewRefusal(statusId, assignmentStatusId);
  if (refusal !== null) throw new ValidationError(refusal);
}
