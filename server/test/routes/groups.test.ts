/**
 * The /groups calls of 000 §7 with the role rules of 000 §2.6 and §6 (instructors cannot create,
 * edit, delete or change members), and the user-detail groups tab (GET/PUT /users/{id}/groups):
 * each climbs the ladder 401 → 403 → 404 other organization → 400 → success; a denied write
 * changes nothing. Each test builds its own organizations, people and groups (factories.ts,
 * `buildGroupsWorld`), so it passes alone and in any order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { format, messages, Role } from '@practica/contract';
import { groupMembers, groups, users } from '../../src/db/schema/index.js';
import {
  listGroups,
  listGroupsWithMembers,
  membersOfGroups,
} from '../../src/modules/groups/repository.js';
import {
  adminUser,
  buildGroup,
  buildOrganization,
  buildUser,
  factoryOf,
  type Factory,
} from '../factories.js';
import { buildTestApp, injectWithToken, type Method, type TestContext } from '../helpers/build.js';

// The app and its database only: every test builds its own organizations and groups.
let ctx: TestContext;
let f: Factory;
beforeAll(async () => {
  ctx = await buildTestApp({}, { seed: false });
  f = factoryOf(ctx);
});
afterAll(() => ctx.close());

/**
 * Two organizations of their own, shaped as the demo's: Maya (manager), Ian and Irene
 * (instructors), Tom, Tessa, Omar, Priya (trainees), Lucas (inactive), Sofia and Victor
 * (soft-deleted); in the other, Nora (manager), Nate (instructor), Nina and Noah (trainees).
 * Groups: Cohort A (Tom, Tessa, Omar; Ian), Cohort B (Priya, Lucas, Tom; Irene, Ian), and the
 * other's Harbour Crew (Nina, Noah; Nate).
 */
async function buildGroupsWorld() {
  const org = await buildOrganization(f);
  const other = await buildOrganization(f);
  const person =
    (
      organizationId: number,
      role: typeof Role.Trainee | typeof Role.Instructor | typeof Role.Manager,
    ) =>
    (firstName: string, lastName: string, extra: { deleted?: boolean; inactive?: boolean } = {}) =>
      buildUser(f, { role, organizationId, firstName, lastName, ...extra });
  const people = {
    manager: await person(org.id, Role.Manager)('Maya', 'Manning'),
    instructor: await person(org.id, Role.Instructor)('Ian', 'Instructor'),
    instructor2: await person(org.id, Role.Instructor)('Irene', 'Iverson'),
    trainee: await person(org.id, Role.Trainee)('Tom', 'Trainee'),
    tessa: await person(org.id, Role.Trainee)('Tessa', 'Tran'),
    omar: await person(org.id, Role.Trainee)('Omar', 'Okafor'),
    priya: await person(org.id, Role.Trainee)('Priya', 'Patel'),
    lucas: await person(org.id, Role.Trainee)('Lucas', 'Lindqvist', { inactive: true }),
    sofia: await person(org.id, Role.Trainee)('Sofia', 'Santos', { deleted: true }),
    victor: await person(org.id, Role.Trainee)('Victor', 'Vance', { deleted: true }),
    manager2: await person(other.id, Role.Manager)('Nora', 'Northwind'),
    nate: await person(other.id, Role.Instructor)('Nate', 'Nguyen'),
    nina: await person(other.id, Role.Trainee)('Nina', 'Novak'),
    noah: await person(other.id, Role.Trainee)('Noah', 'Nilsen'),
  };
  const admin = await adminUser(f);
  const ids = (...who: (keyof typeof people)[]) => who.map((w) => people[w].id);
  const cohortA = await buildGroup(f, {
    organizationId: org.id,
    by: people.manager,
    name: 'Cohort A',
    description: 'Morning cohort: interview basics',
    members: ids('trainee', 'tessa', 'omar', 'instructor'),
  });
  const cohortB = await buildGroup(f, {
    organizationId: org.id,
    by: people.manager,
    name: 'Cohort B',
    description: 'Evening cohort: advanced practice',
    members: ids('priya', 'lucas', 'trainee', 'instructor2', 'instructor'),
  });
  const harbour = await buildGroup(f, {
    organizationId: other.id,
    by: people.manager2,
    name: 'Harbour Crew',
    description: 'Customer service interviews',
    members: ids('nina', 'noah', 'nate'),
  });
  type Who = keyof typeof people | 'admin';
  const tokenOf = (who: Who) => (who === 'admin' ? admin.token : people[who].token);
  return {
    org,
    other,
    people,
    id: {
      ...Object.fromEntries(Object.entries(people).map(([k, u]) => [k, u.id])),
      admin: admin.id,
    } as Record<keyof typeof people | 'admin', number>,
    group: { 'Cohort A': cohortA.id, 'Cohort B': cohortB.id, 'Harbour Crew': harbour.id },
    /** `method url` as `who` (none: without a token), with an optional JSON body. */
    call: (method: Method, url: string, who?: Who, payload?: object) =>
      injectWithToken(f.app, method, url, who ? tokenOf(who) : undefined, payload),
  };
}
type GroupsWorld = Awaited<ReturnType<typeof buildGroupsWorld>>;

const db = () => ctx.testDb.database.db;
const names = (list: { name: string }[]) => list.map((g) => g.name);
const groupCount = async () => (await db().select({ n: count() }).from(groups))[0]!.n;
const memberIds = async (groupId: number) =>
  (
    await db()
      .select({ userId: groupMembers.userId })
      .from(groupMembers)
      .where(eq(groupMembers.groupId, groupId))
  )
    .map((r) => r.userId)
    .sort();

describe('GET /api/groups', () => {
  it('answers 401 without a token and 400 for bad filters', async () => {
    const { call } = await buildGroupsWorld();
    expect((await call('GET', '/api/groups')).statusCode).toBe(401);
    expect((await call('GET', '/api/groups?pageSize=7', 'admin')).statusCode).toBe(400);
    expect((await call('GET', '/api/groups?organizationId=abc', 'admin')).statusCode).toBe(400);
  });

  it('scopes by role: admin all or one organization, manager its organization, instructors and trainees their groups', async () => {
    const { call, org, other } = await buildGroupsWorld();
    // An admin sees every organization's groups (other tests' too): all of them, page by page,
    // these three among them in order of names.
    const all: { name: string; organizationId: number }[] = [];
    let count = 0;
    for (let page = 1; page === 1 || all.length < count; page += 1) {
      const data = (await call('GET', `/api/groups?pageSize=100&page=${page}`, 'admin')).json()
        .data;
      if (data.list.length === 0) break;
      all.push(...data.list);
      count = data.count;
    }
    expect(count).toBe(await groupCount());
    expect(all).toHaveLength(count);
    const ours = all.filter((g) => [org.id, other.id].includes(g.organizationId));
    expect(names(ours)).toEqual(['Cohort A', 'Cohort B', 'Harbour Crew']);
    expect(
      names(
        (await call('GET', `/api/groups?organizationId=${other.id}`, 'admin')).json().data.list,
      ),
    ).toEqual(['Harbour Crew']);
    expect(names((await call('GET', '/api/groups', 'manager')).json().data.list)).toEqual([
      'Cohort A',
      'Cohort B',
    ]);
    expect(names((await call('GET', '/api/groups', 'instructor2')).json().data.list)).toEqual([
      'Cohort B',
    ]);
    expect(names((await call('GET', '/api/groups', 'trainee')).json().data.list)).toEqual([
      'Cohort A',
      'Cohort B',
    ]);
    expect(names((await call('GET', '/api/groups', 'nina')).json().data.list)).toEqual([
      'Harbour Crew',
    ]);
    expect(
      (await call('GET', `/api/groups?organizationId=${other.id}`, 'manager')).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/api/groups?organizationId=${org.id}`, 'instructor2')).statusCode,
    ).toBe(200);
  });

  it('counts trainees and instructors (deleted users left out), and filters by userId and search', async () => {
    const { call, org, id } = await buildGroupsWorld();
    const list = (await call('GET', '/api/groups', 'manager')).json().data.list;
    expect(list[0]).toMatchObject({
      name: 'Cohort A',
      organizationId: org.id,
      organization: { id: org.id, name: org.name },
      traineesCount: 3,
      instructorsCount: 1,
    });
    expect(list[0].users).toBeUndefined();
    expect(list[1]).toMatchObject({ name: 'Cohort B', traineesCount: 3, instructorsCount: 2 });
    expect(
      names((await call('GET', `/api/groups?userId=${id.priya}`, 'manager')).json().data.list),
    ).toEqual(['Cohort B']);
    // Other tests' organizations have their Cohort B too: the admin's search within this one.
    expect(
      names(
        (await call('GET', `/api/groups?organizationId=${org.id}&search=cohort b`, 'admin')).json()
          .data.list,
      ),
    ).toEqual(['Cohort B']);
    expect((await call('GET', '/api/groups?search=co', 'admin')).statusCode).toBe(400);
  });

  it('adds the members of the page’s groups with includes=users', async () => {
    const { call, id } = await buildGroupsWorld();
    const list = (await call('GET', '/api/groups?includes=users', 'manager')).json().data.list;
    const a = list.find((g: { name: string }) => g.name === 'Cohort A');
    expect(a.users.map((u: { id: number }) => u.id).sort()).toEqual(
      [id.instructor, id.trainee, id.tessa, id.omar].sort(),
    );
    expect(a.users[0]).toEqual({
      id: expect.any(Number),
      firstName: expect.any(String),
      lastName: expect.any(String),
      roleId: expect.any(Number),
    });
    const viaFlag = (await call('GET', '/api/groups?includeUsers=true', 'manager')).json().data
      .list;
    expect(viaFlag[0].users).toHaveLength(4);
  });
});

describe('GET /api/groups/:id', () => {
  it('answers 401, 404 other organization or missing, 403 a trainee outside the group, and the group', async () => {
    const { call, group } = await buildGroupsWorld();
    const a = group['Cohort A'];
    expect((await call('GET', `/api/groups/${a}`)).statusCode).toBe(401);
    expect((await call('GET', `/api/groups/${a}`, 'manager2')).statusCode).toBe(404);
    expect((await call('GET', `/api/groups/${a}`, 'nina')).statusCode).toBe(404);
    expect((await call('GET', '/api/groups/999999', 'admin')).statusCode).toBe(404);
    expect((await call('GET', '/api/groups/abc', 'admin')).statusCode).toBe(400);
    expect((await call('GET', `/api/groups/${group['Cohort B']}`, 'tessa')).statusCode).toBe(403);
    // 000 §2.6: an instructor reads the groups it belongs to, as its list shows them.
    expect((await call('GET', `/api/groups/${a}`, 'instructor2')).statusCode).toBe(403);
    const res = await call('GET', `/api/groups/${a}?includes=users`, 'instructor');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: a,
      name: 'Cohort A',
      traineesCount: 3,
      instructorsCount: 1,
    });
    expect(res.json().data.users).toHaveLength(4);
    expect((await call('GET', `/api/groups/${a}`, 'trainee')).statusCode).toBe(200);
  });
});

describe('POST /api/groups', () => {
  const body = (w: GroupsWorld) => ({
    name: 'Cohort C',
    description: 'Weekend cohort',
    organizationId: w.org.id,
  });

  it('climbs the ladder: 401, 403 instructor (nothing created), 404 other organization, 400 with the messages of 000 §5', async () => {
    const w = await buildGroupsWorld();
    const { call } = w;
    const before = await groupCount();
    expect((await call('POST', '/api/groups', undefined, body(w))).statusCode).toBe(401);
    expect((await call('POST', '/api/groups', 'instructor', body(w))).statusCode).toBe(403);
    expect((await call('POST', '/api/groups', 'trainee', body(w))).statusCode).toBe(403);
    expect((await call('POST', '/api/groups', 'manager2', body(w))).statusCode).toBe(404);
    expect(
      (await call('POST', '/api/groups', 'admin', { ...body(w), organizationId: 999999 }))
        .statusCode,
    ).toBe(404);
    const noName = await call('POST', '/api/groups', 'manager', { ...body(w), name: ' ' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe(messages.groupNameRequired);
    const noDescription = await call('POST', '/api/groups', 'manager', {
      ...body(w),
      description: '',
    });
    expect(noDescription.json().message).toBe(messages.groupDescriptionRequired);
    expect(await groupCount()).toBe(before);
  });

  it('creates a group', async () => {
    const w = await buildGroupsWorld();
    const res = await w.call('POST', '/api/groups', 'manager', body(w));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.groupCreated);
    expect(res.json().data).toMatchObject({
      name: 'Cohort C',
      description: 'Weekend cohort',
      organizationId: w.org.id,
      traineesCount: 0,
      instructorsCount: 0,
      users: [],
    });
    const admin = await w.call('POST', '/api/groups', 'admin', {
      ...body(w),
      name: 'Dock Team',
      organizationId: w.other.id,
    });
    expect(admin.statusCode).toBe(200);
    expect(admin.json().data).toMatchObject({ name: 'Dock Team', organizationId: w.other.id });
  });
});

/** The world's empty 'Cohort C' of its organization, made by its manager. */
const cohortC = (w: GroupsWorld, members: number[] = []) =>
  buildGroup(f, {
    organizationId: w.org.id,
    by: w.people.manager,
    name: 'Cohort C',
    description: 'Weekend cohort',
    members,
  });

describe('PUT /api/groups/:id', () => {
  it('climbs the ladder and renames', async () => {
    const w = await buildGroupsWorld();
    const { call } = w;
    const c = (await cohortC(w)).id;
    const body = { name: 'Cohort C (weekend)', description: 'Saturdays' };
    expect((await call('PUT', `/api/groups/${c}`, undefined, body)).statusCode).toBe(401);
    expect((await call('PUT', `/api/groups/${c}`, 'instructor', body)).statusCode).toBe(403);
    expect((await db().select().from(groups).where(eq(groups.id, c)))[0]!.name).toBe('Cohort C');
    expect((await call('PUT', `/api/groups/${c}`, 'manager2', body)).statusCode).toBe(404);
    expect(
      (await call('PUT', `/api/groups/${c}`, 'manager', { ...body, name: '' })).json().message,
    ).toBe(messages.groupNameRequired);
    const res = await call('PUT', `/api/groups/${c}`, 'manager', body);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.groupUpdated);
    expect(res.json().data).toMatchObject(body);
  });
});

describe('PUT /api/groups/:id/add and /remove', () => {
  it('climbs the ladder: 401, 403 instructor (unchanged), 404 other organization group or member, 400 bad ids or role', async () => {
    const w = await buildGroupsWorld();
    const { call, id } = w;
    const c = (await cohortC(w)).id;
    expect(
      (await call('PUT', `/api/groups/${c}/add`, undefined, { ids: [id.tessa] })).statusCode,
    ).toBe(401);
    expect(
      (await call('PUT', `/api/groups/${c}/add`, 'instructor', { ids: [id.tessa] })).statusCode,
    ).toBe(403);
    expect(
      (await call('PUT', `/api/groups/${c}/remove`, 'instructor', { ids: [id.tessa] })).statusCode,
    ).toBe(403);
    expect(await memberIds(c)).toEqual([]);
    expect(
      (await call('PUT', `/api/groups/${c}/add`, 'manager2', { ids: [id.tessa] })).statusCode,
    ).toBe(404);
    expect(
      (await call('PUT', `/api/groups/${c}/add`, 'manager', { ids: [id.nina] })).statusCode,
    ).toBe(404);
    expect(
      (await call('PUT', `/api/groups/${c}/add`, 'manager', { ids: [id.sofia] })).statusCode,
    ).toBe(404);
    expect(
      (await call('PUT', `/api/groups/${c}/add`, 'manager', { ids: [999999] })).statusCode,
    ).toBe(404);
    expect((await call('PUT', `/api/groups/${c}/add`, 'manager', { ids: ['x'] })).statusCode).toBe(
      400,
    );
    expect((await call('PUT', `/api/groups/${c}/add`, 'manager', {})).statusCode).toBe(400);
    const manager = await call('PUT', `/api/groups/${c}/add`, 'manager', {
      ids: [id.tessa, id.manager],
    });
    expect(manager.statusCode).toBe(400);
    expect(manager.json().message).toBe(messages.roleInvalid);
    expect(await memberIds(c)).toEqual([]);
  });

  it('adds trainees and instructors idempotently and removes them', async () => {
    const w = await buildGroupsWorld();
    const { call, id } = w;
    const c = (await cohortC(w)).id;
    const add = await call('PUT', `/api/groups/${c}/add`, 'manager', { ids: [id.tessa, id.omar] });
    expect(add.statusCode).toBe(200);
    expect(add.json().message).toBe(format.groupMembersUpdated('trainees'));
    expect(add.json().data).toMatchObject({ traineesCount: 2, instructorsCount: 0 });
    const again = await call('PUT', `/api/groups/${c}/add`, 'admin', { ids: [id.tessa, id.tessa] });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.traineesCount).toBe(2);
    const instructors = await call('PUT', `/api/groups/${c}/add`, 'manager', {
      ids: [id.instructor2],
    });
    expect(instructors.json().message).toBe(format.groupMembersUpdated('instructors'));
    expect(instructors.json().data).toMatchObject({ traineesCount: 2, instructorsCount: 1 });
    expect(
      instructors
        .json()
        .data.users.map((u: { id: number }) => u.id)
        .sort(),
    ).toEqual([id.tessa, id.omar, id.instructor2].sort());

    const remove = await call('PUT', `/api/groups/${c}/remove`, 'manager', {
      ids: [id.omar, id.nina],
    });
    expect(remove.statusCode).toBe(200);
    expect(remove.json().message).toBe(format.removedUserFromGroup('Cohort C'));
    expect(remove.json().data).toMatchObject({ traineesCount: 1, instructorsCount: 1 });
    expect(
      (await call('PUT', `/api/groups/${c}/remove`, 'manager', { ids: [id.omar] })).statusCode,
    ).toBe(200);
    expect(await memberIds(c)).toEqual([id.tessa, id.instructor2].sort());
  });
});

describe('GET /api/groups/:id/users', () => {
  it('answers 401, 404 other organization, 400 bad roles, and the members by roles with paging', async () => {
    const { call, group, people } = await buildGroupsWorld();
    const b = group['Cohort B'];
    expect((await call('GET', `/api/groups/${b}/users`)).statusCode).toBe(401);
    expect((await call('GET', `/api/groups/${b}/users`, 'manager2')).statusCode).toBe(404);
    expect((await call('GET', `/api/groups/${b}/users?roles=9`, 'manager')).statusCode).toBe(400);
    const trainees = (
      await call('GET', `/api/groups/${b}/users?roles=${Role.Trainee}`, 'instructor')
    ).json().data;
    expect(trainees.count).toBe(3);
    expect(trainees.list.map((u: { email: string }) => u.email).sort()).toEqual(
      [people.lucas.email, people.priya.email, people.trainee.email].sort(),
    );
    const instructors = (
      await call('GET', `/api/groups/${b}/users?roles=${Role.Instructor}`, 'manager')
    ).json().data;
    expect(instructors.count).toBe(2);
    const page2 = (await call('GET', `/api/groups/${b}/users?page=2`, 'manager')).json().data;
    expect(page2).toEqual({ list: [], count: 5 });
  });

  it("gives a trainee of the group its members' names only, never their emails or phone numbers", async () => {
    const { call, group, people, id } = await buildGroupsWorld();
    const b = group['Cohort B'];
    await db().update(users).set({ phoneNumber: '0123456789' }).where(eq(users.id, id.priya));
    const res = await call('GET', `/api/groups/${b}/users`, 'trainee');
    expect(res.statusCode).toBe(200);
    const { list, count } = res.json().data as { list: Record<string, unknown>[]; count: number };
    expect(count).toBe(5);
    for (const member of list.filter((m) => m['id'] !== id.trainee)) {
      expect(Object.keys(member).sort()).toEqual(['firstName', 'id', 'lastName', 'roleId']);
    }
    expect(list.map((m) => m['firstName'])).toContain('Priya');
    // Its own row is its own to read; nobody else's address or number is in the answer.
    expect(list.find((m) => m['id'] === id.trainee)).toMatchObject({
      email: people.trainee.email,
    });
    expect(res.body.replaceAll(people.trainee.email, '')).not.toMatch(/@factory\.test|0123456789/);
    // Staff still see the contact details.
    const staff = (await call('GET', `/api/groups/${b}/users`, 'instructor')).json().data;
    expect(staff.list.map((u: { email: string }) => u.email)).toContain(people.priya.email);
  });
});

describe('DELETE /api/groups/:id', () => {
  it('climbs the ladder and deletes the group with its memberships', async () => {
    const w = await buildGroupsWorld();
    const { call, id } = w;
    const c = (await cohortC(w, [id.tessa, id.instructor2])).id;
    const dock = await buildGroup(f, { organizationId: w.other.id, name: 'Dock Team' });
    expect((await call('DELETE', `/api/groups/${c}`)).statusCode).toBe(401);
    expect((await call('DELETE', `/api/groups/${c}`, 'instructor')).statusCode).toBe(403);
    expect((await call('DELETE', `/api/groups/${c}`, 'manager2')).statusCode).toBe(404);
    expect(await db().select().from(groups).where(eq(groups.id, c))).toHaveLength(1);
    expect(await memberIds(c)).toHaveLength(2);
    const res = await call('DELETE', `/api/groups/${c}`, 'manager');
    expect(res.statusCode).toBe(200);
    expect(await db().select().from(groups).where(eq(groups.id, c))).toHaveLength(0);
    expect(await memberIds(c)).toEqual([]);
    expect((await call('GET', `/api/groups/${c}`, 'manager')).statusCode).toBe(404);
    expect((await call('DELETE', `/api/groups/${dock.id}`, 'admin')).statusCode).toBe(200);
  });
});

describe("a user's groups (000 §2.10)", () => {
  it('GET /users/:id?includes=groups adds {id, name} of its groups', async () => {
    const { call, id, group } = await buildGroupsWorld();
    const res = await call('GET', `/api/users/${id.trainee}?includes=groups`, 'manager');
    expect(res.json().data.groups).toEqual([
      { id: group['Cohort A'], name: 'Cohort A' },
      { id: group['Cohort B'], name: 'Cohort B' },
    ]);
    expect(
      (await call('GET', `/api/users/${id.trainee}`, 'manager')).json().data.groups,
    ).toBeUndefined();
  });

  it('GET /users/:id/groups answers its groups, with members when asked', async () => {
    const { call, id } = await buildGroupsWorld();
    expect((await call('GET', `/api/users/${id.trainee}/groups`)).statusCode).toBe(401);
    expect((await call('GET', `/api/users/${id.trainee}/groups`, 'manager2')).statusCode).toBe(404);
    const res = (
      await call('GET', `/api/users/${id.instructor2}/groups?includes=users`, 'instructor')
    ).json().data;
    expect(res.count).toBe(1);
    expect(res.list[0]).toMatchObject({ name: 'Cohort B', instructorsCount: 2 });
    expect(res.list[0].users).toHaveLength(5);
  });

  it('PUT /users/:id/groups saves exactly the given groups: ladder, then success', async () => {
    const { call, id, group } = await buildGroupsWorld();
    const a = group['Cohort A'];
    const b = group['Cohort B'];
    expect(
      (await call('PUT', `/api/users/${id.priya}/groups`, undefined, { ids: [a] })).statusCode,
    ).toBe(401);
    expect(
      (await call('PUT', `/api/users/${id.priya}/groups`, 'instructor', { ids: [a] })).statusCode,
    ).toBe(403);
    expect(await memberIds(a)).not.toContain(id.priya);
    expect(
      (await call('PUT', `/api/users/${id.priya}/groups`, 'manager2', { ids: [a] })).statusCode,
    ).toBe(404);
    expect(
      (
        await call('PUT', `/api/users/${id.priya}/groups`, 'manager', {
          ids: [group['Harbour Crew']],
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call('PUT', `/api/users/${id.priya}/groups`, 'manager', { ids: 'x' })).statusCode,
    ).toBe(400);
    const wrongRole = await call('PUT', `/api/users/${id.manager}/groups`, 'admin', { ids: [a] });
    expect(wrongRole.statusCode).toBe(400);
    expect(wrongRole.json().message).toBe(messages.roleInvalid);

    const res = await call('PUT', `/api/users/${id.priya}/groups`, 'manager', { ids: [a] });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.userGroupsSaved);
    expect(names(res.json().data.list)).toEqual(['Cohort A']);
    expect(await memberIds(a)).toContain(id.priya);
    expect(await memberIds(b)).not.toContain(id.priya);
    const both = await call('PUT', `/api/users/${id.priya}/groups`, 'admin', { ids: [a, b] });
    expect(names(both.json().data.list)).toEqual(['Cohort A', 'Cohort B']);
    const none = await call('PUT', `/api/users/${id.priya}/groups`, 'manager', { ids: [] });
    expect(none.json().data).toEqual({ list: [], count: 0 });
    const rows = await db()
      .select()
      .from(groupMembers)
      .where(and(eq(groupMembers.userId, id.priya)));
    expect(rows).toHaveLength(0);
  });
});

describe('GET /api/groups?includes=users: the members and their counts come in one statement', () => {
  /**
   * The world with two more groups of its organization, inserted directly: 'Zeta Counted' with
   * Tessa, Victor (soft-deleted: the add call refuses him), Ian, Omar and Lucas, not in order of
   * names, and the memberless 'Zeta Empty'.
   */
  async function withZetaGroups() {
    const w = await buildGroupsWorld();
    const rows = await db()
      .insert(groups)
      .values([
        { name: 'Zeta Counted', description: 'Members', organizationId: w.org.id },
        { name: 'Zeta Empty', description: 'No members', organizationId: w.org.id },
      ])
      .returning({ id: groups.id });
    const [counted, empty] = rows.map((r) => r.id) as [number, number];
    await db()
      .insert(groupMembers)
      .values(
        [w.id.tessa, w.id.victor, w.id.instructor, w.id.omar, w.id.lucas].map((userId) => ({
          groupId: counted,
          userId,
        })),
      );
    return { ...w, counted, empty };
  }

  it('lists members by last name, first name, id (deleted left out), counted as the list without them counts', async () => {
    const { call, id, counted, empty } = await withZetaGroups();
    const res = await call('GET', '/api/groups?includes=users&search=zeta', 'manager');
    const [withMembers, none] = res.json().data.list;
    expect(withMembers).toMatchObject({ id: counted, traineesCount: 3, instructorsCount: 1 });
    expect(withMembers.users).toEqual([
      { id: id.instructor, firstName: 'Ian', lastName: 'Instructor', roleId: Role.Instructor },
      { id: id.lucas, firstName: 'Lucas', lastName: 'Lindqvist', roleId: Role.Trainee },
      { id: id.omar, firstName: 'Omar', lastName: 'Okafor', roleId: Role.Trainee },
      { id: id.tessa, firstName: 'Tessa', lastName: 'Tran', roleId: Role.Trainee },
    ]);
    expect(none).toMatchObject({ id: empty, traineesCount: 0, instructorsCount: 0, users: [] });
    const without = (await call('GET', '/api/groups?search=zeta', 'manager')).json().data.list;
    expect(without).toEqual([withMembers, none].map(({ users: _users, ...group }) => group));
  });

  it('answers what the page and a members query answered, on the first page and later ones', async () => {
    const { org, id } = await withZetaGroups();
    for (const scope of [
      {},
      { organizationId: org.id },
      { memberId: id.instructor },
      { search: 'cohort' },
    ]) {
      const all = await listGroups(db(), { ...scope, page: 1, pageSize: 100 });
      expect(all.rows.length).toBeGreaterThan(1);
      // Pages of 2: the first is one select, later ones (and one past the last) a subquery.
      for (const pageNumber of [1, 2, 3, 5]) {
        const filter = { ...scope, page: pageNumber, pageSize: 2 };
        const page = await listGroups(db(), filter);
        expect(page).toEqual({
          rows: all.rows.slice((pageNumber - 1) * 2, pageNumber * 2),
          count: all.count,
        });
        const members = await membersOfGroups(
          db(),
          page.rows.map((row) => row.id),
        );
        expect(await listGroupsWithMembers(db(), filter)).toEqual({
          rows: page.rows.map((row) => ({
            ...row,
            members: members.filter((m) => m.groupId === row.id),
          })),
          count: page.count,
        });
      }
    }
  });
});
