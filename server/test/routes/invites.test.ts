/**
 * The /invites calls of 000 §7 with the rules of 000 §2.7, §6 and decisions.md (seats, single-use
 * tokens stored as hashes, 7-day expiry): each climbs the ladder 401 → 403 → 404 other
 * organization → 400 → success; a denied write changes nothing; seats hold under 20 concurrent
 * accepts (PGlite and PostgreSQL: the organization row lock).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, isNull } from 'drizzle-orm';
import { format, messages, Role } from '@practica/contract';
import {
  groupMembers,
  inviteLinks,
  invites,
  organizations,
  users,
} from '../../src/db/schema/index.js';
import { bearer, buildTestApp, tokenFor, type TestContext } from '../helpers/build.js';
import { emptyDemoFixture, loadDemoFixture } from '../helpers/demo-fixture.js';
import { mailsTo, userRow } from '../helpers/users.js';

let ctx: TestContext;
const demo = emptyDemoFixture();
const { org, groups: group, call } = demo;
beforeAll(async () => {
  ctx = await buildTestApp();
  await loadDemoFixture(ctx, demo);
});
afterAll(() => ctx.close());

const db = () => ctx.testDb.database.db;
const inviteCount = async () => (await db().select({ n: count() }).from(invites))[0]!.n;
/** The token of the newest invite mail to `email`. */
const mailedToken = async (email: string) => {
  const [mail] = await mailsTo(db(), email);
  const match = /\/invite-registration\/([\w-]+)/.exec(mail!.textBody);
  if (!match?.[1]) throw new Error(`no invite link in: ${mail!.textBody}`);
  return match[1];
};
const invite = (patch: object = {}) => ({
  organizationId: org.demo,
  roleId: Role.Trainee,
  firstName: 'Rita',
  lastName: 'Recruit',
  email: 'rita@demo.test',
  ...patch,
});
const accept = (token: string, email: string, patch: object = {}) =>
  call('POST', '/api/invites/accept', undefined, {
    firstName: 'New',
    lastName: 'Person',
    email,
    token,
    password: 'secret1',
    ...patch,
  });

describe('POST /api/invites', () => {
  it('climbs the ladder: 401, 403 trainee, 403 instructor inviting an instructor, 404 other organization (nothing created)', async () => {
    const before = await inviteCount();
    expect((await call('POST', '/api/invites', undefined, invite())).statusCode).toBe(401);
    expect((await call('POST', '/api/invites', 'trainee', invite())).statusCode).toBe(403);
    const instructor = await call(
      'POST',
      '/api/invites',
      'instructor',
      invite({ roleId: Role.Instructor }),
    );
    expect(instructor.statusCode).toBe(403);
    expect(instructor.json().message).toBe(messages.instructorInvitesTraineesOnly);
    expect(
      (await call('POST', '/api/invites', 'instructor', invite({ roleId: Role.Manager })))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('POST', '/api/invites', 'manager', invite({ organizationId: org.northwind })))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('POST', '/api/invites', 'instructor', invite({ organizationId: org.northwind })))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('POST', '/api/invites', 'admin', invite({ organizationId: 999999 }))).statusCode,
    ).toBe(404);
    // A group of another organization.
    expect(
      (await call('POST', '/api/invites', 'manager', invite({ groupId: group['Harbour Crew'] })))
        .statusCode,
    ).toBe(404);
    expect(await inviteCount()).toBe(before);
    expect(await mailsTo(db(), 'rita@demo.test')).toHaveLength(0);
  });

  it('answers 400 with the messages of 000 §5 and the role rules of 000 §2.7', async () => {
    const cases: [object, string][] = [
      [{ firstName: '' }, messages.firstNameRequired],
      [{ lastName: ' ' }, messages.lastNameRequired],
      [{ email: '' }, messages.emailRequired],
      [{ email: 'nope' }, messages.emailInvalid],
      [{ roleId: Role.Admin }, messages.adminNotInvitable],
      [{ roleId: Role.Manager, groupId: group['Cohort A'] }, messages.groupNotOfferedForRole],
    ];
    for (const [patch, message] of cases) {
      const res = await call('POST', '/api/invites', 'admin', invite(patch));
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().message, JSON.stringify(patch)).toBe(message);
    }
  });

  it('answers 409 for the email of an existing user', async () => {
    const res = await call('POST', '/api/invites', 'manager', invite({ email: 'Tessa@demo.test' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(messages.emailAlreadyInUse);
  });

  it('creates the invite (7 days), stores only the hash of its link token and mails the registration link', async () => {
    const res = await call(
      'POST',
      '/api/invites',
      'manager',
      invite({ email: 'Rita@demo.test', groupId: group['Cohort A'] }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(format.roleSuccessfullyInvited('Trainee'));
    const data = res.json().data;
    expect(data).toMatchObject({
      email: 'rita@demo.test',
      roleId: Role.Trainee,
      role: 'Trainee',
      organizationId: org.demo,
      group: { id: group['Cohort A'], name: 'Cohort A' },
      expired: false,
    });
    const days = (new Date(data.expirationDate).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const token = await mailedToken('rita@demo.test');
    expect(data.token).toBe(token);
    const [mail] = await mailsTo(db(), 'rita@demo.test');
    expect(mail!.kind).toBe('invite');
    expect(mail!.textBody).toContain(`/invite-registration/${token}`);
    const links = await db().select().from(inviteLinks).where(eq(inviteLinks.inviteId, data.id));
    expect(links).toHaveLength(1);
    expect(JSON.stringify(links)).not.toContain(token);

    const again = await call('POST', '/api/invites', 'admin', invite({ email: 'rita@demo.test' }));
    expect(again.statusCode).toBe(409);
  });

  it('lets an instructor invite trainees of its own organization, with a group', async () => {
    const res = await call(
      'POST',
      '/api/invites',
      'instructor',
      invite({ email: 'ivy@demo.test', groupId: group['Cohort B'] }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.createdById).toBeGreaterThan(0);
  });

  it('refuses an invite into an inactive organization', async () => {
    await db()
      .update(organizations)
      .set({ active: false })
      .where(eq(organizations.id, org.northwind));
    try {
      const res = await call(
        'POST',
        '/api/invites',
        'admin',
        invite({ organizationId: org.northwind, email: 'late@demo.test' }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(messages.organizationInactive);
    } finally {
      await db()
        .update(organizations)
        .set({ active: true })
        .where(eq(organizations.id, org.northwind));
    }
  });
});

describe('trainee seats (decisions.md)', () => {
  let small = 0;
  beforeAll(async () => {
    const res = await call('POST', '/api/organizations', 'admin', {
      name: 'Tiny Team',
      address: '3 Small Road, Springfield',
      contact: {
        firstName: 'Tina',
        lastName: 'Tiny',
        email: 'tina@tiny.test',
        phoneNumber: '5550123456',
      },
      userSeats: 1,
      creatorSeats: 0,
    });
    small = res.json().data.id;
  });

  it('counts pending trainee invites: a second trainee invite over the seats is 409, other roles are not limited', async () => {
    expect(
      (
        await call(
          'POST',
          '/api/invites',
          'admin',
          invite({ organizationId: small, email: 'one@tiny.test' }),
        )
      ).statusCode,
    ).toBe(200);
    const full = await call(
      'POST',
      '/api/invites',
      'admin',
      invite({ organizationId: small, email: 'two@tiny.test' }),
    );
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(messages.noTraineeSeatsLeft);
    expect(await mailsTo(db(), 'two@tiny.test')).toHaveLength(0);
    expect(
      (
        await call(
          'POST',
          '/api/invites',
          'admin',
          invite({ organizationId: small, email: 'boss@tiny.test', roleId: Role.Manager }),
        )
      ).statusCode,
    ).toBe(200);
    const detail = (await call('GET', `/api/organizations/${small}`, 'admin')).json().data;
    expect(detail).toMatchObject({
      seatsUsed: 1,
      pendingTraineeInvitesCount: 1,
      pendingInvitesCount: 2,
    });
  });

  it('never lets 20 concurrent trainee invites exceed the seats', async () => {
    await call('PUT', `/api/organizations/${small}/seats`, 'admin', {
      userSeats: 6,
      creatorSeats: 0,
    });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(
          'POST',
          '/api/invites',
          'admin',
          invite({ organizationId: small, email: `rush${i}@tiny.test` }),
        ),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    const detail = (await call('GET', `/api/organizations/${small}`, 'admin')).json().data;
    expect(detail.seatsUsed).toBe(6);
  });
});

describe('20 concurrent accepts', () => {
  let crowd = 0;
  const emails = Array.from({ length: 20 }, (_, i) => `crowd${i}@crowd.test`);
  const tokens: string[] = [];
  beforeAll(async () => {
    const res = await call('POST', '/api/organizations', 'admin', {
      name: 'Crowd Co',
      address: '4 Busy Street, Springfield',
      contact: {
        firstName: 'Cody',
        lastName: 'Crowd',
        email: 'cody@crowd.test',
        phoneNumber: '5550123457',
      },
      userSeats: 20,
      creatorSeats: 0,
    });
    crowd = res.json().data.id;
    for (const email of emails) {
      const created = await call(
        'POST',
        '/api/invites',
        'admin',
        invite({ organizationId: crowd, email }),
      );
      expect(created.statusCode).toBe(200);
      tokens.push(created.json().data.token as string);
    }
  });

  it('never exceed the trainee seats, even after they were lowered below the pending invites', async () => {
    await call('PUT', `/api/organizations/${crowd}/seats`, 'admin', {
      userSeats: 7,
      creatorSeats: 0,
    });
    const results = await Promise.all(emails.map((email, i) => accept(tokens[i]!, email)));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(7);
    expect(statuses.filter((s) => s === 409)).toHaveLength(13);
    for (const r of results.filter((r) => r.statusCode === 409))
      expect(r.json().message).toBe(messages.noTraineeSeatsLeft);
    const [row] = await db()
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.organizationId, crowd), eq(users.roleId, Role.Trainee)));
    expect(row!.n).toBe(7);
    // The refused invites stay pending (their acceptance was rolled back).
    const pending = await db()
      .select({ n: count() })
      .from(invites)
      .where(and(eq(invites.organizationId, crowd), isNull(invites.acceptedAt)));
    expect(pending[0]!.n).toBe(13);
  });

  it('accept one token once, even 20 times at the same moment', async () => {
    await call('PUT', `/api/organizations/${crowd}/seats`, 'admin', {
      userSeats: 100,
      creatorSeats: 0,
    });
    const open = await db()
      .select({ id: invites.id, email: invites.email })
      .from(invites)
      .where(and(eq(invites.organizationId, crowd), isNull(invites.acceptedAt)));
    const target = open[0]!;
    const token = tokens[emails.indexOf(target.email)]!;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => accept(token, target.email)),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 404)).toHaveLength(19);
    expect(
      (await db().select({ n: count() }).from(users).where(eq(users.email, target.email)))[0]!.n,
    ).toBe(1);
  });
});

describe('GET /api/invites/:id', () => {
  let inviteId = 0;
  let token = '';
  beforeAll(async () => {
    const res = await call(
      'POST',
      '/api/invites',
      'manager',
      invite({ email: 'gina@demo.test', firstName: 'Gina' }),
    );
    inviteId = res.json().data.id;
    token = res.json().data.token;
  });

  it('answers the invite by token without a session, for the registration page', async () => {
    const res = await call('GET', `/api/invites/${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      id: inviteId,
      firstName: 'Gina',
      lastName: 'Recruit',
      email: 'gina@demo.test',
      roleId: Role.Trainee,
      organizationId: org.demo,
      organizationName: 'Demo Academy',
      expirationDate: expect.any(String),
    });
    // A signed-in visitor (the console's client sends its token) gets the same.
    expect((await call('GET', `/api/invites/${token}`, 'manager2')).statusCode).toBe(200);
  });

  it("answers 404 'Invite invalid' for an unknown token or a bare id without a session", async () => {
    for (const url of ['/api/invites/not-a-token', `/api/invites/${inviteId}`]) {
      const res = await call('GET', url);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(messages.inviteInvalid);
    }
  });

  it('answers the invite by id with a session: 401 bad token, 403 no rights, 404 other organization', async () => {
    const bad = await ctx.app.inject({
      method: 'GET',
      url: `/api/invites/${inviteId}`,
      headers: bearer('nope'),
    });
    expect(bad.statusCode).toBe(401);
    expect((await call('GET', `/api/invites/${inviteId}`, 'instructor')).statusCode).toBe(403);
    expect((await call('GET', `/api/invites/${inviteId}`, 'manager2')).statusCode).toBe(404);
    expect((await call('GET', '/api/invites/999999', 'admin')).statusCode).toBe(404);
    const res = await call('GET', `/api/invites/${inviteId}`, 'manager');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: inviteId,
      email: 'gina@demo.test',
      expired: false,
      role: 'Trainee',
    });
    expect(res.json().data.token).toBeUndefined();
  });
});

describe('POST /api/invites/accept', () => {
  it('validates, creates the user with the invite role, organization and group, answers a session, and works once', async () => {
    const created = await call(
      'POST',
      '/api/invites',
      'manager',
      invite({ email: 'hank@demo.test', roleId: Role.Instructor, groupId: group['Cohort A'] }),
    );
    const token = await mailedToken('hank@demo.test');
    expect(created.json().data.token).toBe(token);

    const short = await accept(token, 'hank@demo.test', { password: 'abc' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(messages.passwordMinLength);
    expect(
      (await accept(token, 'hank@demo.test', { password: 'x'.repeat(15) })).json().message,
    ).toBe(messages.passwordMaxLength);
    expect((await accept(token, 'hank@demo.test', { firstName: '' })).json().message).toBe(
      messages.firstNameRequired,
    );
    const otherEmail = await accept(token, 'someone@demo.test');
    expect(otherEmail.statusCode).toBe(400);
    expect(otherEmail.json().message).toBe(messages.inviteInvalid);
    expect(await userRow(db(), 'hank@demo.test')).toBeUndefined();

    const res = await accept(token, 'Hank@demo.test', { firstName: 'Hank', lastName: 'Hill' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      email: 'hank@demo.test',
      firstName: 'Hank',
      lastName: 'Hill',
      roleId: Role.Instructor,
      organizationId: org.demo,
      organization: { name: 'Demo Academy' },
    });
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/auth/session',
          headers: bearer(data.token),
        })
      ).statusCode,
    ).toBe(200);
    await tokenFor(ctx.app, 'hank@demo.test', 'secret1');
    const membership = await db()
      .select()
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, group['Cohort A']!), eq(groupMembers.userId, data.id)));
    expect(membership).toHaveLength(1);
    const [row] = await db().select().from(invites).where(eq(invites.id, created.json().data.id));
    expect(row!.acceptedAt).not.toBeNull();
    expect(row!.acceptedUserId).toBe(data.id);

    const again = await accept(token, 'hank@demo.test');
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(messages.inviteInvalid);
    // The registration page's lookup says the link was used (decisions.md#console-flows §10), same 404 shape.
    const used = await call('GET', `/api/invites/${token}`);
    expect(used.statusCode).toBe(404);
    expect(used.json()).toMatchObject({
      success: false,
      message: messages.inviteUsed,
      error: { code: 'NOT_FOUND', message: messages.inviteUsed },
    });
    // An accepted invite is no longer listed, resent or deleted.
    expect(
      (await call('GET', `/api/invites/${created.json().data.id}/resend`, 'manager')).statusCode,
    ).toBe(404);
  });

  it('refuses an expired invite', async () => {
    const created = await call(
      'POST',
      '/api/invites',
      'manager',
      invite({ email: 'old@demo.test' }),
    );
    const token = created.json().data.token as string;
    await db()
      .update(invites)
      .set({ expirationDate: new Date(Date.now() - 60_000) })
      .where(eq(invites.id, created.json().data.id));
    const lookup = await call('GET', `/api/invites/${token}`);
    expect(lookup.statusCode).toBe(404);
    expect(lookup.json().message).toBe(messages.inviteExpired);
    const res = await accept(token, 'old@demo.test');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(messages.inviteInvalid);
    expect(await userRow(db(), 'old@demo.test')).toBeUndefined();
    const listed = (await call('GET', `/api/organizations/${org.demo}/invites`, 'manager')).json()
      .data.list;
    expect(listed.find((i: { email: string }) => i.email === 'old@demo.test').expired).toBe(true);
  });

  it('answers 409 when the email became a user meanwhile', async () => {
    const created = await call(
      'POST',
      '/api/invites',
      'admin',
      invite({ organizationId: org.northwind, email: 'dup@demo.test' }),
    );
    const token = created.json().data.token as string;
    await call('POST', '/api/invites', 'manager', invite({ email: 'dup@demo.test' }));
    const first = await accept(await mailedToken('dup@demo.test'), 'dup@demo.test');
    expect(first.statusCode).toBe(200);
    const second = await accept(token, 'dup@demo.test');
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(messages.emailAlreadyInUse);
  });
});

describe('DELETE /api/invites/:id', () => {
  it('climbs the ladder: 401, 403 instructor on a manager invite (kept), 404 other organization; deletes with its links', async () => {
    const created = await call(
      'POST',
      '/api/invites',
      'manager',
      invite({ email: 'del@demo.test' }),
    );
    const id = created.json().data.id as number;
    const token = created.json().data.token as string;
    expect((await call('DELETE', `/api/invites/${id}`)).statusCode).toBe(401);
    expect((await call('DELETE', `/api/invites/${id}`, 'instructor')).statusCode).toBe(403);
    expect((await call('DELETE', `/api/invites/${id}`, 'manager2')).statusCode).toBe(404);
    expect((await call('DELETE', '/api/invites/abc', 'manager')).statusCode).toBe(400);
    expect(await db().select().from(invites).where(eq(invites.id, id))).toHaveLength(1);
    const res = await call('DELETE', `/api/invites/${id}`, 'manager');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.inviteDeleted);
    expect(await db().select().from(inviteLinks).where(eq(inviteLinks.inviteId, id))).toHaveLength(
      0,
    );
    expect((await call('GET', `/api/invites/${token}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/invites/${id}`, 'manager')).statusCode).toBe(404);
  });

  it('lets an instructor delete the trainee invites it sent, not another instructor', async () => {
    const created = await call(
      'POST',
      '/api/invites',
      'instructor',
      invite({ email: 'mine@demo.test' }),
    );
    const id = created.json().data.id as number;
    expect((await call('DELETE', `/api/invites/${id}`, 'instructor2')).statusCode).toBe(403);
    expect((await call('DELETE', `/api/invites/${id}`, 'instructor')).statusCode).toBe(200);
  });
});

describe('GET /api/invites/:id/resend and POST /api/invites/:id/link', () => {
  it('re-sends: renews the expiry, mails a new link; the older link stops working (decisions.md#hardening)', async () => {
    const created = await call(
      'POST',
      '/api/invites',
      'manager',
      invite({ email: 'res@demo.test' }),
    );
    const id = created.json().data.id as number;
    const first = created.json().data.token as string;
    await db()
      .update(invites)
      .set({ expirationDate: new Date(Date.now() + 60_000) })
      .where(eq(invites.id, id));
    expect((await call('GET', `/api/invites/${id}/resend`)).statusCode).toBe(401);
    expect((await call('GET', `/api/invites/${id}/resend`, 'instructor')).statusCode).toBe(403);
    expect((await call('GET', `/api/invites/${id}/resend`, 'manager2')).statusCode).toBe(404);
    expect(await mailsTo(db(), 'res@demo.test')).toHaveLength(1);

    const res = await call('GET', `/api/invites/${id}/resend`, 'manager');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.inviteResent);
    const days = (new Date(res.json().data.expirationDate).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(await mailsTo(db(), 'res@demo.test')).toHaveLength(2);
    const second = await mailedToken('res@demo.test');
    expect(second).not.toBe(first);
    expect((await call('GET', `/api/invites/${first}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/invites/${second}`)).statusCode).toBe(200);
  });

  it('re-sending an expired trainee invite takes a seat again (409 when none is left)', async () => {
    const created = await call(
      'POST',
      '/api/invites',
      'admin',
      invite({ organizationId: org.northwind, email: 'exp@demo.test' }),
    );
    const id = created.json().data.id as number;
    await db()
      .update(invites)
      .set({ expirationDate: new Date(Date.now() - 1000) })
      .where(eq(invites.id, id));
    const [nw] = await db().select().from(organizations).where(eq(organizations.id, org.northwind));
    const usage = (await call('GET', `/api/organizations/${org.northwind}`, 'admin')).json().data
      .seatsUsed as number;
    await db()
      .update(organizations)
      .set({ userSeats: usage })
      .where(eq(organizations.id, org.northwind));
    try {
      const full = await call('GET', `/api/invites/${id}/resend`, 'admin');
      expect(full.statusCode).toBe(409);
      expect(full.json().message).toBe(messages.noTraineeSeatsLeft);
      await db()
        .update(organizations)
        .set({ userSeats: usage + 1 })
        .where(eq(organizations.id, org.northwind));
      expect((await call('GET', `/api/invites/${id}/resend`, 'admin')).statusCode).toBe(200);
    } finally {
      await db()
        .update(organizations)
        .set({ userSeats: nw!.userSeats })
        .where(eq(organizations.id, org.northwind));
    }
  });

  it('answers a fresh registration link for copy link; 400 for an expired invite', async () => {
    const created = await call(
      'POST',
      '/api/invites',
      'manager',
      invite({ email: 'copy@demo.test' }),
    );
    const id = created.json().data.id as number;
    expect((await call('POST', `/api/invites/${id}/link`)).statusCode).toBe(401);
    expect((await call('POST', `/api/invites/${id}/link`, 'instructor')).statusCode).toBe(403);
    expect((await call('POST', `/api/invites/${id}/link`, 'manager2')).statusCode).toBe(404);
    const res = await call('POST', `/api/invites/${id}/link`, 'manager');
    expect(res.statusCode).toBe(200);
    const { token, url } = res.json().data;
    expect(url).toMatch(new RegExp(`/invite-registration/${token}$`));
    expect((await call('GET', `/api/invites/${token}`)).json().data.email).toBe('copy@demo.test');
    await db()
      .update(invites)
      .set({ expirationDate: new Date(Date.now() - 1000) })
      .where(eq(invites.id, id));
    const expired = await call('POST', `/api/invites/${id}/link`, 'manager');
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(messages.inviteExpired);
  });
});
