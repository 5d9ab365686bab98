/**
 * decisions.md#reliability-and-security 'Bad input': a property test per registered route, derived from its request schemas
 * (body, querystring, params). Valid, mutated and hostile requests (wrong types, huge strings,
 * unicode, NaN and Infinity, negative and huge ids, SQL and HTML payloads, malformed JSON, wrong
 * content types, prototype-pollution keys) are sent as a trainee (a sample) and as the admin.
 *
 * Every answer: never a 5xx, always the envelope `{success, message, data, error}` with the
 * error code of its status, never a hang (a time limit per request), and a refused call (4xx)
 * writes no row (every table is fingerprinted before and after).
 *
 * FUZZ_SEED fixes the random seed (printed at the end, with the number of runs); FUZZ_RUNS sets
 * the runs per route as the admin (default 14).
 */
import type { RouteOptions } from 'fastify';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.js';
import type * as LoggerModule from '../../src/plugins/logger.js';
import { loadConfig } from '../../src/config.js';
import { seedDemo } from '../../src/seed/demo.js';
import { bearer, testSecret, tokenFor } from '../helpers/build.js';
import { createTestDatabase } from '../helpers/database.js';
import { unlessWritten } from '../helpers/unless-written.js';
import { userId } from '../helpers/users.js';
import {
  caseArb,
  changedTables,
  fingerprinter,
  refusalMayWrite,
  fuzzRoutesOf,
  oversizedBodyFor,
  problemOf,
  send,
  type FuzzCase,
  type FuzzRoute,
} from './fuzz-harness.js';
import type { IdSpace } from './fuzz-values.js';

const collected: RouteOptions[] = [];
const errorLog = vi.hoisted(() => new Map<string, string>());

// The server project runs without per-file isolation (vitest.config.ts): a file before this one in
// the worker may have imported app.ts with the real logger. Forgetting the worker's modules before
// this file's imports makes them load again, with the mock below; afterAll forgets them again, so
// no later file gets this logger.
vi.hoisted(() => vi.resetModules());

// The server's error log (level error) is kept per request id, to explain any 5xx.
vi.mock('../../src/plugins/logger.js', async (importOriginal) => {
  const mod = await importOriginal<typeof LoggerModule>();
  const { Writable } = await import('node:stream');
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        const entry = JSON.parse(line) as { reqId?: string; err?: { stack?: string } };
        if (entry.reqId) errorLog.set(entry.reqId, line);
      }
      done();
    },
  });
  return {
    ...mod,
    loggerOptions: (level: string, pretty: boolean) => ({
      ...(mod.loggerOptions(level, pretty) as object),
      level: 'error',
      stream,
    }),
  };
});

const seed = Number(process.env['FUZZ_SEED'] ?? Date.now() % 2_147_483_647);
const adminRuns = Number(process.env['FUZZ_RUNS'] ?? 14);
const traineeRuns = 3;
const timeoutMs = 10_000;

const testDb = await createTestDatabase();
await seedDemo(testDb.database.db);
const app = await buildApp(
  loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: 'memory://',
    JWT_SECRET: testSecret,
    LOG_LEVEL: 'error',
    WEB_DIST: '/nonexistent',
    MAIL_POLL_MS: '3600000',
  }),
  {
    database: testDb.database,
    logger: true,
    onRoute: (route) => {
      collected.push(route);
    },
  },
);
await app.ready();
const ctx = {
  testDb,
  close: async () => {
    await app.close();
    await testDb.drop();
  },
};
const db = ctx.testDb.database.db;
// Taken again only after a write: most refused requests write nothing.
const fingerprint = unlessWritten(db, await fingerprinter(db));
const [adminToken, traineeToken] = await Promise.all([
  tokenFor(app, 'admin@demo.test'),
  tokenFor(app, 'trainee@demo.test'),
]);
const actorIds = await Promise.all([
  userId(db, 'admin@demo.test'),
  userId(db, 'trainee@demo.test'),
]);

// Ids up to the largest of any table, so valid calls reach existing rows.
const maxIdRow = (
  (await db.execute(
    sql`select greatest(
          (select coalesce(max(id), 0) from users), (select coalesce(max(id), 0) from organizations),
          (select coalesce(max(id), 0) from groups), (select coalesce(max(id), 0) from invites)
        ) as n`,
  )) as unknown as { rows: { n: number | string }[] }
).rows[0];
const maxId = Math.min(Number(maxIdRow?.n ?? 50), 200);
const allIds = Array.from({ length: maxId }, (_, i) => i + 1);

/** The ids a route may target: never the acting users themselves on /users (a password change would end the run's sessions). */
function idsFor(route: FuzzRoute): IdSpace {
  const pool = route.url.startsWith('/api/users')
    ? allIds.filter((id) => !actorIds.includes(id))
    : allIds;
  return { pool };
}

const seen = new Set<string>();
const routes = fuzzRoutesOf(collected).filter((r) => {
  const key = `${r.method} ${r.url}`;
  if (r.method === 'HEAD' || seen.has(key)) return false;
  seen.add(key);
  return true;
});

const stats = { runs: 0, fixed: 0, byStatus: new Map<number, number>() };

const clip = (text: string, n = 200) =>
  text.length > n ? `${text.slice(0, n)}…(${text.length})` : text;

function describeCase(route: FuzzRoute, c: FuzzCase): string {
  const body = c.raw ?? (c.body === undefined ? '' : JSON.stringify(c.body));
  return (
    `${route.method} ${route.url} (${c.kind}) params=${clip(JSON.stringify(c.params) ?? '')} ` +
    `query=${clip(JSON.stringify(c.query) ?? '')} content-type=${c.contentType ?? ''} body=${clip(body, 300)}`
  );
}

/** The database's fingerprint after the last request (nothing else writes between requests). */
let lastFingerprint = await fingerprint();

/** Sends one case and throws on any broken promise; answers the status. */
async function check(route: FuzzRoute, c: FuzzCase, token: string): Promise<number> {
  const before = lastFingerprint;
  const res = await send(app, route, c, token, timeoutMs);
  lastFingerprint = await fingerprint();
  const problem = problemOf(route, res);
  if (problem) {
    const logged = errorLog.get(String(res.headers['x-request-id'])) ?? '';
    throw new Error(
      `${problem}\n  request: ${describeCase(route, c)}\n  log: ${clip(logged, 1500)}`,
    );
  }
  if (res.statusCode >= 400 && lastFingerprint !== before) {
    const changed = changedTables(before, lastFingerprint);
    if (!refusalMayWrite(route.method, route.url, changed))
      throw new Error(
        `refused with ${res.statusCode} but wrote to ${changed.join(', ')}\n  request: ${describeCase(route, c)}`,
      );
  }
  stats.byStatus.set(res.statusCode, (stats.byStatus.get(res.statusCode) ?? 0) + 1);
  return res.statusCode;
}

/** True when `c` targets one of the acting users on /users/:id (e.g. `' 1 '` coerces to 1). */
function targetsActor(route: FuzzRoute, c: FuzzCase): boolean {
  if (!route.url.startsWith('/api/users/:id')) return false;
  const id = (c.params as { id?: unknown } | null)?.id;
  return actorIds.includes(Number(typeof id === 'string' ? id.trim() : id));
}

async function fuzz(route: FuzzRoute, token: string, numRuns: number): Promise<void> {
  await fc.assert(
    fc.asyncProperty(caseArb(route, idsFor(route)), async (c) => {
      fc.pre(!targetsActor(route, c));
      stats.runs++;
      await check(route, c, token);
    }),
    { numRuns, seed, endOnFailure: true },
  );
}

const hasSchema = (r: FuzzRoute) => Boolean(r.body ?? r.querystring ?? r.params);
const takesJson = (r: FuzzRoute) => r.url.startsWith('/api/') && r.body !== undefined;

afterAll(async () => {
  const statuses = [...stats.byStatus.entries()]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}×${n}`)
    .join(' ');
  console.log(
    `[property] ${stats.runs + stats.fixed} property runs (${stats.runs} generated, ${stats.fixed} fixed) ` +
      `over ${routes.length} routes, seed ${seed}; answers: ${statuses}`,
  );
  await ctx.close();
  vi.doUnmock('../../src/plugins/logger.js');
  vi.resetModules();
});

describe('route discovery', () => {
  it("keeps the server's error log by request id (the logger mock reached this file's app)", () => {
    app.log.error({ reqId: 'log-probe' }, 'log probe');
    expect(errorLog.get('log-probe')).toContain('log probe');
    errorLog.delete('log-probe');
  });

  it('finds the API routes with their request schemas', () => {
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.filter((r) => r.url.startsWith('/api/') && hasSchema(r)).length).toBeGreaterThan(
      40,
    );
  });
});

describe('as a trainee (a sample of each route)', () => {
  for (const route of routes) {
    it(`${route.method} ${route.url}`, { timeout: 120_000 }, async () => {
      await fuzz(route, traineeToken, traineeRuns);
    });
  }
});

describe('as the admin', () => {
  for (const route of routes) {
    it(`${route.method} ${route.url}`, { timeout: 120_000 }, async () => {
      const session = await app.inject({ url: '/api/auth/session', headers: bearer(adminToken) });
      expect(session.statusCode, 'the admin session still stands').toBe(200);
      const runs = hasSchema(route) ? adminRuns : route.url.startsWith('/api/docs') ? 2 : 5;
      await fuzz(route, adminToken, runs);
      // Fixed junk on every route: each path and query parameter spelled as no plain whole number
      // ('0x1', '1e0'); like every answer, the refusal must be a sentence, not a validator's text.
      const junk = (names: string[], value: string) =>
        Object.fromEntries(names.map((n) => [n, value] as const));
      const junkParams = junk(
        [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!),
        '0x1',
      );
      const junkQuery = junk(Object.keys(route.querystring?.properties ?? {}), '1e0');
      await check(route, { kind: 'hostile', params: junkParams, query: junkQuery }, adminToken);
      stats.fixed += 1;
      if (takesJson(route)) {
        // Fixed cases on every JSON route: a body over 1 MB, broken JSON, a body in plain text.
        const base = { kind: 'hostile' as const, params: {}, query: {} };
        const params = Object.fromEntries(
          [...route.url.matchAll(/:(\w+)/g)].map((m) => [m[1]!, 1] as const),
        );
        const over = await check(
          route,
          { ...base, params, raw: oversizedBodyFor(route) },
          adminToken,
        );
        expect(over, 'a body over its limit (1 MiB unless the route sets one)').toBe(413);
        for (const raw of ['{', '{"id":NaN}']) {
          expect(await check(route, { ...base, params, raw }, adminToken)).toBe(400);
        }
        await check(
          route,
          { ...base, params, raw: '{"name":"x"}', contentType: 'text/plain' },
          adminToken,
        );
        stats.fixed += 4;
      }
    });
  }
});

describe('after the run', () => {
  it('left no prototype polluted', () => {
    const probe = {} as Record<string, unknown>;
    expect(probe['polluted']).toBeUndefined();
    expect(probe['isAdmin']).toBeUndefined();
  });
});
