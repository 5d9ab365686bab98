/**
 * The assignments' answer counts are kept by triggers on assignments, answers and users (migration
 * 0008, decisions.md#performance). Whatever changes them — answers inserted, their status, score, assignment or
 * trainee changed, answers deleted, trainees soft-deleted, restored or deleted for good (their
 * answers go with them), assignments created or deleted — the kept row must equal the live count
 * the assignments list and detail computed before, the mean score to the last digit of `avg`.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import pg from 'pg';
import { inArray, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnswerStatus, Role } from '@practica/contract';
import { answers, assignments, organizations, users } from '../src/db/schema/index.js';
import { dashboardCounts } from '../src/modules/assignments/dashboard-repository.js';
import { findAssignmentDetail } from '../src/modules/assignments/repository.js';
import { listAssignments } from '../src/modules/assignments/list-repository.js';
import { createTestDatabase, onPostgres, type TestDatabase } from './helpers/database.js';

let t: TestDatabase;
let orgId = 0;
let seq = 0;

/** The rows of a raw statement, whichever driver ran it. */
async function rows<T>(query: SQL): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function addUsers(count: number): Promise<void> {
  await t.database.db.insert(users).values(
    Array.from({ length: count }, () => ({
      email: `u${++seq}@answer-counts.test`,
      firstName: 'F',
      lastName: 'L',
      passwordHash: 'x',
      roleId: Role.Trainee,
      organizationId: orgId,
    })),
  );
}

async function addAssignments(count: number): Promise<void> {
  await t.database.db.insert(assignments).values(
    Array.from({ length: count }, () => ({
      name: `A${++seq}`,
      description: 'D',
      organizationId: orgId,
    })),
  );
}

/** A world of 6 trainees and 3 assignments without answers (what was there is deleted first). */
async function freshWorld(): Promise<void> {
  const { db } = t.database;
  await db.delete(assignments);
  await db.delete(users);
  await addUsers(6);
  await addAssignments(3);
}

beforeAll(async () => {
  t = await createTestDatabase();
  const [org] = await t.database.db
    .insert(organizations)
    .values({ name: 'One', address: 'Street 1', userSeats: 100 })
    .returning({ id: organizations.id });
  orgId = org!.id;
  await freshWorld();
});

afterAll(async () => {
  await t.drop();
});

interface Counts {
  pending: number;
  submitted: number;
  reviewed: number;
  trainees: number;
  completed: number;
  /** The mean score as PostgreSQL writes the numeric (null when none). */
  average: string | null;
}

/** The live counts of every assignment, computed as the list and detail did before 0008. */
async function liveCounts(): Promise<Record<number, Counts>> {
  const counted = sql.raw(
    `an.assignment_id = a.id and an.user_id not in (select u.id from users u where u.deleted_at is not null)`,
  );
  const live = await rows<Record<keyof Counts | 'id', string | number | null>>(sql`
    select a.id,
      (select count(*) from answers an where ${counted} and an.status_id = 1) as pending,
      (select count(*) from answers an where ${counted} and an.status_id = 2) as submitted,
      (select count(*) from answers an where ${counted} and an.status_id = 3) as reviewed,
      (select count(*) from answers an where ${counted}) as trainees,
      (select count(*) from answers an where ${counted} and an.status_id <> 1) as completed,
      (select avg(an.score)::text from answers an where ${counted} and an.status_id = 3) as average
    from assignments a`);
  return Object.fromEntries(live.map((r) => [Number(r.id), counts(r)]));
}

/** The kept counts of every row of assignment_answer_counts. */
async function keptCounts(): Promise<Record<number, Counts>> {
  const kept = await rows<Record<keyof Counts | 'id', string | number | null>>(sql`
    select assignment_id as id, pending, submitted, reviewed,
      pending + submitted + reviewed as trainees, submitted + reviewed as completed,
      (case when scored > 0 then score_sum / scored end)::text as average
    from assignment_answer_counts`);
  return Object.fromEntries(kept.map((r) => [Number(r.id), counts(r)]));
}

function counts(r: Record<keyof Counts, string | number | null>): Counts {
  return {
    pending: Number(r.pending),
    submitted: Number(r.submitted),
    reviewed: Number(r.reviewed),
    trainees: Number(r.trainees),
    completed: Number(r.completed),
    average: r.average === null ? null : String(r.average),
  };
}

/** Kept equals live, and the repository answers the live numbers (list, detail, dashboard). */
async function expectKeptEqualsLive(): Promise<void> {
  const { db } = t.database;
  const live = await liveCounts();
  expect(await keptCounts()).toEqual(live);
  const list = await listAssignments(db, { organizationId: orgId, page: 1, pageSize: 1000 });
  expect(
    Object.fromEntries(list.rows.map((r) => [r.id, [r.traineesCount, r.completedCount]])),
  ).toEqual(
    Object.fromEntries(Object.entries(live).map(([id, c]) => [id, [c.trainees, c.completed]])),
  );
  for (const [id, c] of Object.entries(live)) {
    const detail = await findAssignmentDetail(db, Number(id));
    expect(detail).toMatchObject({
      traineesCount: c.trainees,
      completedCount: c.completed,
      pendingCount: c.pending,
      submittedCount: c.submitted,
      reviewedCount: c.reviewed,
      averageScore: c.average === null ? null : Number(c.average),
    });
  }
  const submitted = Object.values(live).reduce((n, c) => n + c.submitted, 0);
  expect((await dashboardCounts(db, orgId)).pendingReview).toBe(submitted);
}

/** True when the error is PostgreSQL's unique violation (Drizzle wraps the driver's error). */
function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
}

const status = fc.constantFrom(AnswerStatus.Pending, AnswerStatus.Submitted, AnswerStatus.Reviewed);
// Scores of numeric(4,2), null included (a Reviewed answer may have none: avg ignores it).
const score = fc.option(
  fc.integer({ min: 0, max: 500 }).map((n) => n / 100),
  { nil: null },
);
const pick = fc.array(fc.nat({ max: 9 }), { minLength: 1, maxLength: 4 });

const step = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('answer' as const),
      assignment: fc.nat(),
      users: fc.array(fc.nat(), { minLength: 1, maxLength: 8 }),
      status,
      score,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('status' as const), answers: pick, status, score }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('score' as const), answers: pick, score }),
  },
  // Each picked answer to the next status: one statement moving rows between different counts.
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cycle' as const), answers: pick }) },
  // Columns outside the counts: nothing moves.
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('touch' as const), answers: pick }) },
  // To another assignment or trainee (refused as a whole when one would be a duplicate).
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constantFrom('moveAssignment' as const, 'moveUser' as const),
      answers: pick,
      to: fc.nat(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('deleteAnswers' as const), answers: pick }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constantFrom('softDelete' as const, 'restore' as const, 'deleteUsers' as const),
      users: pick,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('newUsers' as const),
      count: fc.integer({ min: 1, max: 4 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('newAssignment' as const) }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('deleteAssignment' as const), assignment: fc.nat() }),
  },
);

type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

/** Applies one step to the database. */
async function apply(s: Step): Promise<void> {
  const { db } = t.database;
  const ids = async (table: typeof users | typeof answers | typeof assignments) =>
    (await db.select({ id: table.id }).from(table).orderBy(table.id)).map((r) => r.id);
  const chosen = (all: number[], at: number[]) =>
    all.length === 0 ? [] : [...new Set(at.map((i) => all[i % all.length]!))];
  if (s.kind === 'newUsers') return addUsers(s.count);
  if (s.kind === 'newAssignment') return addAssignments(1);
  if (s.kind === 'deleteAssignment') {
    const [id] = chosen(await ids(assignments), [s.assignment]);
    if (id !== undefined) await db.delete(assignments).where(inArray(assignments.id, [id]));
    return;
  }
  if (s.kind === 'answer') {
    const [assignmentId] = chosen(await ids(assignments), [s.assignment]);
    const userIds = chosen(await ids(users), s.users);
    if (assignmentId === undefined || userIds.length === 0) return;
    await db
      .insert(answers)
      .values(
        userIds.map((userId) => ({ assignmentId, userId, statusId: s.status, score: s.score })),
      )
      .onConflictDoNothing();
    return;
  }
  if ('users' in s) {
    const userIds = chosen(await ids(users), s.users);
    if (userIds.length === 0) return;
    if (s.kind === 'deleteUsers') await db.delete(users).where(inArray(users.id, userIds));
    else
      await db
        .update(users)
        .set({ deletedAt: s.kind === 'softDelete' ? new Date() : null })
        .where(inArray(users.id, userIds));
    return;
  }
  const answerIds = chosen(await ids(answers), s.answers);
  if (answerIds.length === 0) return;
  const where = inArray(answers.id, answerIds);
  switch (s.kind) {
    case 'status':
      await db.update(answers).set({ statusId: s.status, score: s.score }).where(where);
      return;
    case 'score':
      await db.update(answers).set({ score: s.score }).where(where);
      return;
    case 'cycle':
      await db
        .update(answers)
        .set({ statusId: sql`${answers.statusId} % 3 + 1` })
        .where(where);
      return;
    case 'touch':
      await db
        .update(answers)
        .set({ viewed: true, practiceCounter: sql`${answers.practiceCounter} + 1` })
        .where(where);
      return;
    case 'moveAssignment':
    case 'moveUser': {
      const [to] = chosen(await ids(s.kind === 'moveUser' ? users : assignments), [s.to]);
      if (to === undefined) return;
      const set = s.kind === 'moveUser' ? { userId: to } : { assignmentId: to };
      try {
        await db.update(answers).set(set).where(where);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
      return;
    }
    case 'deleteAnswers':
      await db.delete(answers).where(where);
      return;
  }
}

describe('assignment_answer_counts', () => {
  it('equals the live counts after any sequence of answer, user and assignment changes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 20 }), async (steps) => {
        await freshWorld();
        for (const s of steps) {
          await apply(s);
          await expectKeptEqualsLive();
        }
      }),
      { numRuns: 60 },
    );
  });

  it('takes back the answers of a user deleted for good once, soft-deleted first or not', async () => {
    const { db } = t.database;
    await freshWorld();
    const userIds = (await db.select({ id: users.id }).from(users).orderBy(users.id)).map(
      (r) => r.id,
    );
    const assignmentIds = (
      await db.select({ id: assignments.id }).from(assignments).orderBy(assignments.id)
    ).map((r) => r.id);
    await db.insert(answers).values(
      assignmentIds.flatMap((assignmentId) =>
        userIds.map((userId, i) => ({
          assignmentId,
          userId,
          statusId: (i % 3) + 1,
          score: i % 3 === 2 ? i / 4 : null,
        })),
      ),
    );
    await expectKeptEqualsLive();
    // One statement: a user soft-deleted before, two not, one of them Reviewed.
    await db
      .update(users)
      .set({ deletedAt: new Date() })
      .where(inArray(users.id, [userIds[0]!]));
    await expectKeptEqualsLive();
    await db.delete(users).where(inArray(users.id, userIds.slice(0, 3)));
    await expectKeptEqualsLive();
    expect((await keptCounts())[assignmentIds[0]!]).toMatchObject({ pending: 1, trainees: 3 });
  });

  it('only counts statuses an answer can have: any other is refused', async () => {
    const { db } = t.database;
    await freshWorld();
    const [user] = await db.select({ id: users.id }).from(users).limit(1);
    const [assignment] = await db.select({ id: assignments.id }).from(assignments).limit(1);
    for (const statusId of [AnswerStatus.None, AnswerStatus.Completed]) {
      await expect(
        db.insert(answers).values({ assignmentId: assignment!.id, userId: user!.id, statusId }),
      ).rejects.toThrow();
    }
    await db
      .insert(answers)
      .values({ assignmentId: assignment!.id, userId: user!.id, statusId: AnswerStatus.Pending });
    await expect(
      db
        .update(answers)
        .set({ statusId: AnswerStatus.Completed })
        .where(inArray(answers.userId, [user!.id])),
    ).rejects.toThrow();
    await expectKeptEqualsLive();
  });

  it('holds through a transaction that rolls back', async () => {
    const { db } = t.database;
    await addUsers(2);
    await addAssignments(1);
    const userIds = (await db.select({ id: users.id }).from(users)).map((r) => r.id).slice(-2);
    const [assignment] = await db
      .select({ id: assignments.id })
      .from(assignments)
      .orderBy(sql`${assignments.id} desc`)
      .limit(1);
    await db.insert(answers).values({
      assignmentId: assignment!.id,
      userId: userIds[0]!,
      statusId: AnswerStatus.Reviewed,
      score: 4.5,
    });
    const before = await keptCounts();
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(answers).values({
          assignmentId: assignment!.id,
          userId: userIds[1]!,
          statusId: AnswerStatus.Reviewed,
          score: 1,
        });
        await tx.update(users).set({ deletedAt: new Date() }).where(inArray(users.id, userIds));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await keptCounts()).toEqual(before);
    await expectKeptEqualsLive();
  });

  it("the migration's backfill computes the live counts", async () => {
    const { db } = t.database;
    const migration = readFileSync(
      new URL('../drizzle/0008_assignment_answer_counts.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration.split('--> statement-breakpoint').at(-1)!;
    expect(backfill).toMatch(/INSERT INTO "assignment_answer_counts"/);
    await db.transaction(async (tx) => {
      await tx.execute(sql`delete from assignment_answer_counts`);
      await tx.execute(sql.raw(backfill));
    });
    expect(await keptCounts()).toEqual(await liveCounts());
  });

  describe.runIf(onPostgres)('two transactions at once (PostgreSQL)', () => {
    /** A session on the test database, with its backend's pid. */
    async function session(): Promise<{ client: pg.Client; pid: number }> {
      const client = new pg.Client({ connectionString: t.url });
      await client.connect();
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      return { client, pid: rows[0]!.pid };
    }

    /** Resolves once `statement` waits on a lock in session `pid`, or has ended without waiting. */
    async function blockedOrDone(watcher: pg.Client, pid: number, statement: Promise<unknown>) {
      let done = false;
      void statement.then(
        () => (done = true),
        () => (done = true),
      );
      for (let i = 0; i < 500 && !done; i++) {
        const { rows } = await watcher.query<{ wait: string | null }>(
          'select wait_event_type as wait from pg_stat_activity where pid = $1',
          [pid],
        );
        if (rows[0]?.wait === 'Lock') return;
        await new Promise((r) => setTimeout(r, 10));
      }
    }

    /**
     * An answer written while another transaction soft-deletes its trainee, in both orders: without
     * the answers trigger's FOR SHARE lock on users, each side misses the other's uncommitted change
     * and the answer stays counted (or is taken back twice).
     */
    it('counts an answer written while its trainee is soft-deleted exactly once', async () => {
      const { db } = t.database;
      await freshWorld();
      const [u1, u2] = (await db.select({ id: users.id }).from(users).orderBy(users.id)).map(
        (r) => r.id,
      );
      const [a1] = (
        await db.select({ id: assignments.id }).from(assignments).orderBy(assignments.id)
      ).map((r) => r.id);
      await db.insert(answers).values({ assignmentId: a1!, userId: u2!, statusId: 1 });
      const [one, two, watch] = await Promise.all([session(), session(), session()]);
      const [first, second, watcher] = [one.client, two.client, watch.client];
      try {
        // The trainee is soft-deleted first; its new answer waits, then counts for nothing.
        await first.query('begin');
        await first.query('update users set deleted_at = now() where id = $1', [u1]);
        const insert = second.query(
          'insert into answers (assignment_id, user_id, status_id) values ($1, $2, 1)',
          [a1, u1],
        );
        await blockedOrDone(watcher, two.pid, insert);
        await first.query('commit');
        await insert;
        await expectKeptEqualsLive();
        // The answer changes first; the soft delete waits, then takes back its new status.
        await second.query('begin');
        await second.query('update answers set status_id = 3, score = 2.5 where user_id = $1', [
          u2,
        ]);
        const softDelete = first.query('update users set deleted_at = now() where id = $1', [u2]);
        await blockedOrDone(watcher, one.pid, softDelete);
        await second.query('commit');
        await softDelete;
        await expectKeptEqualsLive();
      } finally {
        await Promise.all([first.end(), second.end(), watcher.end()]);
      }
    });
  });
});
