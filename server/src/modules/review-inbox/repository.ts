/**
 * The review inbox's statements (decisions.md#review-loop §1): the Submitted answers of an organization, oldest
 * submission first, filtered by assignment, group, trainee search and claim. Every statement reads
 * the Submitted answers through the partial index answers_review_queue_idx (submitted_at, id where
 * status 2): the status is written inline, not bound, so that a prepared statement's generic plan
 * still matches the index's predicate. Statements are prepared once per shape (db/query-shape.ts).
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { readPage, windowTotal, type Paging } from '../../db/paging.js';
import { QueryShape } from '../../db/query-shape.js';
import { likePattern, userNotDeleted } from '../../db/sql-helpers.js';
import { answers, assignments, groupMembers, reviewClaims, users } from '../../db/schema/index.js';

/** The inbox's filters, resolved: the organization is always named. */
export interface InboxFilter {
  organizationId: number;
  /** The caller: `claim: 'mine'` and the claims' `mine` compare with it. */
  actorId: number;
  assignmentId?: number | undefined;
  groupId?: number | undefined;
  search?: string | undefined;
  claim?: 'mine' | 'unclaimed' | undefined;
}

/** One inbox row as read: the answer, its assignment, its trainee and its live claim (or nulls). */
export interface InboxRow {
  answerId: number;
  submittedAt: Date;
  reviewVersion: number;
  assignmentId: number;
  assignmentName: string;
  userId: number;
  firstName: string;
  lastName: string;
  claimUserId: number | null;
  claimFirstName: string | null;
  claimLastName: string | null;
  claimedAt: Date | null;
  claimExpiresAt: Date | null;
}

/** The Submitted status, inline (see the module comment). */
const waiting = sql`${answers.statusId} = 2`;

/** SQL: the answer `answerId` has a live claim (`expires_at` after now), optionally only of `by`. */
function liveClaim(answerId: SQL | typeof answers.id, by?: SQL): SQL {
  return sql`exists (select 1 from ${reviewClaims} where ${reviewClaims.answerId} = ${answerId} and ${reviewClaims.expiresAt} > now()${
    by ? sql` and ${reviewClaims.userId} = ${by}` : sql``
  })`;
}

/**
 * The WHERE of the inbox over `answers` joined with `assignments`, its values bound into `q`:
 * Submitted, of the organization, trainee not soft-deleted, and each filter given.
 */
function inboxWhere(q: QueryShape, filter: InboxFilter): SQL | undefined {
  const { organizationId, assignmentId, groupId, search, claim } = filter;
  return q.where(
    and(
      waiting,
      eq(assignments.organizationId, q.bind('organizationId', organizationId)),
      userNotDeleted(answers.userId),
      assignmentId !== undefined
        ? eq(answers.assignmentId, q.bind('assignmentId', assignmentId))
        : undefined,
      groupId !== undefined
        ? sql`exists (select 1 from ${groupMembers} where ${groupMembers.groupId} = ${q.bind(
            'groupId',
            groupId,
          )} and ${groupMembers.userId} = ${answers.userId})`
        : undefined,
      // As the users list searches: "first last<LF>email", lower-cased, in users.search_key.
      search
        ? sql`exists (select 1 from ${users} where ${users.id} = ${answers.userId} and ${users.searchKey} like lower(${q.bind(
            'search',
            likePattern(search),
          )}::text))`
        : undefined,
      claim === 'mine'
        ? liveClaim(answers.id, sql`${q.bind('actorId', filter.actorId)}`)
        : undefined,
      claim === 'unclaimed' ? sql`not ${liveClaim(answers.id)}` : undefined,
    ),
  );
}

const claimUsers = alias(users, 'claim_user');
const inboxOrder = [asc(answers.submittedAt), asc(answers.id)];

/**
 * One page of the inbox, oldest submission first (submitted_at, id), and the total over all pages.
 * One statement (two past the last page, `readPage`): the page's ids and the total (a window count)
 * come from answers_review_queue_idx joined with the assignments; then only the page's rows are
 * read with their trainee, assignment and live claim.
 */
export async function listInbox(
  db: Db,
  filter: InboxFilter & Paging,
): Promise<{ rows: InboxRow[]; count: number }> {
  const q = new QueryShape('reviewInbox.list');
  const where = inboxWhere(q, filter);
  const list = q.prepared(db, (name) => {
    const page = db
      .select({ id: answers.id, total: windowTotal().as('total') })
      .from(answers)
      .innerJoin(assignments, eq(assignments.id, answers.assignmentId))
      .where(where)
      .orderBy(...inboxOrder)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .as('page');
    return db
      .select({
        answerId: answers.id,
        submittedAt: sql<Date>`${answers.submittedAt}`.mapWith(answers.submittedAt),
        reviewVersion: answers.reviewVersion,
        assignmentId: assignments.id,
        assignmentName: assignments.name,
        userId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        claimUserId: claimUsers.id,
        claimFirstName: claimUsers.firstName,
        claimLastName: claimUsers.lastName,
        claimedAt: reviewClaims.claimedAt,
        claimExpiresAt: reviewClaims.expiresAt,
        total: sql<number>`${page.total}`.mapWith(Number),
      })
      .from(page)
      .innerJoin(answers, eq(answers.id, page.id))
      .innerJoin(users, eq(users.id, answers.userId))
      .innerJoin(assignments, eq(assignments.id, answers.assignmentId))
      .leftJoin(
        reviewClaims,
        and(eq(reviewClaims.answerId, answers.id), sql`${reviewClaims.expiresAt} > now()`),
      )
      .leftJoin(claimUsers, eq(claimUsers.id, reviewClaims.userId))
      .orderBy(...inboxOrder)
      .prepare(name);
  });
  return readPage(filter, (window) => list.execute({ ...q.values, ...window }));
}

/** Where an answer stands for the neighbors call. */
export interface InboxAnchor {
  id: number;
  submittedAt: Date | null;
  organizationId: number;
  userId: number;
  userDeleted: boolean;
}

/** The answer `id` with what the neighbors call needs to place and authorize it. One statement. */
export async function findInboxAnchor(db: Db, id: number): Promise<InboxAnchor | undefined> {
  const [row] = await db
    .select({
      id: answers.id,
      submittedAt: answers.submittedAt,
      organizationId: assignments.organizationId,
      userId: answers.userId,
      userDeleted: sql<boolean>`${users.deletedAt} is not null`,
    })
    .from(answers)
    .innerJoin(assignments, eq(assignments.id, answers.assignmentId))
    .innerJoin(users, eq(users.id, answers.userId))
    .where(eq(answers.id, id))
    .limit(1);
  return row;
}

/** The neighbors of an answer in the inbox: see `inboxNeighbors`. */
export interface InboxNeighborsRow {
  previousId: number | null;
  nextId: number | null;
  /** The first inbox answer that is not the anchor and not another's (where 'next' goes round). */
  firstId: number | null;
  /** How many inbox answers come at or before the anchor (its position when `inInbox`). */
  rank: number;
  inInbox: boolean;
  count: number;
}

/**
 * The answers just before and after `anchor` in the inbox order with `filter`, by the anchor's
 * (submitted_at, id) — so it works when the anchor has just left the inbox —, skipping answers
 * another reviewer than `filter.actorId` holds a live claim on; the first such answer of the whole
 * inbox other than the anchor (after the last one, 'Submit and next' goes round to it); whether the anchor is in the inbox,
 * how many inbox answers come at or before it and the inbox's count. One statement: the inbox's
 * ids are read once (a CTE over answers_review_queue_idx) and counted and searched from there.
 * An anchor never submitted (no time) has no neighbors.
 */
export async function inboxNeighbors(
  db: Db,
  filter: InboxFilter,
  anchor: { id: number; submittedAt: Date | null },
): Promise<InboxNeighborsRow> {
  const q = new QueryShape('reviewInbox.neighbors');
  const where = inboxWhere(q, filter);
  const anchorId = q.bind('anchorId', anchor.id);
  const anchorAt = q.bind('anchorAt', anchor.submittedAt?.toISOString() ?? null);
  const me = q.bind('me', filter.actorId);
  const statement = q.prepared(db, (name) => {
    const inbox = db.$with('inbox').as(
      db
        .select({
          id: sql<number>`${answers.id}`.as('answer_id'),
          at: sql<Date>`${answers.submittedAt}`.as('at'),
          taken:
            sql<boolean>`exists (select 1 from ${reviewClaims} where ${reviewClaims.answerId} = ${answers.id} and ${reviewClaims.expiresAt} > now() and ${reviewClaims.userId} <> ${me})`.as(
              'taken',
            ),
        })
        .from(answers)
        .innerJoin(assignments, eq(assignments.id, answers.assignmentId))
        .where(where),
    );
    const at = sql`${anchorAt}::timestamptz`;
    return db
      .with(inbox)
      .select({
        previousId: sql<
          number | null
        >`(select answer_id from inbox where (at, answer_id) < (${at}, ${anchorId}) and not taken order by at desc, answer_id desc limit 1)`,
        nextId: sql<
          number | null
        >`(select answer_id from inbox where (at, answer_id) > (${at}, ${anchorId}) and not taken order by at, answer_id limit 1)`,
        firstId: sql<
          number | null
        >`(select answer_id from inbox where answer_id <> ${anchorId} and not taken order by at, answer_id limit 1)`,
        rank: sql<number>`(select count(*) from inbox where (at, answer_id) <= (${at}, ${anchorId}))`.mapWith(
          Number,
        ),
        inInbox: sql<boolean>`exists (select 1 from inbox where answer_id = ${anchorId})`,
        count: sql<number>`(select count(*) from inbox)`.mapWith(Number),
      })
      .from(sql`(select 1) as one`)
      .prepare(name);
  });
  const [row] = await statement.execute(q.values);
  return {
    previousId: row?.previousId ?? null,
    nextId: row?.nextId ?? null,
    firstId: row?.firstId ?? null,
    rank: row?.rank ?? 0,
    inInbox: row?.inInbox ?? false,
    count: row?.count ?? 0,
  };
}
