/**
 * QueryShape (db/query-shape.ts): the key of a statement prepared by shape is derived from what
 * its WHERE was built of, so that two calls share a statement only when their SQL is the same —
 * whatever was bound, flagged or written inline.
 */
import { and, asc, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryShape } from '../src/db/query-shape.js';
import { contacts, organizations } from '../src/db/schema/index.js';
import { createTestDatabase, type TestDatabase } from './helpers/database.js';

let t: TestDatabase;
let ids: Record<'alpha' | 'beta' | 'gamma', number>;

beforeAll(async () => {
  t = await createTestDatabase();
  const { db } = t.database;
  const [contact] = await db
    .insert(contacts)
    .values({ firstName: 'C', lastName: 'P', email: 'c@x.test', phoneNumber: '1' })
    .returning({ id: contacts.id });
  const rows = await db
    .insert(organizations)
    .values(
      (['alpha', 'beta', 'gamma'] as const).map((name, i) => ({
        name,
        address: `${i} Street`,
        contactId: contact!.id,
        active: name !== 'gamma',
      })),
    )
    .returning({ id: organizations.id, name: organizations.name });
  ids = Object.fromEntries(rows.map((r) => [r.name, r.id])) as typeof ids;
});

afterAll(async () => {
  await t.drop();
});

/**
 * Runs the statement of `shape` whose WHERE is `where` (built through `shape`): the organizations'
 * names in id order, and whether this call built (prepared) a statement.
 */
async function names(shape: QueryShape, where: SQL | undefined) {
  const { db } = t.database;
  let built = false;
  const query = shape.prepared(db, (name) => {
    built = true;
    return db
      .select({ name: organizations.name })
      .from(organizations)
      .where(where)
      .orderBy(asc(organizations.id))
      .prepare(name);
  });
  const rows = await query.execute(shape.values);
  return { names: rows.map((r) => r.name), built };
}

/** A shape named `name` whose WHERE is `build(shape)`, recorded. */
function shaped(name: string, build: (q: QueryShape) => SQL | undefined) {
  const q = new QueryShape(name);
  return { q, where: q.where(build(q)) };
}

describe('QueryShape', () => {
  it('shares one statement between calls binding other values, each answering its own rows', async () => {
    const byId = (id: number) => shaped('test.byId', (q) => eq(organizations.id, q.bind('id', id)));
    const a = byId(ids.alpha);
    const b = byId(ids.beta);
    expect(a.q.key).toBe(b.q.key);
    expect(await names(a.q, a.where)).toEqual({ names: ['alpha'], built: true });
    expect(await names(b.q, b.where)).toEqual({ names: ['beta'], built: false });
  });

  it('keys a condition added without bind by its value: never another value’s statement', async () => {
    // The organization written into the SQL instead of bound: still one statement per value.
    const inline = (id: number) => shaped('test.inline', () => eq(organizations.id, id));
    const a = inline(ids.alpha);
    const b = inline(ids.beta);
    expect(a.q.key).not.toBe(b.q.key);
    expect(await names(a.q, a.where)).toEqual({ names: ['alpha'], built: true });
    expect(await names(b.q, b.where)).toEqual({ names: ['beta'], built: true });
    // An unbound condition beside bound ones, and one in raw SQL, are keyed the same way.
    const mixed = (active: boolean) =>
      shaped('test.mixed', (q) =>
        and(
          inArray(organizations.id, [q.bind('a', ids.alpha), q.bind('b', ids.gamma)]),
          sql`${organizations.active} = ${active}`,
        ),
      );
    const on = mixed(true);
    const off = mixed(false);
    expect(on.q.key).not.toBe(off.q.key);
    expect((await names(on.q, on.where)).names).toEqual(['alpha']);
    expect((await names(off.q, off.where)).names).toEqual(['gamma']);
  });

  it('keys the WHERE’s structure, not only the names bound in it', async () => {
    const keyOf = (build: (q: QueryShape) => SQL | undefined) => shaped('test.where', build).q.key;
    const keys = [
      keyOf((q) => eq(organizations.id, q.bind('x', 1))),
      keyOf((q) => ne(organizations.id, q.bind('x', 1))),
      keyOf((q) => eq(organizations.userSeats, q.bind('x', 1))),
      keyOf((q) => eq(contacts.id, q.bind('x', 1))),
      keyOf((q) => and(eq(organizations.id, q.bind('x', 1)), eq(organizations.active, true))),
      keyOf((q) => ilike(organizations.name, q.bind('x', '%a%'))),
      keyOf((q) => sql`${organizations.name} = ${q.bind('x', 'a')}`),
      keyOf((q) => sql`${organizations.name} = ${q.bind('x', 'a')} `),
      keyOf(() => sql`${organizations.name} = ${sql.identifier('x')}`),
      keyOf(() => sql`${organizations.name} = ${sql.identifier('y')}`),
      keyOf(() => undefined),
    ];
    expect(new Set(keys).size).toBe(keys.length);
    // The same condition built twice is the same key.
    expect(keyOf((q) => eq(organizations.id, q.bind('x', 1)))).toBe(keys[0]);
  });

  it('keys the flags and bound names, in order; a name is bound once, limit and offset never', () => {
    const key = (build: (q: QueryShape) => void) => {
      const q = new QueryShape('test.flags');
      build(q);
      return q.key;
    };
    const keys = [
      key((q) => q.flag('firstPage', true)),
      key((q) => q.flag('firstPage', false)),
      key((q) => q.flag('detail', 'members')),
      key((q) => q.bind('first', 10)),
      key((q) => q.bind('after', 10)),
      key((q) => (q.bind('a', 1), q.bind('b', 2))),
      key((q) => (q.bind('b', 2), q.bind('a', 1))),
      key(() => undefined),
    ];
    expect(new Set(keys).size).toBe(keys.length);
    expect(new QueryShape('test.one').key).not.toBe(new QueryShape('test.other').key);
    const q = new QueryShape('test.twice');
    expect(q.flag('n', 3)).toBe(3);
    q.bind('id', 1);
    expect(() => q.bind('id', 2)).toThrow(/bound twice/);
    // The page window's placeholders are filled by `readPage`, never bound.
    expect(() => q.bind('limit', 25)).toThrow(/page window/);
    expect(() => q.bind('offset', 0)).toThrow(/page window/);
    expect(q.values).toEqual({ id: 1 });
  });
});
