/**
 * One door per list (architecture.md 'Authorization lives in one place'; 000 §6, 001 §6): every
 * list scoped to an organization goes through `scopeFor`, and a filter that names another
 * organization (or a row of one) answers the 404 a missing row answers; a group list and the
 * group it opens follow one rule (000 §2.6: trainees and instructors see the groups they belong
 * to; group detail is an admin's and a manager's, 000 §6).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Role, messages, type Actor } from '@practica/contract';
import { assignments, groups } from '../../src/db/schema/index.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../../src/errors.js';
import { requireInScope, scopeFor } from '../../src/lib/scope-for.js';
import { buildTestApp, type TestContext } from '../helpers/build.js';
import { emptyDemoFixture, loadDemoFixture } from '../helpers/demo-fixture.js';

const A = 1;
const B = 2;
const who = (roleId: Actor['roleId'], organizationId: number | null = A): Actor => ({
  id: 10 + roleId,
  roleId,
  organizationId,
  creator: false,
});
const admin = who(Role.Admin, null);
const manager = who(Role.Manager);
const instructor = who(Role.Instructor);
const trainee = who(Role.Trainee);

describe('scopeFor', () => {
  it('answers an admin the organization named, or every one; anyone else its own', () => {
    expect(scopeFor(admin, 'user:list', {})).toBeUndefined();
    expect(scopeFor(admin, 'user:list', { organizationId: B })).toBe(B);
    expect(scopeFor(manager, 'user:list', {})).toBe(A);
    expect(scopeFor(manager, 'user:list', { organizationId: A })).toBe(A);
    expect(scopeFor(instructor, 'assignment:read', {})).toBe(A);
  });

  it('answers 404 for another organization named, after the role check (403 for a role that may list nothing)', () => {
    expect(() => scopeFor(manager, 'user:list', { organizationId: B })).toThrow(NotFoundError);
    expect(() =>
      scopeFor(instructor, 'group:read', { organizationId: B }, { target: { isMember: true } }),
    ).toThrow(NotFoundError);
    expect(() => scopeFor(trainee, 'user:list', {})).toThrow(ForbiddenError);
    expect(() => scopeFor(trainee, 'user:list', { organizationId: B })).toThrow(ForbiddenError);
  });

  it('checks the role on the facts of the rows listed (a trainee lists only its own answers)', () => {
    expect(
      scopeFor(trainee, 'answer:read', { organizationId: A }, { target: { userId: trainee.id } }),
    ).toBe(A);
    expect(() =>
      scopeFor(trainee, 'answer:read', {}, { target: { userId: trainee.id + 1 } }),
    ).toThrow(ForbiddenError);
    expect(() =>
      scopeFor(trainee, 'answer:read', { organizationId: B }, { target: { userId: trainee.id } }),
    ).toThrow(NotFoundError);
  });

  it('resolves a list of one organization as a row: 400 when an admin names none, 404 before 403', () => {
    const one = {
      oneOrganization: {
        message: messages.reviewInboxOrganizationRequired,
        path: 'organizationId',
      },
    };
    expect(() => scopeFor(admin, 'answer:review', {}, one)).toThrow(ValidationError);
    expect(scopeFor(admin, 'answer:review', { organizationId: B }, one)).toBe(B);
    expect(() => scopeFor(trainee, 'answer:review', { organizationId: B }, one)).toThrow(
      NotFoundError,
    );
    expect(() => scopeFor(trainee, 'answer:review', {}, one)).toThrow(ForbiddenError);
    expect(() => scopeFor(who(Role.Manager, null), 'answer:review', {}, one)).toThrow(
      ForbiddenError,
    );
  });

  it('requireInScope: a row named by a filter exists and is of the scope', () => {
    expect(() => requireInScope(A, A)).not.toThrow();
    expect(() => requireInScope(B, undefined)).not.toThrow();
    expect(() => requireInScope(B, A)).toThrow(NotFoundError);
    expect(() => requireInScope(undefined, undefined)).toThrow(NotFoundError);
  });
});

let ctx: TestContext;
const demo = emptyDemoFixture();
const { org, groups: group, call } = demo;
let northwindAssignment: number;
beforeAll(async () => {
  ctx = await buildTestApp();
  await loadDemoFixture(ctx, demo);
  const db = ctx.testDb.database.db;
  // A Draft assignment of Northwind (the demo has none): a row another organization owns.
  const [row] = await db
    .insert(assignments)
    .values({ name: 'Northwind draft', description: '', organizationId: org.northwind })
    .returning({ id: assignments.id });
  northwindAssignment = row!.id;
}, 120_000);
afterAll(() => ctx?.close());

/** The body of a 404 minus what differs per request. */
const notFoundBody = (res: { statusCode: number; json(): unknown }) => {
  expect(res.statusCode).toBe(404);
  const { requestId: _, ...rest } = res.json() as Record<string, unknown>;
  return rest;
};

describe('lists: a filter naming another organization', () => {
  const lists = [
    '/api/users',
    '/api/groups',
    '/api/assignments',
    '/api/assignments/dashboard',
    '/api/assignments/answers',
    '/api/reviews/inbox',
    '/api/interviews',
  ];

  it('answers a manager 404, the body a missing organization answers; its own organization 200', async () => {
    for (const list of lists) {
      const foreign = await call('GET', `${list}?organizationId=${org.northwind}`, 'manager');
      const missing = await call('GET', `${list}?organizationId=999999`, 'manager');
      expect(notFoundBody(foreign), list).toEqual(notFoundBody(missing));
      const own = await call('GET', `${list}?organizationId=${org.demo}`, 'manager');
      expect(own.statusCode, list).toBe(200);
    }
  });

  it('answers an admin the organization it names', async () => {
    for (const list of lists) {
      const res = await call('GET', `${list}?organizationId=${org.northwind}`, 'admin');
      expect(res.statusCode, list).toBe(200);
    }
  });

  it('answers 404 for an assignment or group of another organization named by a filter', async () => {
    const harbour = group['Harbour Crew']!;
    for (const url of [
      `/api/assignments/answers?assignmentId=${northwindAssignment}`,
      `/api/reviews/inbox?assignmentId=${northwindAssignment}`,
      `/api/reviews/inbox?groupId=${harbour}`,
    ])
      expect((await call('GET', url, 'manager')).statusCode, url).toBe(404);
    // An admin's list of one organization takes only that organization's rows.
    expect(
      (
        await call(
          'GET',
          `/api/reviews/inbox?organizationId=${org.demo}&groupId=${harbour}`,
          'admin',
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(
          'GET',
          `/api/reviews/inbox?organizationId=${org.northwind}&groupId=${harbour}`,
          'admin',
        )
      ).statusCode,
    ).toBe(200);
  });
});

describe('groups: the list and the group it opens agree (000 §2.6, §6)', () => {
  it('an instructor opens exactly the groups its list shows; a manager every group of its organization', async () => {
    const db = ctx.testDb.database.db;
    const ofDemo = (
      await db.select({ id: groups.id }).from(groups).where(eq(groups.organizationId, org.demo))
    ).map((g) => g.id);
    expect(ofDemo.length).toBeGreaterThan(1);
    for (const name of ['instructor', 'instructor2', 'trainee', 'manager']) {
      const listed = (await call('GET', '/api/groups', name))
        .json()
        .data.list.map((g: { id: number }) => g.id);
      const opened: number[] = [];
      for (const id of ofDemo) {
        const res = await call('GET', `/api/groups/${id}`, name);
        expect([200, 403], `${name} GET /api/groups/${id}`).toContain(res.statusCode);
        if (res.statusCode === 200) opened.push(id);
      }
      expect(opened.sort(), name).toEqual([...listed].sort());
    }
    // The instructor2 of the demo belongs to Cohort B only: Cohort A is not its to open.
    expect((await call('GET', `/api/groups/${group['Cohort A']}`, 'instructor2')).statusCode).toBe(
      403,
    );
    expect(
      (await call('GET', `/api/groups/${group['Cohort A']}/users`, 'instructor2')).statusCode,
    ).toBe(403);
  });
});
