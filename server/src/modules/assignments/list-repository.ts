/**
 * The assignments list (001 §7 `GET /assignments`) and its per-status counts (the list's chips):
 * one statement per page, prepared once per shape of the filter (db/query-shape.ts). The answer
 * counts come from the row the triggers keep per assignment, the instructors as a correlated
 * count, the total as a window count (`readPage`).
 */
import { and, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { readPage, windowTotal, type Paging } from '../../db/paging.js';
import { QueryShape } from '../../db/query-shape.js';
import { likePattern } from '../../db/sql-helpers.js';
import {
  answers,
  assignmentAnswerCounts,
  assignmentInstructors,
  assignments,
} from '../../db/schema/index.js';
import { assignmentColumns, creator, withAnswerCounts, type AssignmentRow } from './repository.js';

/** A user's answer on a listed assignment (GET /assignments?userId=). */
export interface UserAnswerRow {
  id: number;
  statusId: number;
  submittedAt: Date | null;
  reviewedAt: Date | null;
  score: number | null;
}

export interface AssignmentListRow extends AssignmentRow {
  answer?: UserAnswerRow | null;
}

export interface AssignmentListFilter extends Paging {
  organizationId?: number | undefined;
  statusIds?: readonly number[] | undefined;
  /** Assignments this user is a trainee in (has an answer) or an instructor on. */
  userId?: number | undefined;
  /** At least 3 characters, matched against the name ignoring case. */
  search?: string | undefined;
}

/** The per-status counts' filter: the list's, without paging and statuses. */
type ByStatusFilter = Omit<AssignmentListFilter, keyof Paging | 'statusIds'>;

/**
 * The list's conditions over assignments, each value bound into `q`: `scope` (organization,
 * member, search) and `statuses` (the status filter, which the per-status counts leave out).
 */
function listConditions(
  q: QueryShape,
  filter: ByStatusFilter & Pick<AssignmentListFilter, 'statusIds'>,
): { scope: SQL | undefined; statuses: SQL | undefined } {
  const { organizationId, userId, search, statusIds } = filter;
  const member = userId !== undefined ? q.bind('userId', userId) : undefined;
  return {
    scope: and(
      organizationId !== undefined
        ? eq(assignments.organizationId, q.bind('organizationId', organizationId))
        : undefined,
      // The user is a trainee (has an answer) or an instructor of the assignment.
      member !== undefined
        ? sql`(exists (select 1 from ${answers} where ${answers.assignmentId} = ${assignments.id} and ${answers.userId} = ${member}) or exists (select 1 from ${assignmentInstructors} where ${assignmentInstructors.assignmentId} = ${assignments.id} and ${assignmentInstructors.userId} = ${member}))`
        : undefined,
      search ? ilike(assignments.name, q.bind('search', likePattern(search))) : undefined,
    ),
    statuses:
      statusIds && statusIds.length > 0
        ? inArray(
            assignments.statusId,
            statusIds.map((id, i) => q.bind(`status${i}`, id)),
          )
        : undefined,
  };
}

/**
 * SQL: the assignments per status matching `scope`, as a JSON object `{statusId: count}`
 * (statuses without assignments absent). Uncorrelated, so computed once per statement: the inner
 * "assignments" is the subquery's own.
 */
function byStatusSql(scope: SQL | undefined) {
  return sql<Record<
    string,
    number
  > | null>`(select json_object_agg(s.status_id, s.n) from (select ${assignments.statusId} as status_id, count(*) as n from ${assignments} where ${scope ?? sql`true`} group by ${assignments.statusId}) s)`;
}

/** The per-status counts of `byStatusSql` by status id. */
function byStatusMap(counts: Record<string, number> | null): Map<number, number> {
  return new Map(Object.entries(counts ?? {}).map(([statusId, n]) => [Number(statusId), n]));
}

const userAnswer = alias(answers, 'user_answer');

/**
 * One page of assignments, newest first, with their counts and the total (one statement; two when
 * past the last page, `readPage`). With `userId`, each row also carries that user's answer (null
 * when the user is not a trainee on it). With `byStatus`, also the assignments per status over the
 * filter without its status filter (the list's chips, `countAssignmentsByStatus`), read in the
 * same statement whenever it answers a row.
 */
export async function listAssignments(
  db: Db,
  filter: AssignmentListFilter,
  options: { byStatus?: boolean } = {},
): Promise<{ rows: AssignmentListRow[]; count: number; byStatus?: Map<number, number> }> {
  const q = new QueryShape('assignments.list');
  const { scope, statuses } = listConditions(q, filter);
  const where = q.where(and(scope, statuses));
  const withByStatus = q.flag('byStatus', options.byStatus === true);
  const byStatusScope = withByStatus ? q.where(scope) : undefined;
  const answerUserId = q.bind('answerUserId', filter.userId ?? -1);
  const list = q.prepared(db, (name) =>
    db
      .select({
        ...assignmentColumns,
        answerId: userAnswer.id,
        answerStatusId: userAnswer.statusId,
        answerSubmittedAt: userAnswer.submittedAt,
        answerReviewedAt: userAnswer.reviewedAt,
        answerScore: userAnswer.score,
        total: windowTotal(),
        byStatus: withByStatus ? byStatusSql(byStatusScope) : sql<null>`null`,
      })
      .from(assignments)
      .leftJoin(creator, eq(creator.id, assignments.createdById))
      .leftJoin(assignmentAnswerCounts, withAnswerCounts)
      .leftJoin(
        userAnswer,
        and(eq(userAnswer.assignmentId, assignments.id), eq(userAnswer.userId, answerUserId)),
      )
      .where(where)
      .orderBy(desc(assignments.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
  );
  let counts: Record<string, number> | null | undefined;
  const { rows, count } = await readPage(filter, async (window) => {
    const page = await list.execute({ ...q.values, ...window });
    if (page[0]) counts ??= page[0].byStatus;
    return page;
  });
  const byStatus = withByStatus
    ? counts !== undefined
      ? byStatusMap(counts)
      : await countAssignmentsByStatus(db, filter)
    : undefined;
  return {
    rows: rows.map(
      ({
        byStatus: _byStatus,
        answerId,
        answerStatusId,
        answerSubmittedAt,
        answerReviewedAt,
        answerScore,
        ...row
      }) => ({
        ...row,
        ...(filter.userId !== undefined
          ? {
              answer:
                answerId !== null && answerStatusId !== null
                  ? {
                      id: answerId,
                      statusId: answerStatusId,
                      submittedAt: answerSubmittedAt,
                      reviewedAt: answerReviewedAt,
                      score: answerScore,
                    }
                  : null,
            }
          : {}),
      }),
    ),
    count,
    ...(byStatus ? { byStatus } : {}),
  };
}

/**
 * Assignments per status over the list's filters without the status filter (the list's chips):
 * the counts `listAssignments` reads with its page, alone. One statement, prepared once per shape.
 * A list's filter may be passed as is: its statuses and paging are left out.
 */
export async function countAssignmentsByStatus(
  db: Db,
  filter: ByStatusFilter,
): Promise<Map<number, number>> {
  const q = new QueryShape('assignments.byStatus');
  const { organizationId, userId, search } = filter;
  const { scope } = listConditions(q, { organizationId, userId, search });
  const where = q.where(scope);
  const byStatus = q.prepared(db, (name) =>
    db
      .select({ byStatus: byStatusSql(where) })
      .from(sql`(select 1) as one`)
      .prepare(name),
  );
  const [row] = await byStatus.execute(q.values);
  return byStatusMap(row?.byStatus ?? null);
}
