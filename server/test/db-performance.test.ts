/**
 * The database client's performance helpers: prepared selects answer Drizzle's own rows, through
 * the private fields of the pinned drizzle-orm; a statement prepared by shape is shared only by
 * calls whose WHERE is built the same (QueryShape); the opt-in statement counter; named statements
 * on PostgreSQL.
 */
import { readFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { and, asc, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { npmVersion } from 'drizzle-orm/version';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  compileRowMapper,
  decoderOf,
  preparedQuery,
  type DrizzlePreparedSelect,
} from '../src/db/prepared-queries.js';
import { QueryShape } from '../src/db/query-shape.js';
import { contacts, organizations } from '../src/db/schema/index.js';
import { statementCounterFromEnv } from '../src/db/statement-counter.js';
import { createTestDatabase, onPostgres, type TestDatabase } from './helpers/database.js';

let t: TestDatabase;
let orgIds: number[] = [];

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
      ['Beta', 'alpha', 'Gamma'].map((name, i) => ({
        name,
        address: `${i} Street`,
        contactId: contact!.id,
        userSeats: 10 + i,
        active: i !== 2,
        createdAt: new Date(Date.UTC(2025, 0, 1 + i, 12, 30, 15, 123)),
      })),
    )
    .returning({ id: organizations.id });
  orgIds = rows.map((r) => r.id);
});

afterAll(async () => {
  await t.drop();
});

/** Columns of several types, a joined column, and raw SQL with and without a decoder. */
const fields = {
  id: organizations.id,
  name: organizations.name,
  userSeats: organizations.userSeats,
  active: organizations.active,
  createdAt: organizations.createdAt,
  contactEmail: contacts.email,
  upper: sql<string>`upper(${organizations.name})`,
  seatsTimesTwo: sql<number>`${organizations.userSeats} * 2`.mapWith(Number),
};

describe('compileRowMapper', () => {
  // Flat fields of every kind a hot list selects: `fields` (its joined column null when the join
  // finds nothing), a nullable timestamp and an aliased SQL.
  const select = () =>
    t.database.db
      .select({
        ...fields,
        maybeDate:
          sql<Date | null>`case when ${organizations.active} then ${organizations.createdAt} end`.mapWith(
            organizations.createdAt,
          ),
        total: sql<number>`count(*) over()`.mapWith(Number).as('total'),
      })
      .from(organizations)
      .leftJoin(
        contacts,
        eq(contacts.id, sql`${organizations.contactId} + ${sql.placeholder('shift')}`),
      )
      .orderBy(asc(organizations.id));

  it("answers the rows Drizzle's own mapping answers, value for value", async () => {
    const plain = select().prepare('row_mapper_plain');
    const compiled = select().prepare('row_mapper_compiled');
    compileRowMapper(compiled);
    expect(
      (compiled as unknown as { customResultMapper?: unknown }).customResultMapper,
    ).toBeDefined();
    for (const shift of [0, 1000]) {
      const expected = await plain.execute({ shift });
      expect(expected).toHaveLength(3);
      const rows = await compiled.execute({ shift });
      expect(rows).toEqual(expected);
      expect(rows[0]!.createdAt).toBeInstanceOf(Date);
      expect(typeof rows[0]!.total).toBe('number');
      expect(rows.map((r) => r.contactEmail)).toEqual(
        shift === 0 ? ['c@x.test', 'c@x.test', 'c@x.test'] : [null, null, null],
      );
      expect(rows.map((r) => r.maybeDate === null)).toEqual([false, false, true]);
    }
  });

  it('leaves a select with nested objects to Drizzle (it nulls a left-joined object)', async () => {
    const nested = t.database.db
      .select({ id: organizations.id, contact: { email: contacts.email } })
      .from(organizations)
      .leftJoin(contacts, eq(contacts.id, sql`${organizations.contactId} + 1000`))
      .prepare('row_mapper_nested');
    compileRowMapper(nested);
    expect(
      (nested as unknown as { customResultMapper?: unknown }).customResultMapper,
    ).toBeUndefined();
    expect((await nested.execute()).map((r) => r.contact)).toEqual([null, null, null]);
  });

  it('is what preparedQuery gives its queries', () => {
    const query = preparedQuery(t.database.db, 'row-mapper-test', (name) => select().prepare(name));
    expect((query as unknown as { customResultMapper?: unknown }).customResultMapper).toBeDefined();
  });

  it('reads only what the pinned drizzle-orm has: an upgrade fails here first', async () => {
    // server/package.json pins the exact version installed; a new one must pass this test.
    const manifest = JSON.parse(
      readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
    ) as { dependencies: Record<string, string> };
    expect(manifest.dependencies['drizzle-orm']).toBe(npmVersion);
    // A prepared select of this driver (PGlite or node-postgres) holds the fields read: its
    // selected fields with their paths, array rows, and no mapper of its own.
    const prepared = select().prepare('row_mapper_internals');
    const internals = prepared as unknown as DrizzlePreparedSelect;
    expect(internals.queryConfig?.rowMode).toBe('array');
    expect(internals.customResultMapper).toBeUndefined();
    expect(internals.fields?.map((f) => f.path)).toEqual(
      [...Object.keys(fields), 'maybeDate', 'total'].map((key) => [key]),
    );
    for (const { field } of internals.fields!)
      expect(typeof decoderOf(field).mapFromDriverValue).toBe('function');
    // Executing hands the mapper the driver's array rows and answers what the mapper answers.
    compileRowMapper(prepared);
    const mapper = internals.customResultMapper!;
    const handed: unknown[][][] = [];
    internals.customResultMapper = (rows) => {
      handed.push(rows);
      return mapper(rows);
    };
    const rows = await prepared.execute({ shift: 0 });
    expect(handed).toHaveLength(1);
    expect(handed[0]!.every((row) => Array.isArray(row) && row.length === 10)).toBe(true);
    expect(rows).toEqual(mapper(handed[0]!));
  });
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
    const a = byId(orgIds[0]!);
    const b = byId(orgIds[1]!);
    expect(a.q.key).toBe(b.q.key);
    expect(await names(a.q, a.where)).toEqual({ names: ['Beta'], built: true });
    expect(await names(b.q, b.where)).toEqual({ names: ['alpha'], built: false });
  });

  it('keys a condition added without bind by its value: never another value’s statement', async () => {
    // The organization written into the SQL instead of bound: still one statement per value.
    const inline = (id: number) => shaped('test.inline', () => eq(organizations.id, id));
    const a = inline(orgIds[0]!);
    const b = inline(orgIds[1]!);
    expect(a.q.key).not.toBe(b.q.key);
    expect(await names(a.q, a.where)).toEqual({ names: ['Beta'], built: true });
    expect(await names(b.q, b.where)).toEqual({ names: ['alpha'], built: true });
    // An unbound condition beside bound ones, and one in raw SQL, are keyed the same way.
    const mixed = (active: boolean) =>
      shaped('test.mixed', (q) =>
        and(
          inArray(organizations.id, [q.bind('a', orgIds[0]!), q.bind('b', orgIds[2]!)]),
          sql`${organizations.active} = ${active}`,
        ),
      );
    const on = mixed(true);
    const off = mixed(false);
    expect(on.q.key).not.toBe(off.q.key);
    expect((await names(on.q, on.where)).names).toEqual(['Beta']);
    expect((await names(off.q, off.where)).names).toEqual(['Gamma']);
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

describe('statementCounterFromEnv', () => {
  it('installs nothing unless BENCH_SQL_COUNT=1', () => {
    expect(statementCounterFromEnv({})).toBeUndefined();
    expect(statementCounterFromEnv({ BENCH_SQL_COUNT: '0' })).toBeUndefined();
  });

  it('counts the statements of each HTTP request in x-sql-count, and lists them on request', async () => {
    const logger = statementCounterFromEnv({ BENCH_SQL_COUNT: '1' })!;
    const server = createServer((_req, res) => {
      logger.logQuery('select 1', []);
      setTimeout(() => {
        logger.logQuery('select $1', [2]);
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('ok');
      }, 5);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const get = (headers: Record<string, string> = {}) =>
      new Promise<Record<string, string | string[] | undefined>>((resolve, reject) => {
        request({ host: '127.0.0.1', port, path: '/', headers }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.headers));
        })
          .on('error', reject)
          .end();
      });
    try {
      const [a, b] = await Promise.all([get(), get({ 'x-sql-statements': '1' })]);
      expect(a['x-sql-count']).toBe('2');
      expect(a['x-sql-statements']).toBeUndefined();
      expect(b['x-sql-count']).toBe('2');
      const listed = JSON.parse(
        Buffer.from(String(b['x-sql-statements']), 'base64url').toString('utf8'),
      );
      expect(listed).toEqual([
        { sql: 'select 1', params: [] },
        { sql: 'select $1', params: [2] },
      ]);
    } finally {
      server.close();
    }
  });

  it('counts right when the module is loaded twice in one process (test files sharing a worker)', async () => {
    // A second instance of the module (a file that reloads modules, as security/property.test.ts
    // does) must not add a second subscription whose writeHead puts its own count of 0 last.
    const first = await import('../src/db/statement-counter.js');
    vi.resetModules();
    const second = await import('../src/db/statement-counter.js');
    expect(second).not.toBe(first);
    first.statementCounterFromEnv({ BENCH_SQL_COUNT: '1' });
    const logger = second.statementCounterFromEnv({ BENCH_SQL_COUNT: '1' })!;
    const server = createServer((_req, res) => {
      logger.logQuery('select 1', []);
      logger.logQuery('select 2', []);
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const headers = await new Promise<Record<string, string | string[] | undefined>>(
        (resolve, reject) => {
          request({ host: '127.0.0.1', port, path: '/' }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.headers));
          })
            .on('error', reject)
            .end();
        },
      );
      expect(headers['x-sql-count']).toBe('2');
    } finally {
      server.close();
    }
  });
});

describe.runIf(onPostgres)('named statements on PostgreSQL', () => {
  it('runs each text as one named statement per connection, with the same results', async () => {
    const { db } = t.database;
    const read = () =>
      db
        .select({ id: organizations.id, name: organizations.name })
        .from(organizations)
        .where(inArray(organizations.id, orgIds))
        .orderBy(asc(organizations.id));
    const first = await read();
    const second = await read();
    expect(second).toEqual(first);
    const result = await db.execute(
      sql`select count(*)::int as n from pg_prepared_statements where name like 'p\\_%'`,
    );
    const [row] = (result as unknown as { rows: { n: number }[] }).rows;
    expect(row!.n).toBeGreaterThan(0);
  });
});
