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
