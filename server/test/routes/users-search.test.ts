/**
 * The users search (000 §5: first name, last name or email, ignoring case): the text matches
 * literally — `%`, `_` and `\` are characters, not wildcards — within the first name, the last
 * name, "first last" or the email, whether or not the trigram index can serve it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isNull } from 'drizzle-orm';
import { Role } from '@practica/contract';
import { users } from '../../src/db/schema/index.js';
import { bearer, buildTestApp, tokenFor, type TestContext } from '../helpers/build.js';
import { userRow } from '../helpers/users.js';

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await buildTestApp();
  token = await tokenFor(ctx.app, 'admin@demo.test');
  const organizationId = (await userRow(ctx.testDb.database.db, 'manager@demo.test'))!
    .organizationId;
  const people: [string, string, string][] = [
    ['Ann_a', 'Fifty 50%_x', 'ann_a@search.test'],
    ['Annza', 'Fifty 50abx', 'annza@search.test'],
    ['Back\\slash', 'O%e', 'back.slash@search.test'],
    ['Boe', 'Oxe', 'boe%oxe@search.test'],
    ['Multi', 'Line\nName', 'multi@search.test'],
  ];
  await ctx.testDb.database.db.insert(users).values(
    people.map(([firstName, lastName, email]) => ({
      firstName,
      lastName,
      email,
      passwordHash: 'x',
      roleId: Role.Trainee,
      organizationId,
    })),
  );
});
afterAll(() => ctx.close());

/** The emails the search should find: the text within first, last, "first last" or email. */
async function expected(text: string): Promise<string[]> {
  const rows = await ctx.testDb.database.db.select().from(users).where(isNull(users.deletedAt));
  const t = text.toLowerCase();
  return rows
    .filter((u) =>
      [u.firstName, u.lastName, `${u.firstName} ${u.lastName}`, u.email].some((s) =>
        s.toLowerCase().includes(t),
      ),
    )
    .map((u) => u.email)
    .sort();
}

describe('GET /api/users?search=', () => {
  it.each([
    ['50%_x', ['ann_a@search.test']], // wildcards are literal (with trigrams)
    ['n_a', ['ann_a@search.test']], // and without any
    ['o%e', ['back.slash@search.test']],
    ['e%o', ['boe%oxe@search.test']],
    ['k\\s', ['back.slash@search.test']],
    ['A FIFTY 50', ['ann_a@search.test', 'annza@search.test']], // "first last", any case
    ['e o', ['boe%oxe@search.test']], // "first last" without a trigram
    ['oxe boe', []], // not "last first"
    ['50abx@', []], // nor last name and email as one text
    ['E\nn', ['multi@search.test']], // a line break: matched field by field
  ])('finds %j literally', async (text, emails) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/users?pageSize=100&search=${encodeURIComponent(text)}`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { list: { email: string }[]; count: number };
    const found = data.list.map((u) => u.email).sort();
    expect(found.filter((e) => e.endsWith('@search.test'))).toEqual(emails);
    expect(found).toEqual(await expected(text));
    expect(data.count).toBe(found.length);
  });
});

describe('GET /api/users?search= across pages', () => {
  it('pages through the matches in list order (last name, first name, id) with their total', async () => {
    // 60 matching users whose names repeat, so the id breaks ties; and one that does not match.
    const organizationId = (await userRow(ctx.testDb.database.db, 'manager@demo.test'))!
      .organizationId;
    await ctx.testDb.database.db.insert(users).values([
      ...Array.from({ length: 60 }, (_, i) => ({
        firstName: `Pager${i % 3}`,
        lastName: `Zedpage${(i * 7) % 5}`,
        email: `pager.${i}@paging.test`,
        passwordHash: 'x',
        roleId: Role.Trainee,
        organizationId,
      })),
      {
        firstName: 'Other',
        lastName: 'Person',
        email: 'other@paging-none.test',
        passwordHash: 'x',
        roleId: Role.Trainee,
        organizationId,
      },
    ]);
    const all = (await ctx.testDb.database.db.select().from(users))
      .filter((u) => u.deletedAt === null && u.email.endsWith('@paging.test'))
      .sort(
        (a, b) =>
          a.lastName.localeCompare(b.lastName) ||
          a.firstName.localeCompare(b.firstName) ||
          a.id - b.id,
      )
      .map((u) => u.email);
    const pages = [];
    for (const page of [1, 2, 3]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/users?search=paging.test&page=${page}&pageSize=25`,
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(200);
      const data = res.json().data as { list: { email: string }[]; count: number };
      expect(data.count).toBe(60);
      pages.push(data.list.map((u) => u.email));
    }
    expect(pages.map((p) => p.length)).toEqual([25, 25, 10]);
    expect(pages.flat()).toEqual(all);
    const past = await ctx.app.inject({
      method: 'GET',
      url: '/api/users?search=paging.test&page=4&pageSize=25',
      headers: bearer(token),
    });
    expect(past.json().data).toMatchObject({ list: [], count: 60 });
  });
});
