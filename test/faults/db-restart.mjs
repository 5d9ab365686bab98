/**
 * Database restart under load: a steady mix of reads and writes while PostgreSQL is stopped
 * (`pg_ctl stop -m fast`) for a few seconds and started again. While it is down the server answers
 * only 503 with the error envelope (no 500, no request without an answer within the client
 * timeout); within 5 s of PostgreSQL being back every request succeeds again; the process survives
 * and /readyz says 503 while the database is down.
 *
 * Env: FAULTS_DB_RATE (50 requests/s), FAULTS_DB_DOWN_SECONDS (4).
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { runScript } from './lib/cleanup.mjs';
import { demoFixture } from './lib/demo.mjs';
import { createClient } from './lib/http.mjs';
import { paced } from './lib/paced.mjs';
import { query, startCluster } from './lib/postgres.mjs';
import { check, fail, figure, finish, log, percentile, setName } from './lib/report.mjs';
import { portBase, probe, serverEnv, startServer, tail, tempDir } from './lib/server.mjs';

setName('db-restart');
const rate = Number(process.env.FAULTS_DB_RATE ?? 50);
const downSeconds = Number(process.env.FAULTS_DB_DOWN_SECONDS ?? 4);
const clientTimeoutMs = 6_000;
const recoveryLimitMs = 5_000;
const before = 4_000;
const after = 9_000;

async function main() {
  const pg = await startCluster();
  const databaseUrl = await pg.createDatabase('restart');
  const server = await startServer({
    port: portBase + 2,
    env: serverEnv({ DATABASE_URL: databaseUrl, DATA_DIR: tempDir('db-restart') }),
  });
  log(`server ready in ${server.startMs} ms`);
  const client = createClient(server.url, { maxSockets: 256, timeoutMs: clientTimeoutMs });
  const fx = await demoFixture(client);
  const { tokens } = fx;
  const requests = [
    () => ['GET', '/api/users', tokens.manager],
    () => ['GET', '/api/groups', tokens.manager],
    () => ['GET', `/api/organizations/${fx.organizationId}`, tokens.manager],
    () => ['GET', '/api/assignments/answers', tokens.instructor],
    (n) => [
      'PUT',
      `/api/groups/${fx.groupIds[n % fx.groupIds.length]}/${n % 2 ? 'add' : 'remove'}`,
      tokens.manager,
      { ids: [fx.traineeIds[n % fx.traineeIds.length]] },
    ],
  ];

  const results = [];
  const t0 = performance.now();
  const marks = {};
  const issue = async (scheduledAt, n) => {
    const [method, path, token, body] = requests[n % requests.length](n);
    const res = await client.request(method, path, { token, body, startedAt: scheduledAt });
    results.push({ method, path, start: scheduledAt - t0, end: scheduledAt - t0 + res.ms, ...res });
  };
  const readyz = [];
  const load = paced({
    rate,
    durationMs: before + downSeconds * 1000 + after,
    issue,
  });
  const probing = (async () => {
    while (!marks.done) {
      const at = performance.now() - t0;
      readyz.push({ at, status: await probe(`${server.url}/readyz`, 4_000) });
      await sleep(250);
    }
  })();

  await sleep(before);
  marks.stopBegin = performance.now() - t0;
  log('stopping PostgreSQL (pg_ctl stop -m fast)');
  await pg.stop();
  marks.stopEnd = performance.now() - t0;
  await sleep(downSeconds * 1000);
  marks.startBegin = performance.now() - t0;
  log('starting PostgreSQL');
  await pg.start();
  marks.startEnd = performance.now() - t0;
  log(`PostgreSQL back after ${Math.round(marks.startEnd - marks.stopBegin)} ms`);
  await load;
  marks.done = true;
  await probing;

  // Classify every request by when it ran.
  const bad = [];
  const badBody = [];
  let during503 = 0;
  let duringOk = 0;
  for (const r of results) {
    const overlapsOutage = r.end >= marks.stopBegin && r.start <= marks.startEnd;
    const inRecovery = r.start > marks.startEnd && r.start <= marks.startEnd + recoveryLimitMs;
    const ok = r.status >= 200 && r.status < 300;
    if (r.status === 503) {
      if (!(r.body?.success === false && typeof r.body?.error?.code === 'string')) badBody.push(r);
    }
    if (overlapsOutage) {
      if (r.status === 503) during503 += 1;
      else if (ok) duringOk += 1;
      else bad.push({ ...r, phase: 'outage' });
    } else if (inRecovery) {
      if (!ok && r.status !== 503) bad.push({ ...r, phase: 'recovery' });
    } else if (!ok)
      bad.push({ ...r, phase: r.start < marks.stopBegin ? 'before' : 'after recovery' });
  }
  // Recovery: from PostgreSQL accepting connections to the first success after which all succeed.
  const afterStart = results.filter((r) => r.start > marks.startEnd).sort((a, b) => a.end - b.end);
  let lastFailureEnd = marks.startEnd;
  for (const r of afterStart)
    if (r.status < 200 || r.status >= 300) lastFailureEnd = Math.max(lastFailureEnd, r.end);
  const recoveryMs = Math.round(lastFailureEnd - marks.startEnd);
  const outageLatencies = results.filter((r) => r.status === 503).map((r) => r.ms);
  const readyzDown = readyz.filter((p) => p.at > marks.stopEnd + 500 && p.at < marks.startBegin);

  figure('requests', results.length);
  figure('faults injected', 1);
  figure('PostgreSQL down ms', Math.round(marks.startEnd - marks.stopBegin));
  figure('answers during outage 503 / 2xx', `${during503} / ${duringOk}`);
  figure('503 answer p95 ms', Math.round(percentile(outageLatencies, 95)));
  figure('500s', results.filter((r) => r.status === 500).length);
  figure('no answer (timeout / connection)', results.filter((r) => r.status === 0).length);
  figure('recovery ms', recoveryMs);
  figure(
    '/readyz while down',
    [...new Set(readyzDown.map((p) => p.status))].join(',') || 'no probe',
  );
  const summarize = (list) =>
    [
      ...list.reduce(
        (m, r) =>
          m.set(
            `${r.phase} ${r.method} ${r.status || r.error}`,
            (m.get(`${r.phase} ${r.method} ${r.status || r.error}`) ?? 0) + 1,
          ),
        new Map(),
      ),
    ]
      .map(([k, n]) => `${k} ×${n}`)
      .join(', ');
  if (bad.length > 0)
    fail(
      `${bad.length} wrong answers: ${summarize(bad)}; first body ${JSON.stringify(bad[0].body)?.slice(0, 300)}`,
    );
  check(
    badBody.length === 0,
    `${badBody.length} 503 answers without the error envelope, e.g. ${JSON.stringify(badBody[0]?.body)?.slice(0, 200)}`,
  );
  check(during503 > 0, 'no 503 was seen while PostgreSQL was down (the outage was not exercised)');
  check(recoveryMs <= recoveryLimitMs, `recovery took ${recoveryMs} ms (> ${recoveryLimitMs} ms)`);
  check(
    readyzDown.length > 0 && readyzDown.every((p) => p.status === 503),
    `/readyz while down answered ${readyzDown.map((p) => p.status).join(',')}`,
  );
  check(
    server.exit === null,
    `the server died: ${JSON.stringify(server.exit)}\n${tail(server.output())}`,
  );
  const final = await client.get('/api/groups', { token: tokens.manager });
  check(
    final.status === 200,
    `after recovery GET /api/groups answered ${final.status || final.error}`,
  );

  if (bad.length > 0) {
    // What the server's connections are doing (a transaction left open holds its row locks).
    const sessions = await query(
      databaseUrl,
      `select pid, state, wait_event_type, left(query, 80) as query, now() - xact_start as xact_age
         from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    ).catch((e) => [{ error: e.message }]);
    log(`database sessions after the run:\n${sessions.map((r) => JSON.stringify(r)).join('\n')}`);
  }
  client.close();
  const exit = await server.stop();
  check(exit.code === 0, `server exit ${exit.code ?? exit.signal} after SIGTERM`);
  if (bad.length > 0 || exit.code !== 0) log(`server output:\n${tail(server.output(), 30)}`);
}

await runScript(main, (error) =>
  fail(error instanceof Error ? (error.stack ?? error.message) : String(error)),
);
finish();
