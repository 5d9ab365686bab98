/**
 * POST /api/invites/batch, the CSV import of invites (decisions.md#insights-and-administration §2): authorization before the body
 * (401, 403, 404 another organization), the rows' own messages on `rows.<i>.<field>` with nothing
 * written, a 1,000-row batch in one call within 5 s, sending the same rows again (re-sent, never
 * duplicated, each mail once more), users' emails skipped, the dry run, and the seat rule for the
 * whole batch — exactly the free seats pass, one more is 409 with nothing written, and concurrent
 * batches on the last seats never exceed them (the organization row lock, PGlite and PostgreSQL).
 * A manager's batch (dry run or sent) tells nothing of other organizations' users: their emails are
 * answered and invited as unused ones, while an Admin sees them skipped. Each user's dry runs and
 * sends are rate limited apart (429 with Retry-After), on an app of its own with low limits; the
 * main app's limits are lifted so the other scenarios can call as often as they need.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  format,
  inviteBatchMaxRows,
  messages,
  Role,
  type InviteBatchResult,
} from '@practica/contract';
import { inviteLinks, invites, mailOutbox, organizations } from '../src/db/schema/index.js';
import { buildTestApp, type TestContext } from './helpers/build.js';
import { onPostgres } from './helpers/database.js';
import { emptyDemoFixture, loadDemoFixture } from './helpers/demo-fixture.js';

// Every response carries the number of SQL statements its request ran (x-sql-count), for the
// fixed-statements check below; only read over HTTP (the counter tells requests apart by socket).
// vi.stubEnv: undone after this file (test/file-setup.ts), so no later file's app counts.
vi.stubEnv('BENCH_SQL_COUNT', '1');

let ctx: TestContext;
const demo = emptyDemoFixture();
const { org, groups: group, call } = demo;
beforeAll(async () => {
  ctx = await buildTestApp({
    INVITE_BATCH_CHECKS_PER_MINUTE: '100000',
    INVITE_BATCH_SENDS_PER_MINUTE: '100000',
  });
  await loadDemoFixture(ctx, demo);
});
afterAll(() => ctx.close());

const db = () => ctx.testDb.database.db;
const url = '/api/invites/batch';

interface Row {
  roleId: number;
  firstName: string;
  lastName: string;
  email: string;
  groupId?: number | null;
}
const row = (email: string, patch: Partial<Row> = {}): Row => ({
  roleId: Role.Trainee,
  firstName: 'Ada',
  lastName: 'Batch',
  email,
  ...patch,
});
const rowsOf = (prefix: string, n: number, patch: Partial<Row> = {}) =>
  Array.from({ length: n }, (_, i) => row(`${prefix}${i}@batch.test`, patch));

const invitesTo = async (emails: string[]) =>
  (await db().select({ n: count() }).from(invites).where(inArray(invites.email, emails)))[0]!.n;
const mailsTo = async (emails: string[]) =>
  (
    await db()
      .select({ n: count() })
      .from(mailOutbox)
      .where(and(inArray(mailOutbox.toAddress, emails), eq(mailOutbox.kind, 'invite')))
  )[0]!.n;
const totals = async () => ({
  invites: (await db().select({ n: count() }).from(invites))[0]!.n,
  links: (await db().select({ n: count() }).from(inviteLinks))[0]!.n,
  mails: (await db().select({ n: count() }).from(mailOutbox))[0]!.n,
});
const openInvites = async (organizationId: number) =>
  (
    await db()
      .select({ n: count() })
      .from(invites)
      .where(and(eq(invites.organizationId, organizationId), isNull(invites.acceptedAt)))
  )[0]!.n;

let orgSerial = 0;
/** A new organization (admin) with `userSeats` trainee seats. */
async function newOrganization(userSeats: number): Promise<number> {
  orgSerial += 1;
  const res = await call('POST', '/api/organizations', 'admin', {
    name: `Batch Org ${orgSerial}`,
    address: `${orgSerial} Import Road, Springfield`,
    contact: {
      firstName: 'Bea',
      lastName: 'Batch',
      email: `contact${orgSerial}@batch-org.test`,
      phoneNumber: '5550123456',
    },
    userSeats,
    creatorSeats: 0,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

describe('POST /api/invites/batch: who may call', () => {
  it('answers 401 without a session, 403 for an instructor or trainee (even with a bad body), 404 for another or a missing organization; nothing written', async () => {
    const before = await totals();
    const body = { organizationId: org.demo, rows: [row('who@batch.test')] };
    expect((await call('POST', url, undefined, body)).statusCode).toBe(401);
    for (const who of ['instructor', 'trainee']) {
      const res = await call('POST', url, who, body);
      expect(res.statusCode, who).toBe(403);
      expect(res.json().message).toBe(messages.forbidden);
      // Who may call is checked before the body: a body the schema refuses is still a 403.
      expect(
        (await call('POST', url, who, { organizationId: org.demo, rows: [] })).statusCode,
      ).toBe(403);
      expect((await call('POST', url, who, { rows: 'nope' })).statusCode).toBe(403);
    }
    expect(
      (await call('POST', url, 'manager', { ...body, organizationId: org.northwind })).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', url, 'instructor', { ...body, organizationId: org.northwind }))
        .statusCode,
    ).toBe(404);
    // Another organization is a 404 before its body is read.
    expect(
      (await call('POST', url, 'manager', { organizationId: org.northwind, rows: [] })).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', url, 'admin', { ...body, organizationId: 999_999 })).statusCode,
    ).toBe(404);
    expect(await totals()).toEqual(before);
  });
});

describe('POST /api/invites/batch: bad rows', () => {
  it('answers 400 with the messages of POST /invites on rows.<i>.<field>, and writes nothing', async () => {
    const before = await totals();
    const res = await call('POST', url, 'manager', {
      organizationId: org.demo,
      rows: [
        row('fine@batch.test'),
        row('nofirst@batch.test', { firstName: ' ' }),
        row('nolast@batch.test', { lastName: '' }),
        row(''),
        row('not-an-email'),
        row('admin@batch.test', { roleId: Role.Admin }),
        row('boss@batch.test', { roleId: Role.Manager, groupId: group['Cohort A'] }),
        row('nobody@batch.test', { roleId: 9 }),
      ],
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.success).toBe(false);
    expect(body.message).toBe(messages.firstNameRequired);
    expect(body.error.details).toEqual([
      { path: 'rows.1.firstName', message: messages.firstNameRequired },
      { path: 'rows.2.lastName', message: messages.lastNameRequired },
      { path: 'rows.3.email', message: messages.emailRequired },
      { path: 'rows.4.email', message: messages.emailInvalid },
      { path: 'rows.5.roleId', message: messages.adminNotInvitable },
      { path: 'rows.6.groupId', message: messages.groupNotOfferedForRole },
      { path: 'rows.7.roleId', message: messages.importRoleInvalid },
    ]);
    expect(await totals()).toEqual(before);
  });

  it('answers 400 for no rows, more than the maximum, and a body without an organization', async () => {
    const empty = await call('POST', url, 'manager', { organizationId: org.demo, rows: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.details).toEqual([
      { path: 'rows', message: messages.importRowsRequired },
    ]);
    const missing = await call('POST', url, 'manager', { organizationId: org.demo });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(messages.importRowsRequired);
    const tooMany = await call('POST', url, 'admin', {
      organizationId: org.demo,
      rows: rowsOf('many', inviteBatchMaxRows + 1),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.details).toEqual([
      { path: 'rows', message: messages.importRowsTooMany },
    ]);
    const noOrganization = await call('POST', url, 'manager', { rows: [row('x@batch.test')] });
    expect(noOrganization.statusCode).toBe(400);
    expect(noOrganization.json().error.details[0].path).toBe('organizationId');
  });

  it('answers 400 for the same email twice (ignoring case) on the later row, and for a group of another organization; nothing written', async () => {
    const before = await totals();
    const res = await call('POST', url, 'manager', {
      organizationId: org.demo,
      rows: [
        row('twice@batch.test'),
        row('once@batch.test', { groupId: group['Cohort A'] }),
        row('Twice@Batch.test'),
        row('harbour@batch.test', { groupId: group['Harbour Crew'] }),
        row('TWICE@batch.test'),
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(format.importDuplicateEmail(1));
    expect(res.json().error.details).toEqual([
      { path: 'rows.2.email', message: format.importDuplicateEmail(1) },
      { path: 'rows.3.groupId', message: format.importGroupIdUnknown(group['Harbour Crew']!) },
      { path: 'rows.4.email', message: format.importDuplicateEmail(1) },
    ]);
    expect(await totals()).toEqual(before);
  });
});

describe('POST /api/invites/batch: the largest body', () => {
  it(`takes ${inviteBatchMaxRows} rows of the longest names and emails (about 1 MB of JSON, over the API's 1 MiB default)`, async () => {
    const longest = Array.from({ length: inviteBatchMaxRows }, (_, i) => {
      const local = `${String(i).padStart(4, '0')}${'l'.repeat(60)}`;
      const domain = `${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(56)}.test`;
      return row(`${local}@${domain}`, {
        roleId: Role.Instructor,
        firstName: 'F'.repeat(100),
        lastName: 'L'.repeat(100),
        groupId: 2_147_483_647,
      });
    });
    expect(longest[0]!.email).toHaveLength(254);
    const payload = { organizationId: org.demo, dryRun: true, rows: longest };
    expect(JSON.stringify(payload).length).toBeGreaterThan(1_048_576);
    const res = await call('POST', url, 'manager', payload);
    // Read whole and validated: the rows' group is unknown, so the answer is the rows' 400, not a 413.
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toHaveLength(inviteBatchMaxRows);
    expect(res.json().message).toBe(format.importGroupIdUnknown(2_147_483_647));
  });
});

describe('POST /api/invites/batch: sending', () => {
  const emails = rowsOf('cohort', 1000).map((r) => r.email);
  /** The 1,000 rows: every tenth an instructor, every other one in Cohort A (after the fixture loaded). */
  const cohort = () =>
    rowsOf('cohort', 1000).map((r, i) => ({
      ...r,
      firstName: `First${i}`,
      lastName: `Last${i}`,
      roleId: i % 10 === 0 ? Role.Instructor : Role.Trainee,
      groupId: i % 2 === 0 ? group['Cohort A']! : null,
    }));
  let rows: Row[] = [];
  let firstIds: number[] = [];

  beforeAll(async () => {
    rows = cohort();
    expect(rows[0]!.groupId).toBeTypeOf('number');
    const seats = await call('PUT', `/api/organizations/${org.demo}/seats`, 'admin', {
      userSeats: 5000,
      creatorSeats: 5,
    });
    expect(seats.statusCode, seats.body).toBe(200);
  });

  it('invites 1,000 rows in one call within 5 s: every invite stored with one link, 1,000 mails in the outbox', async () => {
    const before = await totals();
    const started = performance.now();
    const res = await call('POST', url, 'manager', { organizationId: org.demo, rows });
    const ms = performance.now() - started;
    console.log(
      `invite batch, 1,000 new rows on ${onPostgres ? 'PostgreSQL' : 'PGlite'}: ${ms.toFixed(0)} ms`,
    );
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    expect(ms).toBeLessThanOrEqual(5000);
    const result = res.json().data as InviteBatchResult;
    expect(res.json().message).toBe(format.invitesImported(1000, 0, 0));
    expect(result).toMatchObject({ dryRun: false, created: 1000, resent: 0, skipped: 0 });
    expect(result.seats.needed).toBe(900);
    expect(result.rows).toHaveLength(1000);
    result.rows.forEach((r, i) => {
      expect(r).toMatchObject({ index: i, email: emails[i], status: 'create', reason: null });
      expect(r.inviteId).toBeTypeOf('number');
    });
    firstIds = result.rows.map((r) => r.inviteId!);
    expect(new Set(firstIds).size).toBe(1000);
    // Each stored as its row says, by the manager, 7 days ahead.
    const stored = await db().select().from(invites).where(inArray(invites.id, firstIds));
    expect(stored).toHaveLength(1000);
    const byId = new Map(stored.map((s) => [s.id, s]));
    result.rows.forEach((r, i) => {
      const s = byId.get(r.inviteId!)!;
      expect(s).toMatchObject({
        email: rows[i]!.email,
        firstName: rows[i]!.firstName,
        lastName: rows[i]!.lastName,
        roleId: rows[i]!.roleId,
        groupId: rows[i]!.groupId,
        organizationId: org.demo,
        createdById: demo.ids['manager'],
        acceptedAt: null,
      });
    });
    const days = (stored[0]!.expirationDate.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(await mailsTo(emails)).toBe(1000);
    const after = await totals();
    expect(after.invites - before.invites).toBe(1000);
    expect(after.links - before.links).toBe(1000);
    expect(after.mails - before.mails).toBe(1000);
    // Each mail names its person and carries a working registration link.
    const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, emails[7]!));
    expect(mail!.textBody).toContain('First7');
    const token = /\/invite-registration\/([\w-]+)/.exec(mail!.textBody)![1]!;
    const page = await call('GET', `/api/invites/${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toMatchObject({ email: emails[7], firstName: 'First7' });
  });

  it('sending the same rows again re-sends them: no duplicate invite, each mail once more, the old links replaced', async () => {
    const before = await totals();
    const [oldMail] = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, emails[3]!));
    const oldToken = /\/invite-registration\/([\w-]+)/.exec(oldMail!.textBody)![1]!;
    const started = performance.now();
    const res = await call('POST', url, 'manager', { organizationId: org.demo, rows });
    const ms = performance.now() - started;
    console.log(
      `invite batch, 1,000 re-sent rows on ${onPostgres ? 'PostgreSQL' : 'PGlite'}: ${ms.toFixed(0)} ms`,
    );
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    expect(ms).toBeLessThanOrEqual(5000);
    expect(res.json().message).toBe(format.invitesImported(0, 1000, 0));
    const result = res.json().data as InviteBatchResult;
    expect(result).toMatchObject({ created: 0, resent: 1000, skipped: 0 });
    // Pending invites already hold their seats: re-sending them needs none.
    expect(result.seats.needed).toBe(0);
    expect(result.rows.every((r) => r.status === 'resend')).toBe(true);
    expect(result.rows.every((r) => r.reason === messages.importPendingInvite)).toBe(true);
    expect(result.rows.map((r) => r.inviteId)).toEqual(firstIds);
    const after = await totals();
    expect(after.invites).toBe(before.invites);
    expect(after.links).toBe(before.links);
    expect(after.mails - before.mails).toBe(1000);
    expect(await invitesTo(emails)).toBe(1000);
    expect(await mailsTo(emails)).toBe(2000);
    const perEmail = await db()
      .select({ to: mailOutbox.toAddress, n: count() })
      .from(mailOutbox)
      .where(inArray(mailOutbox.toAddress, emails))
      .groupBy(mailOutbox.toAddress);
    expect(perEmail).toHaveLength(1000);
    expect(perEmail.every((p) => p.n === 2)).toBe(true);
    // The re-send replaced the link: the first mail's link no longer opens the invite.
    expect((await call('GET', `/api/invites/${oldToken}`)).statusCode).toBe(404);
  });
});

describe('POST /api/invites/batch: existing users, pending invites, dry run', () => {
  it("skips users' emails (any case) and re-sends an open invite, also as a dry run that writes nothing", async () => {
    const existing = await call('POST', '/api/invites', 'manager', {
      organizationId: org.demo,
      roleId: Role.Instructor,
      firstName: 'Ivy',
      lastName: 'Pending',
      email: 'ivy@batch.test',
    });
    expect(existing.statusCode).toBe(200);
    const rows = [
      row('tessa@demo.test'),
      row('Manager@Demo.test', { roleId: Role.Manager }),
      row('ivy@batch.test'),
      row('newbie@batch.test'),
    ];
    const before = await totals();
    const dry = await call('POST', url, 'manager', {
      organizationId: org.demo,
      dryRun: true,
      rows,
    });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().message).toBe(format.invitesImportPreview(1, 1, 2));
    const planned = dry.json().data as InviteBatchResult;
    expect(planned).toMatchObject({ dryRun: true, created: 1, resent: 1, skipped: 2 });
    expect(planned.rows).toEqual([
      {
        index: 0,
        email: 'tessa@demo.test',
        status: 'skip',
        reason: messages.importUserExists,
        inviteId: null,
      },
      {
        index: 1,
        email: 'manager@demo.test',
        status: 'skip',
        reason: messages.importUserExists,
        inviteId: null,
      },
      {
        index: 2,
        email: 'ivy@batch.test',
        status: 'resend',
        reason: messages.importPendingInvite,
        inviteId: null,
      },
      { index: 3, email: 'newbie@batch.test', status: 'create', reason: null, inviteId: null },
    ]);
    expect(planned.seats.needed).toBe(1);
    expect(await totals()).toEqual(before);

    const sent = await call('POST', url, 'manager', { organizationId: org.demo, rows });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toBe(format.invitesImported(1, 1, 2));
    const result = sent.json().data as InviteBatchResult;
    expect(result.rows.map((r) => r.status)).toEqual(['skip', 'skip', 'resend', 'create']);
    expect(result.rows[2]!.inviteId).toBe(existing.json().data.id);
    const after = await totals();
    expect(after.invites - before.invites).toBe(1);
    expect(after.mails - before.mails).toBe(2);
    expect(await mailsTo(['tessa@demo.test', 'manager@demo.test'])).toBe(0);
    // The re-sent invite keeps its role and names.
    const [ivy] = await db().select().from(invites).where(eq(invites.email, 'ivy@batch.test'));
    expect(ivy).toMatchObject({ roleId: Role.Instructor, firstName: 'Ivy' });
  });

  it('ignores fields a row may not set (organization, sender, id, acceptance)', async () => {
    const res = await call('POST', url, 'manager', {
      organizationId: org.demo,
      rows: [
        {
          ...row('sneaky@batch.test', { roleId: Role.Instructor }),
          organizationId: org.northwind,
          createdById: demo.ids['admin'],
          id: 999_999,
          acceptedAt: new Date().toISOString(),
          expirationDate: '2099-01-01T00:00:00Z',
        },
      ],
    });
    expect(res.statusCode).toBe(200);
    const [stored] = await db()
      .select()
      .from(invites)
      .where(eq(invites.email, 'sneaky@batch.test'));
    expect(stored).toMatchObject({
      organizationId: org.demo,
      createdById: demo.ids['manager'],
      acceptedAt: null,
    });
    expect(stored!.id).not.toBe(999_999);
    expect(stored!.expirationDate.getFullYear()).toBeLessThan(2099);
  });

  it('answers 400 for an inactive organization', async () => {
    const id = await newOrganization(5);
    await db().update(organizations).set({ active: false }).where(eq(organizations.id, id));
    const res = await call('POST', url, 'admin', {
      organizationId: id,
      rows: [row('in@batch.test')],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.organizationInactive);
    expect(await openInvites(id)).toBe(0);
  });
});

describe("POST /api/invites/batch: other organizations' users", () => {
  // Northwind's trainee and (deleted) instructor, the admin, and Demo Academy's deleted trainee.
  const foreign = ['nina@demo.test', 'wendy@demo.test', 'admin@demo.test'];
  const rows = () => [
    row('nina@demo.test'),
    row('wendy@demo.test', { roleId: Role.Instructor }),
    row('admin@demo.test', { roleId: Role.Manager }),
    row('victor@demo.test'),
    row('stranger@batch.test'),
  ];

  it("a manager's dry run answers them as unused addresses, never 'Already a user'; an Admin's skips them", async () => {
    const before = await totals();
    const dry = await call('POST', url, 'manager', {
      organizationId: org.demo,
      dryRun: true,
      rows: rows(),
    });
    expect(dry.statusCode, dry.body).toBe(200);
    const planned = dry.json().data as InviteBatchResult;
    const unused = { status: 'create', reason: null, inviteId: null };
    expect(planned.rows).toEqual([
      { index: 0, email: 'nina@demo.test', ...unused },
      { index: 1, email: 'wendy@demo.test', ...unused },
      { index: 2, email: 'admin@demo.test', ...unused },
      // The organization's own (deleted) user, whom its manager can list: skipped as before.
      {
        index: 3,
        email: 'victor@demo.test',
        status: 'skip',
        reason: messages.importUserExists,
        inviteId: null,
      },
      { index: 4, email: 'stranger@batch.test', ...unused },
    ]);
    // The seats count them as the new trainee invites they would be.
    expect(planned).toMatchObject({ created: 4, resent: 0, skipped: 1, seats: { needed: 2 } });
    expect(dry.json().message).toBe(format.invitesImportPreview(4, 0, 1));

    const admin = await call('POST', url, 'admin', {
      organizationId: org.demo,
      dryRun: true,
      rows: rows(),
    });
    expect(admin.statusCode).toBe(200);
    expect((admin.json().data as InviteBatchResult).rows.map((r) => r.status)).toEqual([
      'skip',
      'skip',
      'skip',
      'skip',
      'create',
    ]);
    expect(await totals()).toEqual(before);
  });

  it("a manager's send invites them like anyone (the answer as the dry run's), and registering says the address is taken", async () => {
    const sent = await call('POST', url, 'manager', { organizationId: org.demo, rows: rows() });
    expect(sent.statusCode, sent.body).toBe(200);
    const result = sent.json().data as InviteBatchResult;
    expect(result.rows.map((r) => r.status)).toEqual([
      'create',
      'create',
      'create',
      'skip',
      'create',
    ]);
    expect(result.rows.every((r) => (r.status === 'create') === (r.inviteId !== null))).toBe(true);
    expect(await invitesTo(foreign)).toBe(3);
    expect(await mailsTo(foreign)).toBe(3);
    // The person holding the link learns that their address has an account; the manager does not.
    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'nina@demo.test'));
    const token = /\/invite-registration\/([\w-]+)/.exec(mail!.textBody)![1]!;
    const accept = await call('POST', '/api/invites/accept', undefined, {
      firstName: 'Nina',
      lastName: 'Novak',
      email: 'nina@demo.test',
      token,
      password: 'secret1',
    });
    expect(accept.statusCode).toBe(409);
    expect(accept.json().message).toBe(messages.emailAlreadyInUse);
  });
});

describe('POST /api/invites/batch: trainee seats for the whole batch', () => {
  it('passes with exactly the free seats; one more trainee is 409 with the message and nothing written', async () => {
    const id = await newOrganization(4);
    const one = await call('POST', '/api/invites', 'admin', {
      organizationId: id,
      roleId: Role.Trainee,
      firstName: 'Seat',
      lastName: 'Holder',
      email: 'holder@seats.test',
    });
    expect(one.statusCode).toBe(200);
    // 3 free: three new trainees (+ managers and instructors, who need no seat) and the pending one.
    const fits = [
      ...rowsOf('fit', 3).map((r) => ({ ...r, email: r.email.replace('batch', 'seats') })),
      row('holder@seats.test'),
      row('lead@seats.test', { roleId: Role.Manager }),
      row('coach@seats.test', { roleId: Role.Instructor }),
    ];
    const over = [...fits, row('extra@seats.test')];
    const before = await totals();
    const refused = await call('POST', url, 'admin', { organizationId: id, rows: over });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(format.importSeatsExceeded(3, 4));
    expect(refused.json().data).toMatchObject({ seats: { free: 3, needed: 4 }, created: 6 });
    expect(await totals()).toEqual(before);
    expect(await openInvites(id)).toBe(1);
    // The dry run says so too (200: the preview shows how many fit).
    const dry = await call('POST', url, 'admin', { organizationId: id, dryRun: true, rows: over });
    expect(dry.statusCode).toBe(200);
    expect(dry.json().message).toBe(format.importSeatsExceeded(3, 4));
    expect(dry.json().data.seats).toEqual({ free: 3, needed: 4 });

    const sent = await call('POST', url, 'admin', { organizationId: id, rows: fits });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toMatchObject({
      created: 5,
      resent: 1,
      skipped: 0,
      seats: { free: 3, needed: 3 },
    });
    expect(await openInvites(id)).toBe(6);
    const detail = (await call('GET', `/api/organizations/${id}`, 'admin')).json().data;
    expect(detail.seatsUsed).toBe(4);
  });

  it('counts an expired trainee invite it renews as a seat it needs', async () => {
    const id = await newOrganization(2);
    const first = await call('POST', '/api/invites', 'admin', {
      organizationId: id,
      roleId: Role.Trainee,
      firstName: 'Old',
      lastName: 'Invite',
      email: 'old@expired.test',
    });
    expect(first.statusCode).toBe(200);
    await db()
      .update(invites)
      .set({ expirationDate: sql`now() - interval '1 day'` })
      .where(eq(invites.id, first.json().data.id));
    const rows = [row('old@expired.test'), row('new1@expired.test'), row('new2@expired.test')];
    const refused = await call('POST', url, 'admin', { organizationId: id, rows });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(format.importSeatsExceeded(2, 3));
    const sent = await call('POST', url, 'admin', { organizationId: id, rows: rows.slice(0, 2) });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toMatchObject({
      created: 1,
      resent: 1,
      seats: { free: 2, needed: 2 },
    });
    const [renewed] = await db().select().from(invites).where(eq(invites.id, first.json().data.id));
    expect(renewed!.expirationDate.getTime()).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);
  });

  it('never exceeds the seats under concurrent batches: 3 batches of 5 against 10 free seats store exactly 10', async () => {
    const id = await newOrganization(10);
    const batches = [0, 1, 2].map((b) =>
      Array.from({ length: 5 }, (_, i) => row(`b${b}-${i}@race.test`)),
    );
    const results = await Promise.all(
      batches.map((rows) => call('POST', url, 'admin', { organizationId: id, rows })),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 409]);
    const refused = results.find((r) => r.statusCode === 409)!;
    expect(refused.json().message).toBe(format.importSeatsExceeded(0, 5));
    expect(await openInvites(id)).toBe(10);
    const emails = batches.flat().map((r) => r.email);
    expect(await mailsTo(emails)).toBe(10);
    const detail = (await call('GET', `/api/organizations/${id}`, 'admin')).json().data;
    expect(detail.seatsUsed).toBe(10);
  });
});

describe('POST /api/invites/batch: a fixed number of statements', () => {
  it('runs as many SQL statements for 400 rows as for 4 (over HTTP, with the statement counter)', async () => {
    const id = await newOrganization(1000);
    const setup = await call('POST', url, 'admin', {
      organizationId: id,
      rows: [...rowsOf('pending', 100), row('one-pending@batch.test')],
    });
    expect(setup.statusCode).toBe(200);
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const send = async (rows: Row[]) => {
      const res = await fetch(`${address}${url}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${demo.tokens['admin']}`,
        },
        body: JSON.stringify({ organizationId: id, rows }),
      });
      expect(res.status).toBe(200);
      const data = ((await res.json()) as { data: InviteBatchResult }).data;
      return { statements: Number(res.headers.get('x-sql-count')), data };
    };
    // Each batch: new invites, a re-send and a skipped user.
    const small = await send([
      ...rowsOf('small', 2),
      row('one-pending@batch.test'),
      row('tessa@demo.test'),
    ]);
    const large = await send([
      ...rowsOf('large', 300),
      ...rowsOf('pending', 100),
      row('tessa@demo.test'),
      row('trainee@demo.test'),
    ]);
    expect(small.data).toMatchObject({ created: 2, resent: 1, skipped: 1 });
    expect(large.data).toMatchObject({ created: 300, resent: 100, skipped: 2 });
    console.log(`invite batch: ${small.statements} SQL statements for 4 rows and for 402`);
    expect(small.statements).toBeGreaterThan(0);
    expect(large.statements).toBe(small.statements);
  });
});

describe('POST /api/invites/batch: rate limited per user', () => {
  let limited: TestContext;
  const session = emptyDemoFixture();
  beforeAll(async () => {
    limited = await buildTestApp({
      INVITE_BATCH_CHECKS_PER_MINUTE: '3',
      INVITE_BATCH_SENDS_PER_MINUTE: '2',
    });
    await loadDemoFixture(limited, session);
  });
  afterAll(() => limited.close());

  const expect429 = (res: Awaited<ReturnType<typeof session.call>>) => {
    expect(res.statusCode, res.body).toBe(429);
    const wait = Number(res.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(res.json()).toMatchObject({
      success: false,
      data: null,
      error: { code: 'RATE_LIMITED', message: messages.tooManyRequests },
    });
  };
  const check = (who: string, email: string) =>
    session.call('POST', url, who, {
      organizationId: session.org.demo,
      dryRun: true,
      rows: [row(email)],
    });
  const send = (who: string, email: string) =>
    session.call('POST', url, who, {
      organizationId: session.org.demo,
      rows: [row(email, { roleId: Role.Instructor })],
    });

  it('answers 429 with Retry-After past the dry runs a minute; sends and other users count apart', async () => {
    for (let i = 0; i < 3; i += 1)
      expect((await check('manager', `probe${i}@limit.test`)).statusCode).toBe(200);
    expect429(await check('manager', 'probe3@limit.test'));
    // Another user has their own allowance.
    expect((await check('admin', 'probe4@limit.test')).statusCode).toBe(200);

    // Sends have their own, smaller allowance; the refused send writes nothing.
    expect((await send('manager', 'sent0@limit.test')).statusCode).toBe(200);
    expect((await send('manager', 'sent1@limit.test')).statusCode).toBe(200);
    expect429(await send('manager', 'sent2@limit.test'));
    const stored = await limited.testDb.database.db
      .select({ email: invites.email })
      .from(invites)
      .where(inArray(invites.email, ['sent0@limit.test', 'sent1@limit.test', 'sent2@limit.test']));
    expect(stored.map((r) => r.email).sort()).toEqual(['sent0@limit.test', 'sent1@limit.test']);
  });
});
