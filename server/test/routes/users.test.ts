/**
 * The /users calls of 000 §7 with the role rules of 000 §6: each climbs the ladder
 * 401 → 403 → 404 other organization → 400 → success, and a denied write changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { AssignmentStatus, format, MediaType, messages, Role } from '@practica/contract';
import {
  answerItems,
  answers,
  assignments,
  files,
  organizations,
  userTokens,
  users,
} from '../../src/db/schema/index.js';
import { bearer, buildTestApp, tokenFor, type TestContext } from '../helpers/build.js';
import { emptyDemoFixture, loadDemoFixture } from '../helpers/demo-fixture.js';
import { createContent } from '../helpers/factories.js';
import * as media from '../helpers/media-fixtures.js';
import { mailsTo, tokenFromMail, userRow } from '../helpers/users.js';

let ctx: TestContext;
const demo = emptyDemoFixture();
const { tokens: t, ids: id, call } = demo;
beforeAll(async () => {
  ctx = await buildTestApp();
  await loadDemoFixture(ctx, demo, ['admin2']);
});
afterAll(() => ctx.close());

const db = () => ctx.testDb.database.db;

describe('GET /api/users', () => {
  it('answers 401 without a token', async () => {
    expect((await call('GET', '/api/users')).statusCode).toBe(401);
  });

  it('lets an admin list every organization and filter by role and search', async () => {
    const all = (await call('GET', '/api/users?pageSize=100', 'admin')).json();
    expect(all.data.count).toBeGreaterThanOrEqual(14);
    expect(all.data.list.some((u: { email: string }) => u.email === 'nina@demo.test')).toBe(true);
    expect(all.data.list.some((u: { email: string }) => u.email === 'sofia@demo.test')).toBe(false); // deleted are hidden by default
    const admins = (await call('GET', `/api/users?roles=${Role.Admin}`, 'admin')).json();
    expect(admins.data.list.map((u: { roleId: number }) => u.roleId)).toEqual(
      admins.data.list.map(() => Role.Admin),
    );
    const search = (await call('GET', '/api/users?search=okaf', 'admin')).json();
    expect(search.data.list.map((u: { email: string }) => u.email)).toEqual(['omar@demo.test']);
    const byEmail = (await call('GET', '/api/users?search=NORTHWIND', 'admin')).json();
    expect(byEmail.data.list.map((u: { email: string }) => u.email)).toContain(
      'manager2@demo.test',
    );
  });

  it('never exposes password hashes or token versions', async () => {
    const res = await call('GET', '/api/users?pageSize=100', 'admin');
    expect(res.body).not.toMatch(/argon2|passwordHash|tokenVersion/);
  });

  it('pages with a total count', async () => {
    const page1 = (await call('GET', '/api/users?pageSize=25&page=1', 'admin')).json();
    const page2 = (await call('GET', '/api/users?pageSize=25&page=2', 'admin')).json();
    expect(page2.data.count).toBe(page1.data.count);
    expect(page2.data.list).toEqual([]);
  });

  it('answers 400 for a short search, an unknown page size and an unknown role', async () => {
    const short = await call('GET', '/api/users?search=ok', 'admin');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(messages.searchTooShort);
    expect((await call('GET', '/api/users?pageSize=10', 'admin')).statusCode).toBe(400);
    expect((await call('GET', '/api/users?roles=9', 'admin')).statusCode).toBe(400);
    expect((await call('GET', '/api/users?page=0', 'admin')).statusCode).toBe(400);
  });

  it('scopes managers and instructors to their own organization', async () => {
    for (const who of ['manager', 'instructor']) {
      const res = (await call('GET', '/api/users?pageSize=100', who)).json();
      const emails = res.data.list.map((u: { email: string }) => u.email);
      expect(emails).toContain('trainee@demo.test');
      expect(emails).not.toContain('nina@demo.test');
      expect(emails).not.toContain('admin@demo.test');
    }
    expect((await call('GET', '/api/users?organizationId=999999', 'manager')).statusCode).toBe(404);
  });

  it('shows deleted users to admins only (Deleted Users)', async () => {
    const deleted = (await call('GET', '/api/users?deleted=1', 'admin')).json();
    expect(deleted.data.list.map((u: { email: string }) => u.email)).toContain('sofia@demo.test');
    expect(deleted.data.list.every((u: { deletedAt: string | null }) => u.deletedAt !== null)).toBe(
      true,
    );
    expect((await call('GET', '/api/users?deleted=1', 'manager')).statusCode).toBe(403);
  });
});

describe('GET /api/users/:id', () => {
  it('answers 401, 404 for another organization or a missing id, and the user otherwise', async () => {
    expect((await call('GET', `/api/users/${id.trainee}`)).statusCode).toBe(401);
    expect((await call('GET', `/api/users/${id.nina}`, 'manager')).statusCode).toBe(404);
    expect((await call('GET', `/api/users/${id.admin}`, 'manager')).statusCode).toBe(404);
    expect((await call('GET', '/api/users/999999', 'admin')).statusCode).toBe(404);
    expect((await call('GET', '/api/users/abc', 'admin')).statusCode).toBe(400);
    const res = await call('GET', `/api/users/${id.trainee}`, 'instructor');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      email: 'trainee@demo.test',
      role: 'Trainee',
      active: true,
      creator: false,
    });
  });

  it('hides a soft-deleted user from a manager of its organization', async () => {
    expect((await call('GET', `/api/users/${id.sofia}`, 'manager')).statusCode).toBe(404);
    expect((await call('GET', `/api/users/${id.sofia}`, 'admin')).statusCode).toBe(200);
  });
});

describe('PUT /api/users/:id', () => {
  const body = { firstName: 'Tomas', lastName: 'Trainee', phoneNumber: '5551234567' };

  it('climbs the ladder: 401, 403 for an instructor on someone else (unchanged), 404 other organization, 400 bad body', async () => {
    expect((await call('PUT', `/api/users/${id.trainee}`, undefined, body)).statusCode).toBe(401);
    const denied = await call('PUT', `/api/users/${id.trainee}`, 'instructor2', body);
    expect(denied.statusCode).toBe(403);
    expect((await userRow(db(), 'trainee@demo.test'))!.firstName).toBe('Tom');
    expect((await call('PUT', `/api/users/${id.nina}`, 'manager', body)).statusCode).toBe(404);
    const bad = await call('PUT', `/api/users/${id.trainee}`, 'manager', {
      ...body,
      phoneNumber: '123',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(messages.phoneNumberInvalid);
    const blank = await call('PUT', `/api/users/${id.trainee}`, 'manager', {
      ...body,
      firstName: '  ',
    });
    expect(blank.json().error.details).toEqual([
      { path: 'firstName', message: messages.firstNameRequired },
    ]);
    const short = await call('PUT', `/api/users/${id.trainee}`, 'manager', {
      ...body,
      password: 'abc',
    });
    expect(short.json().message).toBe(messages.passwordMinLength);
  });

  it('lets a manager update a member of its organization', async () => {
    const res = await call('PUT', `/api/users/${id.trainee}`, 'manager', body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: messages.userUpdated,
      data: { firstName: 'Tomas', phoneNumber: '5551234567' },
    });
    expect(res.json().data.token).toBeUndefined();
  });

  it('lets an instructor update itself; a new own password ends old sessions and hands back a fresh token', async () => {
    const old = await tokenFor(ctx.app, 'instructor2@demo.test');
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${id.instructor2}`,
      headers: bearer(old),
      payload: { firstName: 'Irene', lastName: 'Iverson', password: 'newpass1' },
    });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().data.token as string;
    expect(fresh).toBeTruthy();
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(old) }))
        .statusCode,
    ).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(fresh) }))
        .statusCode,
    ).toBe(200);
    await tokenFor(ctx.app, 'instructor2@demo.test', 'newpass1');
    t.instructor2 = fresh;
  });

  it('refuses an image id that is not a ready image of the caller', async () => {
    const res = await call('PUT', `/api/users/${id.trainee}`, 'manager', {
      ...body,
      imageId: 424242,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.failedToUploadImage);
  });
});

describe('PUT /api/users/:id/update-password', () => {
  it('checks 4..14 and lets an admin set another user password, ending its sessions', async () => {
    const victim = await tokenFor(ctx.app, 'tessa@demo.test');
    expect(
      (
        await call('PUT', `/api/users/${id.tessa}/update-password`, 'admin', {
          password: 'x'.repeat(15),
        })
      ).json().message,
    ).toBe(messages.passwordMaxLength);
    expect(
      (
        await call('PUT', `/api/users/${id.tessa}/update-password`, 'instructor', {
          password: 'abcd',
        })
      ).statusCode,
    ).toBe(403);
    const res = await call('PUT', `/api/users/${id.tessa}/update-password`, 'admin', {
      password: 'abcd',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.passwordUpdated);
    expect(res.json().data.token).toBeUndefined();
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(victim) }))
        .statusCode,
    ).toBe(401);
    await tokenFor(ctx.app, 'tessa@demo.test', 'abcd');
  });

  it("takes the spec's `newPassword` as well as `password` (decisions.md#hardening)", async () => {
    const url = `/api/users/${id.tessa}/update-password`;
    const res = await call('PUT', url, 'admin', { newPassword: 'spec1234' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(messages.passwordUpdated);
    await tokenFor(ctx.app, 'tessa@demo.test', 'spec1234');
    expect((await call('PUT', url, 'admin', { newPassword: 'ab' })).json().message).toBe(
      messages.passwordMinLength,
    );
    const none = await call('PUT', url, 'admin', {});
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(messages.passwordRequired);
    const both = await call('PUT', url, 'admin', { password: 'same1234', newPassword: 'else1234' });
    expect(both.statusCode).toBe(400);
    expect(
      (await call('PUT', url, 'admin', { password: 'same1234', newPassword: 'same1234' }))
        .statusCode,
    ).toBe(200);
    await tokenFor(ctx.app, 'tessa@demo.test', 'same1234');
  });
});

describe('email change', () => {
  it('mails a link to the new address and a notice to the old one; the link works once', async () => {
    const denied = await call('PUT', `/api/users/${id.omar}/update-email`, 'instructor', {
      email: 'omar.new@demo.test',
    });
    expect(denied.statusCode).toBe(403);
    expect(await mailsTo(db(), 'omar.new@demo.test')).toHaveLength(0);
    expect(
      (
        await call('PUT', `/api/users/${id.omar}/update-email`, 'manager', {
          email: 'not-an-email',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await call('PUT', `/api/users/${id.omar}/update-email`, 'manager', {
          email: 'priya@demo.test',
        })
      ).statusCode,
    ).toBe(409);

    const res = await call('PUT', `/api/users/${id.omar}/update-email`, 'manager', {
      email: 'Omar.New@demo.test',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.emailUpdateLinkSent);
    const [confirm] = await mailsTo(db(), 'omar.new@demo.test');
    const [notice] = await mailsTo(db(), 'omar@demo.test');
    expect(notice!.textBody).not.toMatch(/token=/);
    const token = tokenFromMail(confirm!.textBody, '/email-update');
    // Only the hash is stored.
    const stored = await db().select().from(userTokens).where(eq(userTokens.userId, id.omar!));
    expect(stored.some((row) => row.tokenHash === token)).toBe(false);
    expect(JSON.stringify(stored)).not.toContain(token);

    // A reset-password call cannot use an email-change token (wrong purpose).
    const wrongPurpose = await call('PUT', `/api/users/reset-password/${token}`, undefined, {
      newPassword: 'abcd1234',
    });
    expect(wrongPurpose.statusCode).toBe(400);

    const ok = await call('PUT', `/api/users/validate-email/${token}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(messages.emailUpdated);
    expect((await userRow(db(), 'omar.new@demo.test'))?.id).toBe(id.omar);
    const again = await call('PUT', `/api/users/validate-email/${token}`);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(messages.tokenInvalidOrExpired);
  });

  it('refuses an expired link', async () => {
    await call('PUT', `/api/users/${id.priya}/update-email`, 'admin', {
      email: 'priya.late@demo.test',
    });
    const [mail] = await mailsTo(db(), 'priya.late@demo.test');
    const token = tokenFromMail(mail!.textBody, '/email-update');
    await db()
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.userId, id.priya!));
    expect((await call('PUT', `/api/users/validate-email/${token}`)).statusCode).toBe(400);
    expect(await userRow(db(), 'priya@demo.test')).toBeDefined();
  });
});

describe('password reset', () => {
  it('mails a link for a known address only, and the link sets a new password once', async () => {
    const before = (await mailsTo(db(), 'nobody@demo.test')).length;
    const unknown = await call('PUT', '/api/auth/reset-password?email=nobody@demo.test');
    expect(unknown.statusCode).toBe(200);
    expect((await mailsTo(db(), 'nobody@demo.test')).length).toBe(before);

    const session = await tokenFor(ctx.app, 'nina@demo.test');
    const res = await call('PUT', '/api/auth/reset-password?email=Nina@demo.test');
    expect(res.statusCode).toBe(200);
    const [mail] = await mailsTo(db(), 'nina@demo.test');
    const token = tokenFromMail(mail!.textBody, '/password-reset');
    expect(
      (await call('PUT', `/api/users/reset-password/${token}`, undefined, { newPassword: 'abc' }))
        .statusCode,
    ).toBe(400);
    const done = await call('PUT', `/api/users/reset-password/${token}`, undefined, {
      newPassword: 'fresh123',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe(messages.passwordUpdated);
    await tokenFor(ctx.app, 'nina@demo.test', 'fresh123');
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(session) }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await call('PUT', `/api/users/reset-password/${token}`, undefined, {
          newPassword: 'again123',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('answers 400 for an empty email', async () => {
    const res = await call('PUT', '/api/auth/reset-password?email=');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.emailAddressRequired);
  });
});

describe('activation and the creator flag', () => {
  it('lets a manager deactivate a member, which ends its sessions and sign-in; instructors cannot', async () => {
    const session = await tokenFor(ctx.app, 'priya@demo.test');
    expect((await call('PUT', `/api/users/${id.priya}/deactivate`, 'instructor')).statusCode).toBe(
      403,
    );
    expect((await call('PUT', `/api/users/${id.nina}/deactivate`, 'manager')).statusCode).toBe(404);
    expect((await call('PUT', `/api/users/${id.manager}/deactivate`, 'manager')).statusCode).toBe(
      403,
    );
    const res = await call('PUT', `/api/users/${id.priya}/deactivate`, 'manager');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: format.userStatusChanged(false),
      data: { active: false },
    });
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(session) }))
        .statusCode,
    ).toBe(401);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { email: 'priya@demo.test', password: 'demo1234' },
    });
    expect(login.statusCode).toBe(400);
    const back = await call('PUT', `/api/users/${id.priya}/activate`, 'manager');
    expect(back.json()).toMatchObject({
      message: format.userStatusChanged(true),
      data: { active: true },
    });
  });

  it('never gives the creator flag to a trainee, and respects creator seats', async () => {
    expect((await call('PUT', `/api/users/${id.trainee}/enable-creator`, 'admin')).statusCode).toBe(
      403,
    );
    const full = await call('PUT', `/api/users/${id.nate}/enable-creator`, 'admin');
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(messages.noCreatorSeatsLeft);
    expect((await userRow(db(), 'nate@demo.test'))!.creator).toBe(false);
    const res = await call('PUT', `/api/users/${id.instructor2}/enable-creator`, 'manager');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: format.creatorStatusChanged(true),
      data: { creator: true },
    });
    const off = await call('PUT', `/api/users/${id.instructor2}/disable-creator`, 'manager');
    expect(off.json()).toMatchObject({
      message: format.creatorStatusChanged(false),
      data: { creator: false },
    });
  });
});

describe('soft delete, restore, erase', () => {
  it('is for admins only, never admin 1 nor oneself', async () => {
    expect((await call('PUT', `/api/users/${id.lucas}/delete`, 'manager')).statusCode).toBe(403);
    expect((await userRow(db(), 'lucas@demo.test'))!.deletedAt).toBeNull();
    const first = await call('PUT', `/api/users/${id.admin}/delete`, 'admin2');
    expect(first.statusCode).toBe(403);
    expect(first.json().message).toBe(messages.firstAdminUndeletable);
    const self = await call('PUT', `/api/users/${id.admin2}/delete`, 'admin2');
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(messages.cannotDeleteYourself);
  });

  it('soft-deletes (no more sign-in), restores, and erases only an already deleted user', async () => {
    const del = await call('PUT', `/api/users/${id.lucas}/delete`, 'admin');
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toBe(messages.userDeleted);
    expect(del.json().data.deletedAt).not.toBeNull();
    const restored = await call('PUT', `/api/users/${id.lucas}/restore`, 'admin');
    expect(restored.json()).toMatchObject({
      message: messages.userRestored,
      data: { deletedAt: null },
    });

    const notDeleted = await call('DELETE', `/api/users/${id.lucas}`, 'admin');
    expect(notDeleted.statusCode).toBe(400);
    expect(notDeleted.json().message).toBe(messages.eraseRequiresSoftDelete);
    expect((await call('DELETE', `/api/users/${id.sofia}`, 'manager')).statusCode).toBe(404);
    const erased = await call('DELETE', `/api/users/${id.sofia}`, 'admin');
    expect(erased.statusCode).toBe(200);
    expect(erased.json().message).toBe(messages.userErased);
    expect(await userRow(db(), 'sofia@demo.test')).toBeUndefined();
  });
});

describe('POST /api/users?roleId=4 (Add Admin)', () => {
  const body = { firstName: 'Grace', lastName: 'Hopper', email: 'grace@demo.test' };

  it('is admin only, validates, refuses duplicates, and mails a set-password link', async () => {
    expect((await call('POST', '/api/users?roleId=4', 'manager', body)).statusCode).toBe(403);
    expect(await userRow(db(), 'grace@demo.test')).toBeUndefined();
    const missing = await call('POST', '/api/users?roleId=4', 'admin', { ...body, firstName: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(messages.firstNameRequired);
    expect((await call('POST', '/api/users?roleId=2', 'admin', body)).statusCode).toBe(400);
    const res = await call('POST', '/api/users?roleId=4', 'admin', body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: messages.userCreated,
      data: { email: 'grace@demo.test', roleId: Role.Admin },
    });
    expect((await call('POST', '/api/users?roleId=4', 'admin', body)).statusCode).toBe(409);
    const [mail] = await mailsTo(db(), 'grace@demo.test');
    const token = tokenFromMail(mail!.textBody, '/password-reset');
    expect(
      (
        await call('PUT', `/api/users/reset-password/${token}`, undefined, {
          newPassword: 'grace123',
        })
      ).statusCode,
    ).toBe(200);
    await tokenFor(ctx.app, 'grace@demo.test', 'grace123');
  });
});

it('keeps every user row when a denied call is retried in bulk', async () => {
  const before = await db()
    .select({ id: users.id, v: users.tokenVersion, a: users.active })
    .from(users);
  for (const url of [
    `/api/users/${id.omar}/deactivate`,
    `/api/users/${id.omar}/delete`,
    `/api/users/${id.omar}/enable-creator`,
  ]) {
    expect((await call('PUT', url, 'instructor')).statusCode).toBe(403);
  }
  const after = await db()
    .select({ id: users.id, v: users.tokenVersion, a: users.active })
    .from(users);
  expect(after).toEqual(before);
});

describe('trainee seats at activation and restore (decisions.md#hardening)', () => {
  it('refuses activating an inactive trainee or restoring a deleted one while the seats are used up', async () => {
    const org = await call('POST', '/api/organizations', 'admin', {
      name: 'Seat Holders',
      address: '1 Seat Street',
      contact: {
        firstName: 'Sea',
        lastName: 'Tholder',
        email: 'seat-contact@demo.test',
        phoneNumber: '0123456789',
      },
      userSeats: 1,
      creatorSeats: 0,
    });
    expect(org.statusCode, org.body).toBe(200);
    const organizationId = (org.json() as { data: { id: number } }).data.id;
    const trainee = async (email: string, values: { active?: boolean; deletedAt?: Date }) => {
      const [row] = await db()
        .insert(users)
        .values({
          email,
          firstName: 'Sea',
          lastName: 'Ted',
          passwordHash: '!none',
          roleId: Role.Trainee,
          organizationId,
          ...values,
        })
        .returning({ id: users.id });
      return row!.id;
    };
    const seated = await trainee('seated@seats.test', {});
    const waiting = await trainee('waiting@seats.test', { active: false });
    const gone = await trainee('gone@seats.test', { deletedAt: new Date() });
    const goneInactive = await trainee('gone-inactive@seats.test', {
      active: false,
      deletedAt: new Date(),
    });
    const refused = async (url: string, email: string) => {
      const before = await userRow(db(), email);
      const res = await call('PUT', url, 'admin');
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(messages.noTraineeSeatsLeft);
      expect(await userRow(db(), email)).toEqual(before);
    };

    await refused(`/api/users/${waiting}/activate`, 'waiting@seats.test');
    await refused(`/api/users/${gone}/restore`, 'gone@seats.test');
    // An inactive trainee holds no seat: restoring it is allowed, activating it is not.
    expect((await call('PUT', `/api/users/${goneInactive}/restore`, 'admin')).statusCode).toBe(200);
    await refused(`/api/users/${goneInactive}/activate`, 'gone-inactive@seats.test');

    // Freeing the seat lets one in, and then the seats are full again.
    expect((await call('PUT', `/api/users/${seated}/deactivate`, 'admin')).statusCode).toBe(200);
    expect((await call('PUT', `/api/users/${waiting}/activate`, 'admin')).statusCode).toBe(200);
    await refused(`/api/users/${gone}/restore`, 'gone@seats.test');
    await refused(`/api/users/${seated}/activate`, 'seated@seats.test');

    // A pending trainee invite holds a seat too.
    const seats = { userSeats: 2, creatorSeats: 0 };
    expect(
      (await call('PUT', `/api/organizations/${organizationId}/seats`, 'admin', seats)).statusCode,
    ).toBe(200);
    const invite = await call('POST', '/api/invites', 'admin', {
      organizationId,
      roleId: Role.Trainee,
      firstName: 'In',
      lastName: 'Vited',
      email: 'invited@seats.test',
    });
    expect(invite.statusCode, invite.body).toBe(200);
    await refused(`/api/users/${gone}/restore`, 'gone@seats.test');
    const inviteId = (invite.json() as { data: { id: number } }).data.id;
    expect((await call('DELETE', `/api/invites/${inviteId}`, 'admin')).statusCode).toBe(200);
    expect((await call('PUT', `/api/users/${gone}/restore`, 'admin')).statusCode).toBe(200);
    await refused(`/api/users/${seated}/activate`, 'seated@seats.test');

    // Activating an active trainee or a non-trainee takes nothing.
    expect((await call('PUT', `/api/users/${gone}/activate`, 'admin')).statusCode).toBe(200);
  });
});

describe('trainee seats under concurrent activations (decisions.md#hardening)', () => {
  it('lets exactly one of concurrent activations and restores take the last seat', async () => {
    const org = await call('POST', '/api/organizations', 'admin', {
      name: 'Seat Racers',
      address: '2 Seat Street',
      contact: {
        firstName: 'Rac',
        lastName: 'Racer',
        email: 'race-contact@demo.test',
        phoneNumber: '0123456789',
      },
      userSeats: 1,
      creatorSeats: 0,
    });
    expect(org.statusCode, org.body).toBe(200);
    const organizationId = (org.json() as { data: { id: number } }).data.id;
    const rows = await db()
      .insert(users)
      .values(
        Array.from({ length: 6 }, (_, i) => ({
          email: `racer${i}@seats.test`,
          firstName: 'Ra',
          lastName: 'Cer',
          passwordHash: '!none',
          roleId: Role.Trainee,
          organizationId,
          ...(i % 2 === 0 ? { active: false } : { deletedAt: new Date() }),
        })),
      )
      .returning({ id: users.id, deletedAt: users.deletedAt });
    const answers = await Promise.all(
      rows.map((row) =>
        call('PUT', `/api/users/${row.id}/${row.deletedAt ? 'restore' : 'activate'}`, 'admin'),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const seated = await db()
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.organizationId, organizationId),
          eq(users.active, true),
          isNull(users.deletedAt),
        ),
      );
    expect(seated).toHaveLength(1);
  });
});

describe('POST /api/users?roleId= for every role (decisions.md#hardening)', () => {
  const person = (email: string, organizationId?: number) => ({
    firstName: 'Dee',
    lastName: 'Rect',
    email,
    ...(organizationId !== undefined ? { organizationId } : {}),
  });
  const demoOrg = async () => (await userRow(db(), 'manager@demo.test'))!.organizationId!;

  it('is for admins only, before the body is read', async () => {
    for (const who of ['manager', 'instructor']) {
      for (const payload of [person('no@demo.test', await demoOrg()), { firstName: '' }]) {
        const res = await call('POST', `/api/users?roleId=${Role.Trainee}`, who, payload);
        expect(res.statusCode, `${who}: ${res.body}`).toBe(403);
      }
    }
    expect(await userRow(db(), 'no@demo.test')).toBeUndefined();
  });

  it('refuses a missing or unknown organization; an admin gets none', async () => {
    const missing = await call(
      'POST',
      `/api/users?roleId=${Role.Manager}`,
      'admin',
      person('m@x.test'),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(messages.organizationRequired);
    const unknown = await call(
      'POST',
      `/api/users?roleId=${Role.Manager}`,
      'admin',
      person('m@x.test', 987654),
    );
    expect(unknown.statusCode).toBe(404);
    expect(await userRow(db(), 'm@x.test')).toBeUndefined();
    const admin = await call(
      'POST',
      `/api/users?roleId=${Role.Admin}`,
      'admin',
      person('a@x.test', await demoOrg()),
    );
    expect(admin.statusCode, admin.body).toBe(200);
    expect(admin.json().data).toMatchObject({ roleId: Role.Admin, organizationId: null });
  });

  it('creates a manager, an instructor and a trainee in the organization, each mailed a set-password link', async () => {
    const organizationId = await demoOrg();
    for (const roleId of [Role.Manager, Role.Instructor, Role.Trainee]) {
      const email = `direct${roleId}@demo.test`;
      const res = await call(
        'POST',
        `/api/users?roleId=${roleId}`,
        'admin',
        person(email, organizationId),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        message: messages.userCreated,
        data: { email, roleId, organizationId, active: true, creator: false },
      });
      expect(
        (await call('POST', `/api/users?roleId=${roleId}`, 'admin', person(email, organizationId)))
          .statusCode,
      ).toBe(409);
      const [mail] = await mailsTo(db(), email);
      const token = tokenFromMail(mail!.textBody, '/password-reset');
      const set = await call('PUT', `/api/users/reset-password/${token}`, undefined, {
        newPassword: 'direct12',
      });
      expect(set.statusCode, set.body).toBe(200);
      if (roleId !== Role.Trainee) await tokenFor(ctx.app, email, 'direct12');
    }
  });

  it('applies the trainee seats', async () => {
    const organizationId = await demoOrg();
    const detail = (await call('GET', `/api/organizations/${organizationId}`, 'admin')).json().data;
    const seats = {
      userSeats: detail.seatsUsed as number,
      creatorSeats: detail.creatorSeats as number,
    };
    const before = detail.userSeats as number;
    expect(
      (await call('PUT', `/api/organizations/${organizationId}/seats`, 'admin', seats)).statusCode,
    ).toBe(200);
    try {
      const full = await call(
        'POST',
        `/api/users?roleId=${Role.Trainee}`,
        'admin',
        person('seatless@demo.test', organizationId),
      );
      expect(full.statusCode, full.body).toBe(409);
      expect(full.json().message).toBe(messages.noTraineeSeatsLeft);
      expect(await userRow(db(), 'seatless@demo.test')).toBeUndefined();
      expect(await mailsTo(db(), 'seatless@demo.test')).toHaveLength(0);
      // Seats hold trainees only: an instructor is created.
      const instructor = await call(
        'POST',
        `/api/users?roleId=${Role.Instructor}`,
        'admin',
        person('seated-instructor@demo.test', organizationId),
      );
      expect(instructor.statusCode, instructor.body).toBe(200);
    } finally {
      await call('PUT', `/api/organizations/${organizationId}/seats`, 'admin', {
        ...seats,
        userSeats: before,
      });
    }
  });
});

describe('erase removes personal files (decisions.md#hardening §6)', () => {
  /** Uploads `bytes` as `who` through POST /files/upload and the signed PUT; answers id, key and URL. */
  async function upload(token: string, bytes: Buffer, extension: string, fileTypeId: number) {
    const start = await ctx.app.inject({
      method: 'POST',
      url: '/api/files/upload',
      headers: bearer(token),
      payload: { name: `mine.${extension}`, extension, fileTypeId, size: bytes.length },
    });
    expect(start.statusCode, start.body).toBe(200);
    const { id: fileId, url } = start.json().data as { id: number; url: string };
    const put = await ctx.app.inject({ method: 'PUT', url, payload: bytes });
    expect(put.statusCode, put.body).toBe(200);
    const key = new URL(url, 'http://x').pathname.replace('/files/upload/', '');
    return { id: fileId, key, url: put.json().data.url as string };
  }
  const fileRows = (ids: number[]) => db().select().from(files).where(inArray(files.id, ids));

  it("removes the videos of the user's answers, every other file it uploaded and its profile image, rows and bytes", async () => {
    const priya = await tokenFor(ctx.app, 'priya@demo.test');
    const answered = await upload(priya, media.mp4, 'mp4', MediaType.Video);
    const unsaved = await upload(priya, media.webm, 'webm', MediaType.Video);
    const photo = await upload(priya, media.png, 'png', MediaType.Image);
    const unattachedImage = await upload(priya, media.gif, 'gif', MediaType.Image);
    await db().update(users).set({ imageId: photo.id }).where(eq(users.id, id.priya!));

    // An Active assignment of Priya's organization that she is on (the demo seed has none
    // without storage): her answer is saved through the mobile API.
    const priyaRow = (await userRow(db(), 'priya@demo.test'))!;
    const interview = await createContent(db(), {
      name: 'Erase interview',
      organizationId: priyaRow.organizationId,
      questions: [{ text: 'Tell us about yourself' }],
    });
    const [assignment] = await db()
      .insert(assignments)
      .values({
        name: 'Erase practice',
        description: '',
        statusId: AssignmentStatus.Active,
        closeDate: '2099-12-31',
        organizationId: priyaRow.organizationId!,
        interviewId: interview.id,
      })
      .returning({ id: assignments.id });
    await db().insert(answers).values({ assignmentId: assignment!.id, userId: priyaRow.id });
    const assignmentId = assignment!.id;
    const questionId = interview.questionIds[0]!;
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/me/assignments/${assignmentId}/answers`,
      headers: bearer(priya),
      payload: { items: [{ questionId, fileId: answered.id, duration: 4 }] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const videoUrl = saved.json().data.items[0].file.url as string;
    expect((await ctx.app.inject({ url: videoUrl })).statusCode).toBe(200);

    expect((await call('PUT', `/api/users/${id.priya}/delete`, 'admin')).statusCode).toBe(200);
    expect((await call('DELETE', `/api/users/${id.priya}`, 'admin')).statusCode).toBe(200);

    // An image it uploaded but never attached goes too: nothing else uses it.
    const gone = [answered, unsaved, photo, unattachedImage];
    expect(await fileRows(gone.map((f) => f.id))).toEqual([]);
    for (const f of gone) expect(await ctx.app.files.storage.stat(f.key), f.key).toBeNull();
    expect((await ctx.app.inject({ url: videoUrl })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: photo.url })).statusCode).toBe(404);
    expect(
      await db().select().from(answerItems).where(eq(answerItems.fileId, answered.id)),
    ).toEqual([]);
  });

  it('keeps a profile image that something else still uses (the organization logo)', async () => {
    const manager2 = await tokenFor(ctx.app, 'manager2@demo.test');
    const logo = await upload(manager2, media.png, 'png', MediaType.Image);
    const nina = (await userRow(db(), 'nina@demo.test'))!;
    await db()
      .update(organizations)
      .set({ imageId: logo.id })
      .where(eq(organizations.id, nina.organizationId!));
    await db().update(users).set({ imageId: logo.id }).where(eq(users.id, nina.id));
    expect((await call('PUT', `/api/users/${nina.id}/delete`, 'admin')).statusCode).toBe(200);
    expect((await call('DELETE', `/api/users/${nina.id}`, 'admin')).statusCode).toBe(200);
    expect(await fileRows([logo.id])).toHaveLength(1);
    expect(await ctx.app.files.storage.stat(logo.key)).not.toBeNull();
    expect((await ctx.app.inject({ url: logo.url })).statusCode).toBe(200);
  });
});
