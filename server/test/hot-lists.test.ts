/**
 * The hot lists' statements are prepared once per shape of the filter (db/query-shape.ts) and
 * shared by every request of that shape. Two requests of the same shape for two organizations —
 * a manager of each, or the admin naming each organization — must each answer only their own
 * organization's rows: on the page, in the count, and past the last page (the recount).
 */
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnswerStatus, AssignmentStatus } from '@practica/contract';
import type { Db } from '../src/db/client.js';
import { answers, assignments, groups, users } from '../src/db/schema/index.js';
import { buildTestApp, type TestContext } from './helpers/build.js';
import { demoSession, demoUserIds, type Call } from './helpers/demo-fixture.js';

const actors = ['admin', 'manager', 'manager2'] as const;
type Actor = (typeof actors)[number];
type Org = 'demo' | 'northwind';

let ctx: TestContext;
let db: Db;
let call: Call<Actor>;
let org: Record<Org, number>;

beforeAll(async () => {
  ctx = await buildTestApp();
  db = ctx.testDb.database.db;
  ({ call, org } = await demoSession(ctx, actors));
  // One Active assignment per organization, each with two Pending answers of its trainees.
  const ids = await demoUserIds(db);
  const seeded: [Org, string, string[]][] = [
    ['demo', 'Scope practice', ['trainee', 'tessa']],
    ['northwind', 'Harbour practice', ['nina', 'noah']],
  ];
  for (const [orgName, name, trainees] of seeded) {
    const [assignment] = await db
      .insert(assignments)
      .values({
        name,
        description: name,
        statusId: AssignmentStatus.Active,
        organizationId: org[orgName],
      })
      .returning({ id: assignments.id });
    await db.insert(answers).values(
      trainees.map((who) => ({
        assignmentId: assignment!.id,
        userId: ids[who]!,
        statusId: AnswerStatus.Pending,
      })),
    );
  }
});

afterAll(async () => {
  await ctx?.close();
});

/** The ids of `list`'s rows that belong to organization `organizationId`, from the tables. */
async function ownIds(list: List, organizationId: number): Promise<Set<number>> {
  const rows =
    list === 'answers'
      ? await db
          .select({ id: answers.id })
          .from(answers)
          .innerJoin(assignments, eq(assignments.id, answers.assignmentId))
          .where(eq(assignments.organizationId, organizationId))
      : list === 'assignments'
        ? await db
            .select({ id: assignments.id })
            .from(assignments)
            .where(eq(assignments.organizationId, organizationId))
        : list === 'users'
          ? await db
              .select({ id: users.id })
              .from(users)
              .where(and(eq(users.organizationId, organizationId), isNull(users.deletedAt)))
          : await db
              .select({ id: groups.id })
              .from(groups)
              .where(eq(groups.organizationId, organizationId));
  return new Set(rows.map((r) => r.id));
}

type List = 'answers' | 'assignments' | 'users' | 'groups';

/** `GET url` as `who`: the answer's data (`list`, `count` and any per-status counts). */
async function read(
  who: Actor,
  url: string,
): Promise<{ list: { id: number }[]; count: number; [more: string]: unknown }> {
  const res = await call('GET', url, who);
  expect(res.statusCode, `${who} GET ${url}: ${res.body}`).toBe(200);
  return (res.json() as { data: { list: { id: number }[]; count: number } }).data;
}

/**
 * Each request of `requests` (one shape, one organization each, in order): its page holds rows
 * of its organization only, its count is that organization's, and a page past the last answers
 * no rows and the same count (and per-status counts). The pages of the organizations do not meet.
 */
async function expectScoped(list: List, requests: [Actor, string, Org][]) {
  const pages: Set<number>[] = [];
  for (const [who, url, orgName] of requests) {
    const own = await ownIds(list, org[orgName]);
    const { list: rows, ...totals } = await read(who, url);
    const { count } = totals;
    expect(rows.length, `${who} ${url}`).toBeGreaterThan(0);
    expect(
      rows.filter((r) => !own.has(r.id)),
      `${who} ${url}: another organization's rows`,
    ).toEqual([]);
    expect(count).toBeGreaterThanOrEqual(rows.length);
    expect(count).toBeLessThanOrEqual(own.size);
    const { list: pastRows, ...pastTotals } = await read(who, `${url}&page=1000`);
    expect(pastRows).toEqual([]);
    expect(pastTotals).toEqual(totals);
    pages.push(new Set(rows.map((r) => r.id)));
  }
  const [first, second] = pages;
  expect([...first!].filter((id) => second!.has(id))).toEqual([]);
}

/** `url` as the manager of each organization, then as the admin naming each (the other way round). */
async function expectScopedForEach(list: List, url: string) {
  await expectScoped(list, [
    ['manager', url, 'demo'],
    ['manager2', url, 'northwind'],
  ]);
  await expectScoped(list, [
    ['admin', `${url}&organizationId=${org.northwind}`, 'northwind'],
    ['admin', `${url}&organizationId=${org.demo}`, 'demo'],
  ]);
}

describe('a hot list of the same shape for two organizations', () => {
  it.each([
    ['answers', '/api/assignments/answers?status=1&pageSize=25'],
    ['assignments', '/api/assignments?status=3&pageSize=25'],
    ['users', '/api/users?roles=1&pageSize=25'],
    ['users', '/api/users?roles=1&search=demo&pageSize=25'],
    ['groups', '/api/groups?pageSize=25'],
    ['groups', '/api/groups?pageSize=25&includeUsers=true'],
  ] as const)('%s (%s): each only its organization’s rows', async (list, url) => {
    await expectScopedForEach(list, url);
  });

  it('an organization’s users: each only that organization’s users', async () => {
    await expectScoped('users', [
      ['admin', `/api/organizations/${org.demo}/users?roles=1&pageSize=25`, 'demo'],
      ['admin', `/api/organizations/${org.northwind}/users?roles=1&pageSize=25`, 'northwind'],
    ]);
  });
});
