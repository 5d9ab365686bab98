/**
 * decisions.md#hardening §11 and §12 through the routes: control characters in names, titles and emails are a
 * 400 that writes and mails nothing (multi-line texts keep their line breaks); ids, pages and enum
 * ids are plain whole numbers ('/users/0x2' is not user 2); and a refusal's message is a sentence
 * of the catalogue, never a validator's own text such as 'Invalid input: expected number,
 * received NaN' or Fastify's 'Unsupported Media Type'.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { ContentStatus, messages, Role } from '@practica/contract';
import { groups, invites, mailOutbox, users } from '../../src/db/schema/index.js';
import { bearer, buildTestApp, type TestContext } from '../helpers/build.js';
import { emptyDemoFixture, loadDemoFixture } from '../helpers/demo-fixture.js';
import { validatorText } from './fuzz-harness.js';

let ctx: TestContext;
const demo = emptyDemoFixture();
const { ids: id, org, groups: group, tokens, call } = demo;
beforeAll(async () => {
  ctx = await buildTestApp();
  await loadDemoFixture(ctx, demo);
});
afterAll(() => ctx.close());

const db = () => ctx.testDb.database.db;
const rows = async (table: typeof users | typeof invites | typeof groups | typeof mailOutbox) =>
  (await db().select({ n: count() }).from(table))[0]!.n;

interface Refusal {
  statusCode: number;
  json(): { message: string; error: { details?: { path: string; message: string }[] } };
}
/** The refusal is a 400 naming `path` with `message`. */
function expectRefusedAt(res: Refusal, path: string, message: string) {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(400);
  expect(res.json().error.details).toContainEqual({ path, message });
}

const person = { firstName: 'Eve', lastName: 'Example', email: 'eve@example.test' };
const line = messages.lineHasControlCharacters;
const text = messages.textHasControlCharacters;

describe('§11 control characters in names, titles and emails', () => {
  it('an invite with a header injected in a name or the email is refused and mails nothing', async () => {
    const before = await Promise.all([rows(invites), rows(mailOutbox)]);
    const invite = { ...person, organizationId: org.demo, roleId: Role.Trainee };
    for (const [field, value] of [
      ['firstName', 'Eve\r\nBcc: victim@example.test'],
      ['lastName', 'Example\n'],
      ['lastName', '\u202Etxt.exe'],
      ['email', 'eve@example.test\r\nBcc: victim@example.test'],
      ['email', 'eve\u0000@example.test'],
    ] as const) {
      const res = await call('POST', '/api/invites', 'manager', { ...invite, [field]: value });
      expectRefusedAt(res, field, line);
    }
    expect(await Promise.all([rows(invites), rows(mailOutbox)])).toEqual(before);
  });

  it('user names, a new email and a new user are refused the same way', async () => {
    const res = await call('PUT', `/api/users/${id['trainee']}`, 'admin', {
      firstName: 'Tr\u2066ainee',
      lastName: 'Demo',
    });
    expectRefusedAt(res, 'firstName', line);
    expectRefusedAt(
      await call('PUT', `/api/users/${id['trainee']}/update-email`, 'admin', {
        email: 'new@example.test\nBcc: victim@example.test',
      }),
      'email',
      line,
    );
    const before = await rows(users);
    expectRefusedAt(
      await call('POST', `/api/users?roleId=${Role.Admin}`, 'admin', {
        ...person,
        lastName: 'Ex\u0085ample',
      }),
      'lastName',
      line,
    );
    expect(await rows(users)).toBe(before);
  });

  it('sign-in refuses an email with a line break instead of trimming it away', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { email: 'admin@demo.test\r\n', password: 'whatever' },
    });
    expectRefusedAt(res as unknown as Refusal, 'email', line);
  });

  it('a group name refuses a line break; its description keeps one and refuses a bidi override', async () => {
    const base = { organizationId: org.demo, description: 'About it' };
    expectRefusedAt(
      await call('POST', '/api/groups', 'manager', { ...base, name: 'Cohort\nC' }),
      'name',
      line,
    );
    expectRefusedAt(
      await call('POST', '/api/groups', 'manager', {
        ...base,
        name: 'Cohort C',
        description: 'About \u202Eit',
      }),
      'description',
      text,
    );
    expectRefusedAt(
      await call('PUT', `/api/groups/${group['Cohort A']}`, 'manager', {
        name: 'Cohort\tA',
        description: 'About it',
      }),
      'name',
      line,
    );
    const ok = await call('POST', '/api/groups', 'manager', {
      ...base,
      name: 'Cohort C',
      description: 'Line one\r\nLine two\twith a tab',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const [row] = await db()
      .select({ description: groups.description })
      .from(groups)
      .where(eq(groups.name, 'Cohort C'));
    expect(row?.description).toBe('Line one\r\nLine two\twith a tab');
  });

  it('organization, contact, content, question, asset, assignment and file names refuse controls', async () => {
    const contact = { ...person, phoneNumber: '0123456789' };
    const organization = { name: 'Acme', address: 'Main street 1', contact };
    const cases: [string, string, string, object, string, string][] = [
      [
        'POST',
        '/api/organizations',
        'admin',
        { ...organization, name: 'Ac\u0000me' },
        'name',
        line,
      ],
      [
        'POST',
        '/api/organizations',
        'admin',
        { ...organization, contact: { ...contact, firstName: 'E\tve' } },
        'contact.firstName',
        line,
      ],
      [
        'POST',
        '/api/interviews',
        'instructor',
        { name: 'Interview\r', description: 'About it', roles: [{ name: 'Client' }] },
        'name',
        line,
      ],
      [
        'POST',
        '/api/interviews',
        'instructor',
        { name: 'Interview', description: 'About it', roles: [{ name: 'Cli\u202Dent' }] },
        'roles.0.name',
        line,
      ],
      [
        'POST',
        '/api/questionnaires?contentTypeId=2',
        'instructor',
        { name: 'Rating\u2067', description: 'About it' },
        'name',
        line,
      ],
      [
        'POST',
        '/api/questions?contentId=1',
        'instructor',
        { text: 'Why\u0007?', questionTypeId: 1 },
        'text',
        text,
      ],
      [
        'POST',
        '/api/assets/1',
        'admin',
        { name: 'Ava\u009Btar', description: 'About it', imageId: 1 },
        'name',
        line,
      ],
      [
        'POST',
        '/api/assignments/interview',
        'manager',
        { name: 'Assignment\r', description: 'About it' },
        'name',
        line,
      ],
      [
        'POST',
        '/api/files/upload',
        'manager',
        { name: 'photo\r\n.png', extension: 'png', fileTypeId: 1, size: 100 },
        'name',
        line,
      ],
    ];
    for (const [method, url, who, payload, path, message] of cases) {
      const res = await call(method as 'POST', url, who, payload);
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(400);
      expect(res.json().error.details, `${method} ${url}`).toContainEqual({ path, message });
    }
  });
});

describe('§12 ids, pages and enum ids are plain whole numbers', () => {
  it("'/users/0x2', '/users/%202', '/users/2.0', '/users/+2', '/users/2e0' are a 400, not the user", async () => {
    const trainee = id['trainee']!;
    expect((await call('GET', `/api/users/${trainee}`, 'admin')).statusCode).toBe(200);
    for (const spelled of [
      `0x${trainee.toString(16)}`,
      `%20${trainee}`,
      `${trainee}.0`,
      `+${trainee}`,
      `%2B${trainee}`,
      `${trainee}e0`,
      `0${trainee}`,
    ]) {
      const res = await call('GET', `/api/users/${spelled}`, 'admin');
      expect(res.statusCode, `/users/${spelled}`).toBe(400);
      expect(res.json().message).toBe(messages.idInvalid);
    }
  });

  it('page, pageSize, filters and status ids take no other spelling either', async () => {
    const cases: [string, string][] = [
      ['/api/users?page=0x1', messages.pageInvalid],
      ['/api/users?page=1.0', messages.pageInvalid],
      ['/api/users?pageSize=2.5e1', messages.pageSizeInvalid],
      ['/api/users?pageSize=%2025', messages.pageSizeInvalid],
      [`/api/users?organizationId=${org.demo}.0`, messages.idInvalid],
      ['/api/users?roles=0x4', messages.roleInvalid],
      ['/api/users?deleted=1e0', messages.validationFailed],
      [`/api/organizations/${org.demo}/contents?status=+3`, messages.validationFailed],
      [`/api/organizations/${org.demo}/contents?contentTypeId=0x1`, messages.validationFailed],
      ['/api/interviews?status=3.0', messages.validationFailed],
      ['/api/assignments?status=0x3', messages.validationFailed],
      ['/api/assets?typeId=1.0', messages.validationFailed],
    ];
    for (const [url, message] of cases) {
      const res = await call('GET', url, 'admin');
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toBe(message);
    }
    const status = await call(
      'PUT',
      `/api/contents/1/status?statusId=0x${ContentStatus.Inactive}`,
      'admin',
    );
    expect(status.statusCode).toBe(400);
  });
});

describe('§12 every refusal speaks a sentence, never a validator text', () => {
  it('queries and bodies without their own message answer a human sentence', async () => {
    const junk: [string, string, object | undefined][] = [
      ['GET', `/api/organizations/${org.demo}/contents?status=abc`, undefined],
      [`GET`, `/api/organizations/${org.demo}/contents?contentTypeId=abc`, undefined],
      ['GET', '/api/users?deleted=abc', undefined],
      ['GET', '/api/groups?includeUsers=maybe', undefined],
      ['POST', '/api/users?roleId=abc', person],
      ['PUT', `/api/groups/${group['Cohort A']}/add`, { ids: [1.5] }],
      ['PUT', `/api/groups/${group['Cohort A']}/add`, { ids: 'all' }],
      ['POST', '/api/groups', { organizationId: org.demo, name: 1, description: [] }],
      ['POST', '/api/questions?contentId=1', { text: 'Why?', questionTypeId: 1, tags: 'x' }],
      ['PUT', `/api/organizations/${org.demo}/seats`, { userSeats: 'many' }],
    ];
    for (const [method, url, payload] of junk) {
      const res = await call(method as 'GET', url, 'admin', payload);
      const body = res.json() as { message: string; error: { details?: { message: string }[] } };
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      for (const message of [body.message, ...(body.error.details ?? []).map((d) => d.message)]) {
        expect(message, `${method} ${url}: ${message}`).not.toMatch(validatorText);
      }
    }
  });

  it("Fastify's own refusals (broken JSON, a wrong content type) answer a sentence too", async () => {
    const send = (payload: string, contentType: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/groups',
        headers: { ...bearer(tokens['manager']!), 'content-type': contentType },
        payload,
      });
    for (const res of [
      await send('{"name":', 'application/json'),
      await send('{"__proto__":{"x":1}}', 'application/json'),
      await send('name=x', 'application/x-www-form-urlencoded'),
      await send('<group/>', 'application/xml'),
    ]) {
      expect(res.statusCode).toBe(400);
      const { message } = res.json() as { message: string };
      expect(message).not.toMatch(validatorText);
      expect(Object.values(messages)).toContain(message);
    }
  });
});
