/**
 * The trainees' mobile API (decisions.md#assignments-and-answers): a trainee lists its Active
 * assignments, opens one for practice, starts practices, saves one video per question and submits.
 * Rules:
 * - Only trainees ('answer:practice'; staff: 403). Everything is addressed by assignment id and
 *   always means the caller's own answer, so no trainee ever reaches another's.
 * - Membership is the answer row the assignments module creates Pending when the trainee is added:
 *   no answer, another organization, or an assignment never published (Draft, Planned) is a 404;
 *   reading needs the assignment Active, or Closed once my answer is Reviewed (my review stays
 *   readable, e.g. from the review email's link, after the round closed).
 * - The list shows my Active assignments; one past its due date only once I submitted (a Pending
 *   answer can no longer be sent then, a Submitted or Reviewed one still has its review to come or
 *   to read).
 * - A Reviewed answer's detail carries my review: the latest pair of forms my answer points at,
 *   never another trainee's nor the earlier rounds' (the history stays the reviewers').
 * - Writing (practice, items, submit) needs my answer Pending (else 400 'This answer has already
 *   been submitted.'), the assignment Active (Closed: 400 'This assignment is closed.') and today
 *   not past its due date (the due date itself included; 400 'The due date of this assignment has
 *   passed.'). Writes lock the assignment row, then the answer row, as the assignments module does,
 *   so messages.returnToDraft and 'Close' cannot race a submission.
 * - Items: one per question of the interview, each a Ready Video file the trainee uploaded itself;
 *   saving replaces the items of the questions given and keeps the others. A replaced video that
 *   no item uses any more is deleted with the save and its bytes removed after it
 *   committed.
 * - Submit: every question needs an item with a video (400 naming the missing ones), then Submitted
 *   with `submittedAt` (and `viewed` cleared for the reviewers' check).
 */
import {
  AnswerStatus,
  AssignmentStatus,
  MediaType,
  format,
  messages,
  type Actor,
  type ErrorDetail,
  type ListData,
  type MeAnswer,
  type MeAnswerItemsBody,
  type MeAssignmentDetail,
  type MeAssignmentListItem,
  type PageQuery,
} from '@practica/contract';
import type { Db, Tx } from '../../db/client.js';
import { loadAuthorized, requireAllowed } from '../../lib/load-authorized.js';
import { NotFoundError, ValidationError } from '../../errors.js';
import {
  closeDateOf,
  countPractice,
  findAnswer,
  findAnswerOf,
  itemsOfAnswers,
  lockAnswer,
  questionsOfContent,
  updateAnswer,
  upsertItems,
  type AnswerFullRow,
} from '../answers/index.js';
import { recordAudit } from '../audit/index.js';
import { lockAssignment } from '../assignments/index.js';
import { todayIsoDate } from '../assignments/index.js';
import { practiceDataOf } from '../composition/index.js';
import { myReviewComments } from '../review-comments/index.js';
import {
  deleteUnusedFiles,
  removeStoredFiles,
  requireUsableFile,
  type FileUrlDeps,
  type FilesDeps,
} from '../files/index.js';
import { queueMediaJobs, type MediaDeps } from '../media/index.js';
import { enqueueEvent } from '../webhooks/index.js';
import { presentMyAnswer, presentMyAssignment, presentMyAssignmentDetail } from './presenter.js';
import { listMyAssignments } from './repository.js';

/** 403 unless the actor is a trainee of an organization (the mobile API is theirs only). */
function requireTrainee(actor: Actor): void {
  requireAllowed(actor, 'answer:practice', { userId: actor.id });
}

/** Whether the due date `closeDate` (`YYYY-MM-DD`, included) has passed. */
function pastDue(closeDate: string | null): boolean {
  return closeDate !== null && closeDate < todayIsoDate();
}

/**
 * My answer on the assignment: 403 for anyone but a trainee; 404 when I have no answer on it, it is
 * of another organization, or its status is not among `statuses`.
 */
async function loadMine(
  db: Db | Tx,
  actor: Actor,
  assignmentId: number,
  statuses: readonly number[],
): Promise<AnswerFullRow> {
  requireTrainee(actor);
  const row = await findAnswerOf(db, assignmentId, actor.id);
  return loadAuthorized(
    actor,
    'answer:practice',
    row && statuses.includes(row.assignmentStatusId) ? row : undefined,
    (r) => ({ userId: r.userId, organizationId: r.organizationId }),
  );
}

/** My answer with its items, as it is now. */
async function myAnswer({ db, urls }: FileUrlDeps, answerId: number): Promise<MeAnswer> {
  const [row, items] = await Promise.all([
    findAnswer(db, answerId),
    itemsOfAnswers(db, [answerId]),
  ]);
  if (!row) throw new NotFoundError();
  return presentMyAnswer(urls, row, items);
}

/**
 * Runs `work` on my answer under the assignment's and the answer's row locks, once the answer may
 * change (see the module note). Answers my answer's row as loaded before.
 */
async function underMineLocks(
  db: Db,
  actor: Actor,
  assignmentId: number,
  work: (tx: Tx, row: AnswerFullRow) => Promise<void>,
): Promise<AnswerFullRow> {
  const row = await loadMine(db, actor, assignmentId, [
    AssignmentStatus.Active,
    AssignmentStatus.Closed,
  ]);
  await db.transaction(async (tx) => {
    const assignment = await lockAssignment(tx, row.assignmentId);
    if (!assignment) throw new NotFoundError();
    if (assignment.statusId === AssignmentStatus.Closed)
      throw new ValidationError(messages.assignmentClosed);
    if (assignment.statusId !== AssignmentStatus.Active) throw new NotFoundError();
    if (pastDue(await closeDateOf(tx, row.assignmentId)))
      throw new ValidationError(messages.pastDueDate);
    const answer = await lockAnswer(tx, row.id);
    if (!answer || answer.userId !== actor.id) throw new NotFoundError();
    if (answer.statusId !== AnswerStatus.Pending)
      throw new ValidationError(messages.alreadySubmitted);
    await work(tx, row);
  });
  return row;
}

/** `underMineLocks`, then my answer as it is afterwards. */
async function writeMine(
  deps: FileUrlDeps,
  actor: Actor,
  assignmentId: number,
  work: (tx: Tx, row: AnswerFullRow) => Promise<void>,
): Promise<MeAnswer> {
  const row = await underMineLocks(deps.db, actor, assignmentId, work);
  return myAnswer(deps, row.id);
}

/**
 * GET /me/assignments: one page of my Active assignments — past their due date only when my answer
 * is no longer Pending — the nearest due date first, each with my answer (status, practices, score
 * when Reviewed), the number of questions and of those I answered. 403 for staff.
 */
export async function listMyAssignmentsFor(
  db: Db,
  actor: Actor,
  query: PageQuery,
): Promise<ListData<MeAssignmentListItem>> {
  requireTrainee(actor);
  const { rows, count } = await listMyAssignments(
    db,
    { id: actor.id, organizationId: actor.organizationId ?? -1 },
    todayIsoDate(),
    query,
  );
  return {
    list: rows.map((r) => presentMyAssignment(r, r.answerStatusId === AnswerStatus.Pending)),
    count,
  };
}

/**
 * GET /me/assignments/{id}: an assignment I am on, Active (or Closed once my answer is Reviewed),
 * for practice: the interview's questions in order (role, the avatar chosen for it with its image
 * URL, audio prompt URLs), the roles, the environment, my answer with its items and, when Reviewed,
 * my review with its time-coded comments. 403 staff, 404 not mine, not Active, or Closed without my
 * review. Two statements with the session's (the answer row, the composition with the forms), and
 * the review's comments once Reviewed.
 */
export async function getMyAssignment(
  deps: FileUrlDeps,
  actor: Actor,
  assignmentId: number,
): Promise<MeAssignmentDetail> {
  const { db } = deps;
  const row = await loadMine(db, actor, assignmentId, [
    AssignmentStatus.Active,
    AssignmentStatus.Closed,
  ]);
  if (row.assignmentStatusId === AssignmentStatus.Closed && row.statusId !== AnswerStatus.Reviewed)
    throw new NotFoundError();
  const [practice, comments] = await Promise.all([
    practiceDataOf(deps, row.id),
    row.statusId === AnswerStatus.Reviewed ? myReviewComments(db, row.id) : [],
  ]);
  return presentMyAssignmentDetail(deps.urls, row, {
    ...practice,
    comments,
    canAnswer:
      row.statusId === AnswerStatus.Pending &&
      row.assignmentStatusId === AssignmentStatus.Active &&
      !pastDue(row.closeDate),
  });
}

/**
 * POST /me/assignments/{id}/practice: starts a practice, adding one to my answer's
 * `practiceCounter` (my answer exists Pending since I was added). Answers my answer.
 */
export async function startPractice(
  deps: FileUrlDeps,
  actor: Actor,
  assignmentId: number,
): Promise<MeAnswer> {
  return writeMine(deps, actor, assignmentId, (tx, row) => countPractice(tx, row.id));
}

/**
 * Before a video upload for `questionId` starts (me/uploads.ts): whether saving its item would be
 * accepted now, with the same checks and errors as PUT /me/assignments/{id}/answers (403 staff;
 * 404 not mine; 400 closed, past due, already submitted, 'This question is not part of the
 * interview.'). Writes nothing.
 */
export async function requireAnswerableQuestion(
  db: Db,
  actor: Actor,
  assignmentId: number,
  questionId: number,
): Promise<void> {
  await underMineLocks(db, actor, assignmentId, async (tx, row) => {
    const questions = row.interviewId !== null ? await questionsOfContent(tx, row.interviewId) : [];
    if (!questions.some((q) => q.id === questionId))
      throw new ValidationError(messages.questionNotInInterview, [
        { path: 'questionId', message: messages.questionNotInInterview },
      ]);
  });
}

/**
 * PUT /me/assignments/{id}/answers {items: [{questionId, fileId, duration, text?}]}: saves my
 * recorded answers. Each question must be the interview's (400 'This question is not part of the
 * interview.'), each file a Ready Video file I uploaded (400 'Upload the video of this answer
 * first.'); every problem is a detail. Items replace mine of the same questions; the videos they
 * replace are deleted when no item uses them any more (rows in the save's transaction, bytes from
 * `deps.storage` after it committed), with the MP4 and poster made from them. Each new video
 * queues its media job in the same transaction when the app processes media
 * (`deps.mediaProcessing`). Answers my
 * answer.
 */
export async function saveMyItems(
  deps: Pick<FilesDeps, 'db' | 'storage' | 'log' | 'directUploads' | 'urls'> & MediaDeps,
  actor: Actor,
  assignmentId: number,
  body: MeAnswerItemsBody,
): Promise<MeAnswer> {
  let replacedKeys: string[] = [];
  const answer = await writeMine(deps, actor, assignmentId, async (tx, row) => {
    const questionIds = new Set(
      row.interviewId !== null
        ? (await questionsOfContent(tx, row.interviewId)).map((q) => q.id)
        : [],
    );
    const details: ErrorDetail[] = [];
    for (const [i, item] of body.items.entries()) {
      if (!questionIds.has(item.questionId))
        details.push({
          path: `items.${i}.questionId`,
          message: messages.questionNotInInterview,
        });
      const file = await requireUsableFile(
        { db: tx, directUploads: deps.directUploads },
        actor,
        item.fileId,
        MediaType.Video,
        messages.videoRequired,
        { ownOnly: true },
      ).catch((error: unknown) => {
        if (error instanceof ValidationError) return null;
        throw error; // a failing store (503), not the trainee's mistake
      });
      if (!file) details.push({ path: `items.${i}.fileId`, message: messages.videoRequired });
    }
    if (details.length > 0) throw new ValidationError(details[0]!.message, details);
    // The videos of the items about to be replaced, with the MP4 and poster made from a video
    // that changes; deleteUnusedFiles keeps any still in use.
    const newFileOf = new Map(body.items.map((i) => [i.questionId, i.fileId]));
    const current = (await itemsOfAnswers(tx, [row.id])).filter((i) => newFileOf.has(i.questionId));
    const replaced = current.flatMap((i) => [
      i.fileId,
      ...(newFileOf.get(i.questionId) !== i.fileId ? [i.playbackFileId, i.posterFileId] : []),
    ]);
    const oldFileOf = new Map(current.map((i) => [i.questionId, i.fileId]));
    const newVideos = body.items
      .filter((i) => oldFileOf.get(i.questionId) !== i.fileId)
      .map((i) => i.questionId);
    await upsertItems(
      tx,
      row.id,
      body.items.map((i) => ({
        questionId: i.questionId,
        fileId: i.fileId,
        duration: i.duration,
        text: i.text ?? null,
      })),
    );
    if (deps.mediaProcessing) await queueMediaJobs(tx, row.id, newVideos);
    replacedKeys = await deleteUnusedFiles(
      tx,
      replaced.filter((id): id is number => id !== null),
    );
  });
  await removeStoredFiles(deps, replacedKeys);
  return answer;
}

/**
 * POST /me/assignments/{id}/submit: every question of the interview needs an item with its video
 * (400 'Record an answer to every question before submitting. Missing: Q2, Q5.', one detail per
 * missing question with its text); then my answer is Submitted with `submittedAt`. A second submit
 * is a 400 ('This answer has already been submitted.'). The change is recorded in the audit log
 * ('answer.status' Pending → Submitted) and queued as the webhook event `answer.submitted`
 * (decisions.md#webhooks §2) in its transaction. Answers my answer.
 */
export async function submitMine(
  deps: FileUrlDeps,
  actor: Actor,
  assignmentId: number,
): Promise<MeAnswer> {
  return writeMine(deps, actor, assignmentId, async (tx, row) => {
    const [questions, items] = await Promise.all([
      row.interviewId !== null ? questionsOfContent(tx, row.interviewId) : Promise.resolve([]),
      itemsOfAnswers(tx, [row.id]),
    ]);
    const answered = new Set(items.filter((i) => i.fileKey !== null).map((i) => i.questionId));
    const missing = questions
      .map((q, index) => ({ ...q, number: index + 1 }))
      .filter((q) => !answered.has(q.id));
    if (missing.length > 0) {
      throw new ValidationError(
        format.missingAnswers(missing.map((q) => format.questionShortLabel(q.number))),
        missing.map((q) => ({
          path: `questions.${q.number - 1}`,
          message: format.missingAnswer(q.number, q.text),
        })),
      );
    }
    const submittedAt = new Date();
    await updateAnswer(tx, row.id, {
      statusId: AnswerStatus.Submitted,
      submittedAt,
      viewed: false,
    });
    await enqueueEvent(tx, {
      organizationId: row.organizationId,
      type: 'answer.submitted',
      data: {
        answerId: row.id,
        assignmentId: row.assignmentId,
        userId: actor.id,
        submittedAt: submittedAt.toISOString(),
      },
    });
    await recordAudit(tx, [
      {
        organizationId: row.organizationId,
        assignmentId: row.assignmentId,
        answerId: row.id,
        actorId: actor.id,
        action: 'answer.status',
        before: { statusId: AnswerStatus.Pending },
        after: { statusId: AnswerStatus.Submitted },
      },
    ]);
  });
}
