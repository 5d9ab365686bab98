/**
 * Queries on answers, their items and the review forms (001 §3 'Answer', 'Answer item', §7
 * `/assignments/answers…`, the review call). A list page is one statement with a window count; a
 * page's items and review forms come in a fixed number of statements, never one per row. Answers
 * of soft-deleted trainees are left out, as in the assignments module.
 */
import { and, asc, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { preparedQuery } from '../../db/prepared-queries.js';
import type { Db, Tx } from '../../db/client.js';
import { rowSet, type ExtraRowSets, type RowSet } from '../../db/row-sets.js';
import { userNotDeleted } from '../users/list-repository.js';
import {
  FileStatus,
  answerItems,
  answers,
  assignments,
  contentAnswers,
  contents,
  files,
  questions,
  users,
} from '../../db/schema/index.js';

// ---------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------

export interface AnswerListRow {
  id: number;
  userId: number;
  firstName: string;
  lastName: string;
  assignmentId: number;
  assignmentName: string;
  statusId: number;
  score: number | null;
  submittedAt: Date | null;
  reviewedAt: Date | null;
  updatedAt: Date;
  viewed: boolean;
  practiceCounter: number;
  ratingsAnswerId: number | null;
  feedbackAnswerId: number | null;
}

const listColumns = {
  id: answers.id,
  userId: answers.userId,
  firstName: users.firstName,
  lastName: users.lastName,
  assignmentId: answers.assignmentId,
  assignmentName: assignments.name,
  statusId: answers.statusId,
  score: answers.score,
  submittedAt: answers.submittedAt,
  reviewedAt: answers.reviewedAt,
  updatedAt: answers.updatedAt,
  viewed: answers.viewed,
  practiceCounter: answers.practiceCounter,
  ratingsAnswerId: answers.ratingsAnswerId,
  feedbackAnswerId: answers.feedbackAnswerId,
};

export interface AnswerListFilter {
  /** Answers of assignments of this organization (undefined: all, for admins). */
  organizationId?: number | undefined;
  assignmentId?: number | undefined;
  userId?: number | undefined;
  statusIds?: readonly number[] | undefined;
  page: number;
  pageSize: number;
}

/** The shape of a list's statement: which filters it has (see db/prepared-queries.ts). */
function listShape(filter: Omit<AnswerListFilter, 'page' | 'pageSize'>): string {
  return [
    filter.organizationId !== undefined,
    filter.assignmentId !== undefined,
    filter.userId !== undefined,
    filter.statusIds?.length ?? 0,
  ].join(':');
}

/** The placeholders' values of a list's statement. */
function listValues(filter: AnswerListFilter): Record<string, unknown> {
  const values: Record<string, unknown> = {
    organizationId: filter.organizationId,
    assignmentId: filter.assignmentId,
    userId: filter.userId,
    limit: filter.pageSize,
    offset: (filter.page - 1) * filter.pageSize,
  };
  filter.statusIds?.forEach((id, i) => (values[`status${i}`] = id));
  return values;
}

/**
 * The list's filter over answers joined to their assignments (trainees not soft-deleted), with
 * placeholders for the values (`listValues`).
 */
function listWhere(filter: Omit<AnswerListFilter, 'page' | 'pageSize'>): SQL | undefined {
  return and(
    userNotDeleted(answers.userId),
    filter.organizationId !== undefined
      ? eq(assignments.organizationId, sql.placeholder('organizationId'))
      : undefined,
    filter.assignmentId !== undefined
      ? eq(answers.assignmentId, sql.placeholder('assignmentId'))
      : undefined,
    filter.userId !== undefined ? eq(answers.userId, sql.placeholder('userId')) : undefined,
    filter.statusIds && filter.statusIds.length > 0
      ? inArray(
          answers.statusId,
          filter.statusIds.map((_, i) => sql.placeholder(`status${i}`)),
        )
      : undefined,
  );
}

/**
 * One page of answers, the latest submitted first (not yet submitted last, newest first), with the
 * trainee's name and the assignment's name, and the total over all pages. One statement (two when
 * the page is past the end): the page's ids and the total come from answers_assignment_status_idx
 * (status, trainee and submission time are in it), then only the page's rows are read. Both
 * statements are prepared once per shape (db/prepared-queries.ts).
 */
export async function listAnswers(
  db: Db,
  filter: AnswerListFilter,
): Promise<{ rows: AnswerListRow[]; count: number }> {
  const shape = listShape(filter);
  const values = listValues(filter);
  const list = preparedQuery(db, `answers.list:${shape}`, (name) => {
    const where = listWhere(filter);
    const order = [sql`${answers.submittedAt} desc nulls last`, desc(answers.id)];
    const page = db
      .select({ id: answers.id, total: sql<number>`count(*) over()`.as('total') })
      .from(answers)
      .innerJoin(assignments, eq(assignments.id, answers.assignmentId))
      .where(where)
      .orderBy(...order)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .as('page');
    return db
      .select({ ...listColumns, total: sql<number>`${page.total}`.mapWith(Number) })
      .from(page)
      .innerJoin(answers, eq(answers.id, page.id))
      .innerJoin(users, eq(users.id, answers.userId))
      .innerJoin(assignments, eq(assignments.id, answers.assignmentId))
      .orderBy(...order)
      .prepare(name);
  });
  const rows = await list.execute(values);
  if (rows.length === 0 && filter.page > 1) {
    const count = preparedQuery(db, `answers.count:${shape}`, (name) =>
      db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(answers)
        .innerJoin(assignments, eq(assignments.id, answers.assignmentId))
        .where(listWhere(filter))
        .prepare(name),
    );
    const [c] = await count.execute(values);
    return { rows: [], count: c?.n ?? 0 };
  }
  return { rows: rows.map(({ total: _total, ...row }) => row), count: rows[0]?.total ?? 0 };
}

/** An answer with what the access checks and the detail need of its trainee and assignment. */
export interface AnswerFullRow extends AnswerListRow {
  userDeletedAt: Date | null;
  organizationId: number;
  assignmentDescription: string;
  assignmentStatusId: number;
  startDate: string | null;
  closeDate: string | null;
  interviewId: number | null;
  environmentId: number | null;
  ratingsId: number | null;
  feedbackId: number | null;
}

/** One answer with its trainee and assignment, or undefined. One statement, prepared once. */
export async function findAnswer(db: Db | Tx, id: number): Promise<AnswerFullRow | undefined> {
  const query = preparedQuery(db, 'answers.find', (name) =>
    db
      .select({
        ...listColumns,
        userDeletedAt: users.deletedAt,
        organizationId: assignments.organizationId,
        assignmentDescription: assignments.description,
        assignmentStatusId: assignments.statusId,
        startDate: assignments.startDate,
        closeDate: assignments.closeDate,
        interviewId: assignments.interviewId,
        environmentId: assignments.environmentId,
        ratingsId: assignments.ratingsId,
        feedbackId: assignments.feedbackId,
      })
      .from(answers)
      .innerJoin(users, eq(users.id, answers.userId))
      .innerJoin(assignments, eq(assignments.id, answers.assignmentId))
      .where(eq(answers.id, sql.placeholder('id')))
      .limit(1)
      .prepare(name),
  );
  const [row] = await query.execute({ id });
  return row;
}

/** `userId`'s answer on the assignment (the unique pair), or undefined. One statement. */
export async function findAnswerOf(
  db: Db | Tx,
  assignmentId: number,
  userId: number,
): Promise<AnswerFullRow | undefined> {
  const [row] = await db
    .select({ id: answers.id })
    .from(answers)
    .where(and(eq(answers.assignmentId, assignmentId), eq(answers.userId, userId)))
    .limit(1);
  return row ? findAnswer(db, row.id) : undefined;
}

/**
 * Locks the answer row for the rest of the transaction (after the assignment's row, always in that
 * order) and answers its status, or undefined when it is gone.
 */
export async function lockAnswer(
  tx: Tx,
  id: number,
): Promise<
  | {
      statusId: number;
      userId: number;
      assignmentId: number;
      ratingsAnswerId: number | null;
      feedbackAnswerId: number | null;
    }
  | undefined
> {
  const [row] = await tx
    .select({
      statusId: answers.statusId,
      userId: answers.userId,
      assignmentId: answers.assignmentId,
      ratingsAnswerId: answers.ratingsAnswerId,
      feedbackAnswerId: answers.feedbackAnswerId,
    })
    .from(answers)
    .where(eq(answers.id, id))
    .for('update');
  return row;
}

/** The due date of an assignment (read after `lockAssignment`, so it cannot change meanwhile). */
export async function closeDateOf(tx: Tx, assignmentId: number): Promise<string | null> {
  const [row] = await tx
    .select({ closeDate: assignments.closeDate })
    .from(assignments)
    .where(eq(assignments.id, assignmentId));
  return row?.closeDate ?? null;
}

/** Sets `viewed` (the review screen's green check). */
export async function markViewed(db: Db | Tx, id: number): Promise<void> {
  await db.update(answers).set({ viewed: true }).where(eq(answers.id, id));
}

/** Updates columns of one answer; `updatedAt` is set to now. */
export async function updateAnswer(
  db: Db | Tx,
  id: number,
  values: Partial<
    Pick<
      typeof answers.$inferInsert,
      | 'statusId'
      | 'score'
      | 'submittedAt'
      | 'reviewedAt'
      | 'viewed'
      | 'ratingsAnswerId'
      | 'feedbackAnswerId'
    >
  >,
): Promise<void> {
  await db
    .update(answers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(answers.id, id));
}

/** Adds one to the answer's practice counter (POST /me/assignments/{id}/practice). */
export async function countPractice(db: Db | Tx, id: number): Promise<void> {
  await db
    .update(answers)
    .set({ practiceCounter: sql`${answers.practiceCounter} + 1`, updatedAt: new Date() })
    .where(eq(answers.id, id));
}

// ---------------------------------------------------------------------------
// Answer items
// ---------------------------------------------------------------------------

export interface AnswerItemRow {
  id: number;
  answerId: number;
  questionId: number;
  text: string | null;
  duration: number;
  fileId: number | null;
  /** Storage key of the video when it is Ready (null otherwise). */
  fileKey: string | null;
}

const itemColumns = {
  id: answerItems.id,
  answerId: answerItems.answerId,
  questionId: answerItems.questionId,
  text: answerItems.text,
  duration: answerItems.duration,
  fileId: answerItems.fileId,
  fileKey: files.storageKey,
};

/** The items of `answerIds` in their questions' order, with their Ready videos' keys. One statement. */
export async function itemsOfAnswers(
  db: Db | Tx,
  answerIds: readonly number[],
): Promise<AnswerItemRow[]> {
  if (answerIds.length === 0) return [];
  return db
    .select(itemColumns)
    .from(answerItems)
    .innerJoin(questions, eq(questions.id, answerItems.questionId))
    .leftJoin(files, and(eq(files.id, answerItems.fileId), eq(files.status, FileStatus.Ready)))
    .where(inArray(answerItems.answerId, [...answerIds]))
    .orderBy(asc(answerItems.answerId), asc(questions.position), asc(questions.id));
}

/**
 * Saves items of one answer: an item of a question already answered is replaced (file, duration,
 * text), others are added (ON CONFLICT on the answer and question). One statement.
 */
export async function upsertItems(
  db: Db | Tx,
  answerId: number,
  items: readonly { questionId: number; fileId: number; duration: number; text: string | null }[],
): Promise<void> {
  if (items.length === 0) return;
  const now = new Date();
  await db
    .insert(answerItems)
    .values(items.map((i) => ({ answerId, ...i, createdAt: now, updatedAt: now })))
    .onConflictDoUpdate({
      target: [answerItems.answerId, answerItems.questionId],
      set: {
        fileId: sql`excluded.file_id`,
        duration: sql`excluded.duration`,
        text: sql`excluded.text`,
        updatedAt: now,
      },
    });
}

/** The questions of a content (an interview) in their order: id, text, role. One statement. */
export async function questionsOfContent(db: Db | Tx, contentId: number) {
  return db
    .select({
      id: questions.id,
      text: questions.text,
      interviewRoleId: questions.interviewRoleId,
    })
    .from(questions)
    .where(eq(questions.contentId, contentId))
    .orderBy(asc(questions.position), asc(questions.id));
}

// ---------------------------------------------------------------------------
// Review forms (content answers)
// ---------------------------------------------------------------------------

const reviewer = alias(users, 'reviewer');

export interface ContentAnswerRow {
  id: number;
  answerId: number;
  contentId: number;
  contentTypeId: number;
  createdById: number | null;
  reviewerFirstName: string | null;
  reviewerLastName: string | null;
  answers: { questionId: number; text: string }[];
  score: number | null;
  createdAt: Date;
}

const contentAnswerColumns = {
  id: contentAnswers.id,
  answerId: contentAnswers.answerId,
  contentId: contentAnswers.contentId,
  contentTypeId: contents.contentTypeId,
  createdById: contentAnswers.createdById,
  reviewerFirstName: reviewer.firstName,
  reviewerLastName: reviewer.lastName,
  answers: contentAnswers.answers,
  score: contentAnswers.score,
  createdAt: contentAnswers.createdAt,
};

/** Review forms among `ids` with their reviewers. One statement. */
export async function contentAnswersByIds(
  db: Db | Tx,
  ids: readonly number[],
): Promise<ContentAnswerRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(contentAnswerColumns)
    .from(contentAnswers)
    .innerJoin(contents, eq(contents.id, contentAnswers.contentId))
    .leftJoin(reviewer, eq(reviewer.id, contentAnswers.createdById))
    .where(inArray(contentAnswers.id, [...ids]));
}

/** Every review form submitted for an answer, newest first (the history). One statement. */
export async function contentAnswersOf(db: Db | Tx, answerId: number): Promise<ContentAnswerRow[]> {
  return db
    .select(contentAnswerColumns)
    .from(contentAnswers)
    .innerJoin(contents, eq(contents.id, contentAnswers.contentId))
    .leftJoin(reviewer, eq(reviewer.id, contentAnswers.createdById))
    .where(eq(contentAnswers.answerId, answerId))
    .orderBy(desc(contentAnswers.createdAt), desc(contentAnswers.id));
}

/** Stores one submitted review form and answers its id. */
export async function insertContentAnswer(
  tx: Tx,
  values: {
    answerId: number;
    contentId: number;
    createdById: number;
    answers: { questionId: number; text: string }[];
    score: number | null;
  },
): Promise<number> {
  const [row] = await tx.insert(contentAnswers).values(values).returning({ id: contentAnswers.id });
  return row!.id;
}

/**
 * The latest form of `contentId` that `createdById` submitted for the answer `answerId` after the
 * form `afterId` (the review round's start; 0: ever), or undefined. Pairs the review calls sent one
 * form at a time (001 §3 'Review payload').
 */
export async function latestFormSince(
  tx: Tx,
  where: { answerId: number; contentId: number; createdById: number; afterId: number },
): Promise<{ id: number; score: number | null } | undefined> {
  const [row] = await tx
    .select({ id: contentAnswers.id, score: contentAnswers.score })
    .from(contentAnswers)
    .where(
      and(
        eq(contentAnswers.answerId, where.answerId),
        eq(contentAnswers.contentId, where.contentId),
        eq(contentAnswers.createdById, where.createdById),
        gt(contentAnswers.id, where.afterId),
      ),
    )
    .orderBy(desc(contentAnswers.id))
    .limit(1);
  return row;
}

/**
 * What the review screen reads of one answer besides its assignment, as row sets for
 * `selectRowSets` (one statement with the composition): its items (`itemsOfAnswers`), the review
 * forms among `formIds` (`contentAnswersByIds`) and every form submitted for it
 * (`contentAnswersOf`), with the same rows in the same order.
 */
export function answerDetailSets(
  answerId: number,
  formIds: readonly number[],
): ExtraRowSets<{
  items: RowSet<AnswerItemRow>;
  forms: RowSet<ContentAnswerRow>;
  history: RowSet<ContentAnswerRow>;
}> {
  return {
    shape: `answerDetail:${formIds.length}`,
    build: (bind) => {
      const answer = bind('answerId', answerId);
      // In raw SQL an aliased table renders as its alias only: name the table, then the alias.
      const formFrom = sql`${contentAnswers} inner join ${contents} on ${eq(contents.id, contentAnswers.contentId)} left join ${users} ${reviewer} on ${eq(reviewer.id, contentAnswers.createdById)}`;
      return {
        items: rowSet<AnswerItemRow>(
          itemColumns,
          sql`${answerItems} inner join ${questions} on ${eq(questions.id, answerItems.questionId)} left join ${files} on ${and(eq(files.id, answerItems.fileId), eq(files.status, FileStatus.Ready))} where ${eq(answerItems.answerId, answer)}`,
          sql`${answerItems.answerId}, ${questions.position}, ${questions.id}`,
        ),
        forms: rowSet<ContentAnswerRow>(
          contentAnswerColumns,
          sql`${formFrom} where ${inArray(
            contentAnswers.id,
            formIds.map((id, i) => bind(`form${i}`, id)),
          )}`,
        ),
        history: rowSet<ContentAnswerRow>(
          contentAnswerColumns,
          sql`${formFrom} where ${eq(contentAnswers.answerId, answer)}`,
          sql`${contentAnswers.createdAt} desc, ${contentAnswers.id} desc`,
        ),
      };
    },
  };
}
