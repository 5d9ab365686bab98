/**
 * The answers list (001 §7 `GET /assignments/answers`): one page of answers, its statement
 * prepared once per shape of the filter (db/query-shape.ts). Answers of soft-deleted trainees
 * are left out, as in the assignments module.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { readPage, windowTotal, type Paging } from '../../db/paging.js';
import { QueryShape } from '../../db/query-shape.js';
import { userNotDeleted } from '../../db/sql-helpers.js';
import { answers, assignments, users } from '../../db/schema/index.js';
import { listColumns, type AnswerListRow } from './repository.js';

export interface AnswerListFilter extends Paging {
  /** Answers of assignments of this organization (undefined: all, for admins). */
  organizationId?: number | undefined;
  assignmentId?: number | undefined;
  userId?: number | undefined;
  statusIds?: readonly number[] | undefined;
}

/**
 * One page of answers, the latest submitted first (not yet submitted last, newest first), with the
 * trainee's name and the assignment's name, and the total over all pages. One statement (two when
 * the page is past the end, `readPage`): the page's ids and the total come from
 * answers_assignment_status_idx (status, trainee and submission time are in it), then only the
 * page's rows are read.
 */
export async function listAnswers(
  db: Db,
  filter: AnswerListFilter,
): Promise<{ rows: AnswerListRow[]; count: number }> {
  const q = new QueryShape('answers.list');
  const { organizationId, assignmentId, userId, statusIds } = filter;
  const where = q.where(
    and(
      userNotDeleted(answers.userId),
      organizationId !== undefined
        ? eq(assignments.organizationId, q.bind('organizationId', organizationId))
        : undefined,
      assignmentId !== undefined
        ? eq(answers.assignmentId, q.bind('assignmentId', assignmentId))
        : undefined,
      userId !== undefined ? eq(answers.userId, q.bind('userId', userId)) : undefined,
      statusIds && statusIds.length > 0
        ? inArray(
            answers.statusId,
            statusIds.map((id, i) => q.bind(`status${i}`, id)),
          )
        : undefined,
    ),
  );
  const list = q.prepared(db, (name) => {
    const order = [sql`${answers.submittedAt} desc nulls last`, desc(answers.id)];
    const page = db
      .select({ id: answers.id, total: windowTotal().as('total') })
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
  return readPage(filter, (window) => list.execute({ ...q.values, ...window }));
}
