/**
 * decisions.md#reliability-and-security 'Access: an authorization matrix with nothing left out': every registered route ×
 * actor × target answers the status of `access-table.ts`; a resource of another organization
 * answers 404 exactly like one that does not exist; a route without rows fails the run.
 */
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Actors,
  comparableBody,
  expectedCells,
  methodOf,
  routeKeys,
  rows,
  runCell,
  targetNames,
  type Row,
} from './access-table.js';
import { sql } from 'drizzle-orm';
import { buildWorld, rowsOf, type World } from './world.js';

let w: World;
let actors: Actors;
/** Checks made: table cells, 404s compared with a missing id's answer, HEAD mirrors, extra checks. */
const counts = { cells: 0, missing: 0, head: 0, extra: 0 };

beforeAll(async () => {
  const started = Date.now();
  w = await buildWorld();
  actors = await new Actors(w, 'a').init();
  console.log(`authorization matrix: world built in ${Date.now() - started} ms`);
}, 240_000);

afterAll(async () => {
  const total = counts.cells + counts.missing + counts.head + counts.extra;
  console.log(
    `authorization matrix: ${total} checks — ${counts.cells} table cells (${rows.length} rows), ` +
      `${counts.missing} other-organization 404s identical to a missing id's, ` +
      `${counts.head} HEAD mirrors, ${counts.extra} further checks`,
  );
  await w?.close();
});

/** HEAD mirrors GET: checked for a few actors on each GET row's first target. */
const headActors = new Set(['anonymous', 'trainee', 'admin']);

const title = (row: Row) => (row.variant ? `${row.route} (${row.variant})` : row.route);

describe('completeness', () => {
  it('has rows for every registered route (HEAD mirrors GET) and none for a route that does not exist', () => {
    const covered = new Set(rows.map((r) => r.route));
    const registered = new Set(w.routes.flatMap(routeKeys));
    const missing = [...registered].filter((key) => {
      if (covered.has(key)) return false;
      return !(key.startsWith('HEAD ') && covered.has(key.replace(/^HEAD /, 'GET ')));
    });
    expect(missing, 'routes without rows in access-table.ts').toEqual([]);
    const stale = [...covered].filter((key) => !registered.has(key));
    expect(stale, 'rows for routes that are not registered').toEqual([]);
  });
});

describe('authorization matrix', () => {
  for (const row of rows) {
    it(
      title(row),
      async () => {
        const failures: string[] = [];
        const firstTarget = targetNames.find((t) => row.expect[t]);
        for (const { target, actor, want } of expectedCells(row)) {
          const out = await runCell(w, actors, row, target, actor, {
            unauthenticated: want === 401,
          });
          counts.cells++;
          if (out.status !== want)
            failures.push(
              `${target} × ${actor}: ${out.status} (expected ${want}) ${out.method} ${out.url} ${out.res.body.slice(0, 200)}`,
            );
          if (target === 'other' && want === 404) {
            const missing = await runCell(w, actors, row, 'missing', actor, {
              unauthenticated: true,
            });
            counts.missing++;
            if (
              missing.status !== 404 ||
              !isDeepStrictEqual(comparableBody(out.res), comparableBody(missing.res))
            )
              failures.push(
                `other × ${actor}: the answer differs from a missing id's: ${out.res.body.slice(0, 200)} vs ${missing.status} ${missing.res.body.slice(0, 200)}`,
              );
          }
          if (methodOf(row) === 'GET' && target === firstTarget && headActors.has(actor)) {
            const head = await runCell(
              w,
              actors,
              { ...row, route: row.route.replace(/^GET/, 'HEAD') },
              target,
              actor,
              { unauthenticated: want === 401 },
            );
            counts.head++;
            if (head.status !== want)
              failures.push(`HEAD ${target} × ${actor}: ${head.status} (expected ${want})`);
          }
        }
        expect(failures).toEqual([]);
      },
      120_000,
    );
  }
});

describe('beyond the table', () => {
  it('no admin deletes or erases the first admin, nor itself; an admin may delete another admin', async () => {
    const admin2 = await w.mintToken(w.general.admin2Id);
    const first = w.general.adminId;
    expect((await w.call('PUT', `/api/users/${first}/delete`, admin2)).statusCode).toBe(403);
    expect((await w.call('DELETE', `/api/users/${first}`, admin2)).statusCode).toBe(403);
    expect(
      (await w.call('PUT', `/api/users/${w.general.admin2Id}/delete`, admin2)).statusCode,
    ).toBe(403);
    expect(
      (await w.call('PUT', `/api/users/${w.general.admin2Id}/delete`, actors.token('admin')))
        .statusCode,
    ).toBe(200);
    expect(
      (await w.call('PUT', `/api/users/${w.general.admin2Id}/restore`, actors.token('admin')))
        .statusCode,
    ).toBe(200);
    expect((await w.call('GET', '/api/auth/session', actors.token('admin'))).statusCode).toBe(200);
    counts.extra += 6;
  });

  it("a trainee's and an instructor's lists hold only their own rows of their organization", async () => {
    const A = w.orgs.a;
    const trainee = actors.token('trainee');
    const answers = await w.ok<{ list: { userId: number }[] }>(
      'GET',
      '/api/assignments/answers?pageSize=100',
      trainee,
    );
    expect(answers.list.length).toBeGreaterThan(0);
    expect(new Set(answers.list.map((a) => a.userId))).toEqual(new Set([A.user.trainee]));
    for (const who of ['trainee', 'instructor'] as const) {
      const groups = await w.ok<{ list: { id: number }[] }>(
        'GET',
        '/api/groups',
        actors.token(who),
      );
      expect(groups.list.map((g) => g.id)).toEqual([A.groupId]);
    }
    const files = await w.ok<{ list: { id: number }[] }>('GET', '/api/files?pageSize=100', trainee);
    const mine = rowsOf<{ id: number }>(
      await w.db.execute(sql`select id from files where created_by_id = ${A.user.trainee}`),
    ).map((r) => r.id);
    expect(files.list.length).toBeGreaterThan(0);
    for (const f of files.list) expect(mine).toContain(f.id);
    counts.extra += 4;
  });
});
