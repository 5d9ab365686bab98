/**
 * The /organizations calls of 000 §7 with the role rules of 000 §6 and the seats of decisions.md:
 * each climbs the ladder 401 → 403 → 404 other organization → 400 → success, and a denied write
 * changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { format, messages, Role } from '@practica/contract';
import { contacts, groups, invites, organizations, users } from '../../src/db/schema/index.js';
import { seedDemo } from '../../src/seed/demo.js';
import { bearer, buildTestApp, tokenFor, type TestContext } from '../helpers/build.js';
import { emptyDemoFixture, loadDemoFixture } from '../helpers/demo-fixture.js';
import { userId } from '../helpers/users.js';

let ctx: TestContext;
const demo = emptyDemoFixture();
const { tokens: t, org, call } = demo;
beforeAll(async () => {
  ctx = await buildTestApp();
  await loadDemoFixture(ctx, demo);
});
afterAll(() => ctx.close());

const db = () => ctx.testDb.database.db;
const orgRow = async (id: number) =>
  (await db().select().from(organizations).where(eq(organizations.id, id)))[0]!;

const newOrganization = {
  name: 'Acme Learning',
  address: '12 Main Street, Springfield',
  contact: {
    firstName: 'Carla',
    lastName: 'Contact',
    email: 'Carla@Acme.test',
    phoneNumber: '5550199999',
  },
  userSeats: 3,
  creatorSeats: 1,
};

describe('GET /api/organizations', () => {
  it('answers 401 without a token, 403 to anyone but an admin, 400 for a bad page size', async () => {
    expect((await call('GET', '/api/organizations')).statusCode).toBe(401);
    for (const who of ['manager', 'instructor', 'trainee']) {
      expect((await call('GET', '/api/organizations', who)).statusCode).toBe(403);
    }
    expect((await call('GET', '/api/organizations?pageSize=10', 'admin')).statusCode).toBe(400);
  });

  it('lists every organization with its counts of groups, active trainees and interviews', async () => {
    const res = await call('GET', '/api/organizations', 'admin');
    expect(res.statusCode).toBe(200);
    const { list, count: total } = res.json().data;
    expect(total).toBeGreaterThanOrEqual(2);
    const demo = list.find((o: { id: number }) => o.id === org.demo);
    // Active, not deleted trainees: trainee, tessa, omar, priya (lucas is inactive, sofia deleted).
    expect(demo).toMatchObject({
      name: 'Demo Academy',
      active: true,
      groupsCount: 2,
      traineesCount: 4,
      interviewsCount: 0,
      userSeats: 25,
      creatorSeats: 3,
    });
    const northwind = list.find((o: { id: number }) => o.id === org.northwind);
    expect(northwind).toMatchObject({ groupsCount: 1, traineesCount: 2, interviewsCount: 0 });
  });

  it('pages with a total count', async () => {
    const page2 = (await call('GET', '/api/organizations?page=2&pageSize=25', 'admin')).json();
    const page1 = (await call('GET', '/api/organizations?page=1&pageSize=25', 'admin')).json();
    expect(page2.data).toEqual({ list: [], count: page1.data.count });
  });
});

describe('GET /api/organizations/:id', () => {
  it('answers 401, 403 to a trainee, 404 for another organization or a missing id, 400 for a bad id', async () => {
    expect((await call('GET', `/api/organizations/${org.demo}`)).statusCode).toBe(401);
    expect((await call('GET', `/api/organizations/${org.demo}`, 'trainee')).statusCode).toBe(403);
    expect((await call('GET', `/api/organizations/${org.northwind}`, 'manager')).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/api/organizations/${org.demo}`, 'manager2')).statusCode).toBe(404);
    expect((await call('GET', '/api/organizations/999999', 'admin')).statusCode).toBe(404);
    expect((await call('GET', '/api/organizations/abc', 'admin')).statusCode).toBe(400);
  });

  it('answers the contact, seats, counts and seat usage to staff of the organization', async () => {
    for (const who of ['manager', 'instructor', 'admin']) {
      const res = await call('GET', `/api/organizations/${org.demo}`, who);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        id: org.demo,
        name: 'Demo Academy',
        contact: {
          firstName: 'Dana',
          lastName: 'Demo',
          email: 'contact@demo-academy.test',
          phoneNumber: '5550101000',
        },
        userSeats: 25,
        creatorSeats: 3,
        active: true,
        groupsCount: 2,
        traineesCount: 4,
        instructorsCount: 2,
        managersCount: 1,
        creatorsCount: 1,
        interviewsCount: 0,
        // Seeded: a pending trainee invite, a pending instructor invite, an expired trainee invite.
        pendingInvitesCount: 2,
        pendingTraineeInvitesCount: 1,
        seatsUsed: 5,
      });
    }
  });
});

describe('POST /api/organizations', () => {
  it('climbs the ladder: 401, 403 for a manager (nothing created), 400 with the messages of 000 §5', async () => {
    const before = (await db().select({ n: count() }).from(organizations))[0]!.n;
    expect((await call('POST', '/api/organizations', undefined, newOrganization)).statusCode).toBe(
      401,
    );
    expect((await call('POST', '/api/organizations', 'manager', newOrganization)).statusCode).toBe(
      403,
    );
    const cases: [object, string][] = [
      [{ name: 'ab' }, messages.organizationNameMinLength],
      [{ name: 'x'.repeat(51) }, messages.organizationNameMaxLength],
      [{ name: '' }, messages.organizationNameRequired],
      [{ address: 'ab' }, messages.addressMinLength],
      [{ address: 'x'.repeat(101) }, messages.addressMaxLength],
      [
        { contact: { ...newOrganization.contact, firstName: 'Al' } },
        messages.contactFirstNameMinLength,
      ],
      [
        { contact: { ...newOrganization.contact, lastName: 'x'.repeat(51) } },
        messages.contactLastNameMaxLength,
      ],
      [{ contact: { ...newOrganization.contact, email: '' } }, messages.emailRequired],
      [
        { contact: { ...newOrganization.contact, phoneNumber: '123456789' } },
        messages.phoneNumberInvalid,
      ],
      [
        { contact: { ...newOrganization.contact, phoneNumber: '12345678901' } },
        messages.phoneNumberInvalid,
      ],
      [{ userSeats: -1 }, messages.traineeSeatsMin],
      [{ userSeats: 10_001 }, messages.traineeSeatsMax],
      [{ creatorSeats: 10_001 }, messages.creatorSeatsMax],
    ];
    for (const [patch, message] of cases) {
      const res = await call('POST', '/api/organizations', 'admin', {
        ...newOrganization,
        ...patch,
      });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().message, JSON.stringify(patch)).toBe(message);
    }
    const image = await call('POST', '/api/organizations', 'admin', {
      ...newOrganization,
      imageId: 424242,
    });
    expect(image.statusCode).toBe(400);
    expect(image.json().message).toBe(messages.failedToUploadImage);
    expect((await db().select({ n: count() }).from(organizations))[0]!.n).toBe(before);
  });

  it('creates the organization with its contact and seats', async () => {
    const res = await call('POST', '/api/organizations', 'admin', {
      ...newOrganization,
      userSeats: 10_000,
      creatorSeats: 0,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.organizationCreated);
    expect(res.json().data).toMatchObject({
      name: 'Acme Learning',
      contact: { ...newOrganization.contact, email: 'carla@acme.test' },
      userSeats: 10_000,
      creatorSeats: 0,
      active: true,
      image: null,
      groupsCount: 0,
      traineesCount: 0,
      seatsUsed: 0,
    });
    const list = (await call('GET', '/api/organizations?pageSize=100', 'admin')).json().data.list;
    expect(list.find((o: { id: number }) => o.id === res.json().data.id)).toMatchObject({
      groupsCount: 0,
      traineesCount: 0,
      interviewsCount: 0,
    });
  });
});

describe('PUT /api/organizations/:id', () => {
  const body = { name: 'Demo Academy Renamed', address: '2 Practice Lane, Springfield' };

  it('climbs the ladder: 401, 403 for a manager of it (unchanged), 404 other organization, 400 bad body', async () => {
    expect((await call('PUT', `/api/organizations/${org.demo}`, undefined, body)).statusCode).toBe(
      401,
    );
    expect((await call('PUT', `/api/organizations/${org.demo}`, 'manager', body)).statusCode).toBe(
      403,
    );
    expect((await orgRow(org.demo)).name).toBe('Demo Academy');
    expect(
      (await call('PUT', `/api/organizations/${org.northwind}`, 'manager', body)).statusCode,
    ).toBe(404);
    const bad = await call('PUT', `/api/organizations/${org.demo}`, 'admin', {
      ...body,
      address: 'x',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(messages.addressMinLength);
  });

  it('updates name and address; the contact is set at creation: unchanged it is accepted, changed a 400 (decisions.md#hardening)', async () => {
    const stored = (await call('GET', `/api/organizations/${org.demo}`, 'admin')).json().data
      .contact as Record<string, string>;
    for (const contact of [
      { ...stored, firstName: 'Zed' },
      { ...stored, email: 'zed@demo.test' },
      { phoneNumber: '5550000000' },
      'Zed Zulu',
    ]) {
      const changed = await call('PUT', `/api/organizations/${org.demo}`, 'admin', {
        ...body,
        contact,
      });
      expect(changed.statusCode, changed.body).toBe(400);
      expect(changed.json().message).toBe(messages.contactSetAtCreation);
      expect((await orgRow(org.demo)).name).toBe('Demo Academy');
    }

    // The console sends the contact it shows, unchanged (and ignoring case in the email).
    const res = await call('PUT', `/api/organizations/${org.demo}`, 'admin', {
      ...body,
      contact: { ...stored, email: stored['email']!.toUpperCase() },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(messages.organizationUpdated);
    expect(res.json().data).toMatchObject({
      name: body.name,
      address: body.address,
      contact: { firstName: 'Dana', email: 'contact@demo-academy.test' },
    });
    const [contact] = await db()
      .select()
      .from(contacts)
      .where(eq(contacts.id, (await orgRow(org.demo)).contactId!));
    expect(contact!.firstName).toBe('Dana');
    await call('PUT', `/api/organizations/${org.demo}`, 'admin', {
      name: 'Demo Academy',
      address: '1 Practice Lane, Springfield',
    });
  });
});

describe('PUT /api/organizations/:id/seats', () => {
  it('climbs the ladder and allows lowering below usage', async () => {
    const seats = { userSeats: 2, creatorSeats: 0 };
    expect(
      (await call('PUT', `/api/organizations/${org.demo}/seats`, undefined, seats)).statusCode,
    ).toBe(401);
    expect(
      (await call('PUT', `/api/organizations/${org.demo}/seats`, 'manager', seats)).statusCode,
    ).toBe(403);
    expect((await orgRow(org.demo)).userSeats).toBe(25);
    expect(
      (await call('PUT', `/api/organizations/${org.northwind}/seats`, 'manager', seats)).statusCode,
    ).toBe(404);
    const bad = await call('PUT', `/api/organizations/${org.demo}/seats`, 'admin', {
      userSeats: 1.5,
      creatorSeats: 0,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(messages.seatsMustBeWholeNumber);
    expect(
      (
        await call('PUT', `/api/organizations/${org.demo}/seats`, 'admin', {
          userSeats: 10,
          creatorSeats: -1,
        })
      ).json().message,
    ).toBe(messages.creatorSeatsMin);

    const res = await call('PUT', `/api/organizations/${org.demo}/seats`, 'admin', seats);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.organizationSeatsUpdated);
    expect(res.json().data).toMatchObject({
      userSeats: 2,
      creatorSeats: 0,
      seatsUsed: 5,
      creatorsCount: 1,
    });
    await call('PUT', `/api/organizations/${org.demo}/seats`, 'admin', {
      userSeats: 25,
      creatorSeats: 3,
    });
  });
});

describe('GET /api/organizations/:id/users', () => {
  it('answers 401, 403 to a trainee, 404 other organization, 400 for a short search', async () => {
    expect((await call('GET', `/api/organizations/${org.demo}/users`)).statusCode).toBe(401);
    expect((await call('GET', `/api/organizations/${org.demo}/users`, 'trainee')).statusCode).toBe(
      403,
    );
    expect(
      (await call('GET', `/api/organizations/${org.northwind}/users`, 'manager')).statusCode,
    ).toBe(404);
    const short = await call('GET', `/api/organizations/${org.demo}/users?search=to`, 'manager');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(messages.searchTooShort);
    expect(
      (await call('GET', `/api/organizations/${org.demo}/users?roles=7`, 'manager')).statusCode,
    ).toBe(400);
  });

  it('lists the members (not deleted) by roles and search, with paging', async () => {
    const trainees = (
      await call('GET', `/api/organizations/${org.demo}/users?roles=${Role.Trainee}`, 'instructor')
    ).json().data;
    const emails = trainees.list.map((u: { email: string }) => u.email);
    expect(emails).toEqual(
      expect.arrayContaining(['trainee@demo.test', 'tessa@demo.test', 'lucas@demo.test']),
    );
    expect(emails).not.toContain('sofia@demo.test');
    expect(emails).not.toContain('nina@demo.test');
    expect(trainees.list.every((u: { roleId: number }) => u.roleId === Role.Trainee)).toBe(true);
    expect(trainees.count).toBe(5);
    const search = (
      await call('GET', `/api/organizations/${org.demo}/users?search=okafor`, 'admin')
    ).json().data;
    expect(search.list.map((u: { email: string }) => u.email)).toEqual(['omar@demo.test']);
    const staff = (
      await call('GET', `/api/organizations/${org.demo}/users?roles=2,3`, 'manager')
    ).json().data;
    expect(staff.count).toBe(3);
  });
});

describe('GET /api/organizations/:id/groups and /invites', () => {
  it('lists the groups of the organization, with members when asked', async () => {
    expect((await call('GET', `/api/organizations/${org.demo}/groups`)).statusCode).toBe(401);
    expect(
      (await call('GET', `/api/organizations/${org.northwind}/groups`, 'manager')).statusCode,
    ).toBe(404);
    const res = (
      await call('GET', `/api/organizations/${org.demo}/groups?includes=users`, 'manager')
    ).json().data;
    expect(res.count).toBe(2);
    expect(res.list.map((g: { name: string }) => g.name)).toEqual(['Cohort A', 'Cohort B']);
    expect(res.list[0]).toMatchObject({
      traineesCount: 3,
      instructorsCount: 1,
      organizationId: org.demo,
    });
    expect(res.list[0].users).toHaveLength(4);
  });

  it('lists the open invites with their expired flag to admins and managers only', async () => {
    expect((await call('GET', `/api/organizations/${org.demo}/invites`)).statusCode).toBe(401);
    expect(
      (await call('GET', `/api/organizations/${org.demo}/invites`, 'instructor')).statusCode,
    ).toBe(403);
    expect(
      (await call('GET', `/api/organizations/${org.northwind}/invites`, 'manager')).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/api/organizations/${org.demo}/invites?roles=4x`, 'manager')).statusCode,
    ).toBe(400);
    const res = (await call('GET', `/api/organizations/${org.demo}/invites`, 'manager')).json()
      .data;
    expect(res.count).toBe(3);
    const byEmail = Object.fromEntries(res.list.map((i: { email: string }) => [i.email, i]));
    expect(byEmail['paula.pending@demo.test']).toMatchObject({
      roleId: Role.Trainee,
      role: 'Trainee',
      expired: false,
      group: { name: 'Cohort A' },
    });
    expect(byEmail['ivan.invited@demo.test']).toMatchObject({
      roleId: Role.Instructor,
      expired: false,
    });
    expect(byEmail['eve.expired@demo.test']).toMatchObject({ expired: true });
    expect(JSON.stringify(res)).not.toMatch(/token/i);
    const trainees = (
      await call('GET', `/api/organizations/${org.demo}/invites?roles=${Role.Trainee}`, 'admin')
    ).json().data;
    expect(trainees.count).toBe(2);
  });
});

describe('GET /api/organizations/:id/assets and /contents', () => {
  it('answers empty lists until the asset and content tables exist, with the same ladder', async () => {
    for (const path of ['assets', 'contents']) {
      expect((await call('GET', `/api/organizations/${org.demo}/${path}`)).statusCode).toBe(401);
      expect(
        (await call('GET', `/api/organizations/${org.demo}/${path}`, 'trainee')).statusCode,
      ).toBe(403);
      expect(
        (await call('GET', `/api/organizations/${org.northwind}/${path}`, 'manager')).statusCode,
      ).toBe(404);
      const res = await call('GET', `/api/organizations/${org.demo}/${path}`, 'manager');
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ list: [], count: 0 });
    }
    expect(
      (await call('GET', `/api/organizations/${org.demo}/assets?type=3`, 'admin')).statusCode,
    ).toBe(400);
    expect(
      (await call('GET', `/api/organizations/${org.demo}/contents?status=9`, 'admin')).statusCode,
    ).toBe(400);
  });
});

describe('PUT /api/organizations/:id/activate|deactivate', () => {
  it('is admin only; deactivation ends the members’ sessions and sign-in; activation lets them sign in again', async () => {
    const nina = await tokenFor(ctx.app, 'nina@demo.test');
    expect((await call('PUT', `/api/organizations/${org.northwind}/deactivate`)).statusCode).toBe(
      401,
    );
    expect(
      (await call('PUT', `/api/organizations/${org.northwind}/deactivate`, 'manager2')).statusCode,
    ).toBe(403);
    expect(
      (await call('PUT', `/api/organizations/${org.northwind}/deactivate`, 'manager')).statusCode,
    ).toBe(404);
    expect((await orgRow(org.northwind)).active).toBe(true);
    const versions = await db()
      .select({ v: users.tokenVersion })
      .from(users)
      .where(eq(users.organizationId, org.northwind));

    const off = await call('PUT', `/api/organizations/${org.northwind}/deactivate`, 'admin');
    expect(off.statusCode).toBe(200);
    expect(off.json().message).toBe(format.statusUpdatedTo(messages.inactive));
    expect(off.json().data.active).toBe(false);
    const after = await db()
      .select({ v: users.tokenVersion })
      .from(users)
      .where(eq(users.organizationId, org.northwind));
    expect(after.map((r) => r.v)).toEqual(versions.map((r) => r.v + 1));
    expect((await call('GET', '/api/auth/session', 'manager2')).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(nina) }))
        .statusCode,
    ).toBe(401);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { email: 'manager2@demo.test', password: 'demo1234' },
    });
    expect(login.statusCode).toBe(400);
    // Other organizations are untouched.
    expect((await call('GET', '/api/auth/session', 'manager')).statusCode).toBe(200);

    const on = await call('PUT', `/api/organizations/${org.northwind}/activate`, 'admin');
    expect(on.json()).toMatchObject({
      message: format.statusUpdatedTo(messages.active),
      data: { active: true },
    });
    // Old sessions stay ended; signing in works again.
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(nina) }))
        .statusCode,
    ).toBe(401);
    t.manager2 = await tokenFor(ctx.app, 'manager2@demo.test');
    expect((await call('GET', `/api/organizations/${org.northwind}`, 'manager2')).statusCode).toBe(
      200,
    );
    expect(await userId(db(), 'nina@demo.test')).toBeGreaterThan(0);
  });
});

describe('demo seed', () => {
  const counts = async () => ({
    users: (await db().select({ n: count() }).from(users))[0]!.n,
    groups: (await db().select({ n: count() }).from(groups))[0]!.n,
    invites: (await db().select({ n: count() }).from(invites))[0]!.n,
  });

  it('is idempotent, and adds the groups and invites to a database seeded before them', async () => {
    const before = await counts();
    expect(await seedDemo(db())).toBe(false);
    expect(await counts()).toEqual(before);
    // A database seeded before decisions.md#organizations-and-seats: Demo Academy without groups or invites.
    await db().delete(invites).where(eq(invites.organizationId, org.demo));
    await db().delete(groups).where(eq(groups.organizationId, org.demo));
    expect(await seedDemo(db())).toBe(true);
    const demoGroups = (await call('GET', `/api/organizations/${org.demo}/groups`, 'admin')).json()
      .data;
    expect(demoGroups.list.map((g: { name: string }) => g.name)).toEqual(['Cohort A', 'Cohort B']);
    expect(
      (await call('GET', `/api/organizations/${org.demo}/invites`, 'admin')).json().data.count,
    ).toBe(3);
    // Northwind kept its own and got no duplicates.
    const northwind = (path: string) =>
      call('GET', `/api/organizations/${org.northwind}/${path}`, 'admin');
    expect((await northwind('groups')).json().data.count).toBe(1);
    expect((await northwind('invites')).json().data.count).toBe(1);
    expect(await seedDemo(db())).toBe(false);
  });
});
