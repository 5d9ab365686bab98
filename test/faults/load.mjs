/**
 * Load: a mixed workload on the production server over PostgreSQL — 80% reads (users list,
 * groups, assignments, answers, organization), 20% writes (invites, group member changes,
 * reviews) — at a fixed 300 requests/s for 60 s (open loop, latency from the scheduled start).
 * Passes when p95 ≤ 50 ms and no request failed (non-2xx, timeout or connection error), and every
 * acknowledged invite is in the database with its outbox mail. The load starts once the demo
 * seed's media jobs (probes and posters of its videos) are done: it measures the steady state.
 *
 * Env: FAULTS_LOAD_RATE (300), FAULTS_LOAD_SECONDS (60), FAULTS_LOAD_P95_MS (50),
 * FAULTS_LOAD_WARMUP_SECONDS (5, not measured).
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { runScript } from './lib/cleanup.mjs';
import { demoFixture, inviteBody, setSeats } from './lib/demo.mjs';
import { cpuMs, postmasterPid, treeCpuMs } from './lib/cpu.mjs';
import { createClient } from './lib/http.mjs';
import { paced } from './lib/paced.mjs';
import { startCluster, query } from './lib/postgres.mjs';
import {
  check,
  fail,
  figure,
  finish,
  loadAverage,
  log,
  percentile,
  setName,
} from './lib/report.mjs';
import { portBase, serverEnv, startServer, tail, tempDir } from './lib/server.mjs';
import { startSmtpReceiver } from './lib/smtp.mjs';

setName('load');
const rate = Number(process.env.FAULTS_LOAD_RATE ?? 300);
const seconds = Number(process.env.FAULTS_LOAD_SECONDS ?? 60);
const warmupSeconds = Number(process.env.FAULTS_LOAD_WARMUP_SECONDS ?? 5);
const p95Limit = Number(process.env.FAULTS_LOAD_P95_MS ?? 50);
const run = randomUUID().slice(0, 8);

/** The workload: [name, weight in %, read or write, make() → {method, path, token, body}]. */
function workload(fx) {
  const { tokens, organizationId: org } = fx;
  let invites = 0;
  let memberChanges = 0;
  let reviews = 0;
  return [
    ['GET users', 16, 'read', () => ({ method: 'GET', path: '/api/users', token: tokens.manager })],
    [
      'GET groups',
      16,
      'read',
      () => ({ method: 'GET', path: '/api/groups', token: tokens.manager }),
    ],
    [
      'GET assignments',
      16,
      'read',
      () => ({ method: 'GET', path: '/api/assignments', token: tokens.manager }),
    ],
    [
      'GET answers',
      16,
      'read',
      () => ({ method: 'GET', path: '/api/assignments/answers', token: tokens.instructor }),
    ],
    [
      'GET organization',
      16,
      'read',
      () => ({ method: 'GET', path: `/api/organizations/${org}`, token: tokens.manager }),
    ],
    [
      'POST invite',
      8,
      'write',
      () => {
        invites += 1;
        const trainee = invites % 2 === 0;
        const groupId = trainee ? fx.groupIds[invites % fx.groupIds.length] : null;
        return {
          method: 'POST',
          path: '/api/invites',
          token: tokens.manager,
          body: inviteBody(org, `load-${run}-${invites}@faults.test`, {
            roleId: trainee ? 1 : 2,
            groupId,
          }),
        };
      },
    ],
    [
      'PUT group members',
      8,
      'write',
      () => {
        memberChanges += 1;
        const n = memberChanges;
        const groupId = fx.groupIds[n % fx.groupIds.length];
        const userId = fx.traineeIds[Math.floor(n / 2) % fx.traineeIds.length];
        const verb = n % 4 < 2 ? 'add' : 'remove';
        return {
          method: 'PUT',
          path: `/api/groups/${groupId}/${verb}`,
          token: tokens.manager,
          body: { ids: [userId] },
        };
      },
    ],
    [
      'POST review',
      4,
      'write',
      () => {
        reviews += 1;
        const r = fx.reviews[reviews % fx.reviews.length];
        return {
          method: 'POST',
          path: `/api/assignments/interviews/answers/review/${r.answerId}`,
          token: tokens.instructor,
          body: r.body,
        };
      },
    ],
  ];
}

/** Picks an entry of `mix` by weight, deterministically spread over the request index. */
function picker(mix) {
  const slots = [];
  for (const entry of mix) for (let i = 0; i < entry[1]; i += 1) slots.push(entry);
  // A fixed permutation of 100 slots (stride coprime with 100) spreads writes evenly.
  return (index) => slots[(index * 37) % slots.length];
}

async function main() {
  const pg = await startCluster();
  const databaseUrl = await pg.createDatabase('load');
  const smtp = await startSmtpReceiver();
  const server = await startServer({
    name: 'server',
    port: portBase,
    env: serverEnv({ DATABASE_URL: databaseUrl, SMTP_URL: smtp.url, DATA_DIR: tempDir('load') }),
  });
  log(`server ready in ${server.startMs} ms (pid ${server.pid}); load average ${loadAverage()}`);
  // The demo seed's videos are probed and get posters in the background at start: measure the
  // steady state, once they are done (at most 60 s).
  const mediaStarted = Date.now();
  let mediaDue = 0;
  do {
    [{ mediaDue }] = await query(
      databaseUrl,
      `select count(*)::int as "mediaDue" from media_jobs where status = 0`,
    );
    if (mediaDue > 0) await sleep(250);
  } while (mediaDue > 0 && Date.now() - mediaStarted < 60_000);
  figure('seed media jobs done before the load (ms)', Date.now() - mediaStarted);
  const client = createClient(server.url, { maxSockets: 128, timeoutMs: 5_000 });
  const fx = await demoFixture(client);
  await setSeats(client, fx.tokens.admin, fx.organizationId, 10_000);
  const mix = workload(fx);
  const pick = picker(mix);

  const results = [];
  let measuring = false;
  const issue = async (scheduledAt, index) => {
    const [name, , kind, make] = pick(index);
    const req = make();
    const res = await client.request(req.method, req.path, {
      token: req.token,
      body: req.body,
      startedAt: scheduledAt,
    });
    if (!measuring) return;
    const failed = res.status < 200 || res.status >= 300;
    results.push({
      name,
      kind,
      status: res.status,
      ms: res.ms,
      error: res.error,
      email: req.body?.email,
      body: failed ? res.body : undefined,
    });
  };

  log(`warm-up: ${warmupSeconds} s at ${rate}/s`);
  await paced({ rate, durationMs: warmupSeconds * 1000, issue });
  measuring = true;
  log(`measuring: ${seconds} s at ${rate}/s (load average ${loadAverage()})`);
  const loadBefore = loadAverage();
  const pgPid = postmasterPid(pg.dataDir);
  const cpu0 = { server: cpuMs(server.pid), pg: treeCpuMs(pgPid), client: process.cpuUsage() };
  const stats = await paced({ rate, durationMs: seconds * 1000, issue });
  const client1 = process.cpuUsage(cpu0.client);
  const cpu = {
    server: cpuMs(server.pid) - cpu0.server,
    pg: treeCpuMs(pgPid) - cpu0.pg,
    client: (client1.user + client1.system) / 1000,
  };
  const loadAfter = loadAverage();
  measuring = false;

  const latencies = results.map((r) => r.ms);
  const errors = results.filter((r) => r.status < 200 || r.status >= 300);
  const p = (q) => Math.round(percentile(latencies, q) * 10) / 10;
  figure('requests', results.length);
  figure('achieved rate /s', Math.round((results.length / stats.ms) * 1000 * 10) / 10);
  figure(
    'reads / writes',
    `${results.filter((r) => r.kind === 'read').length} / ${results.filter((r) => r.kind === 'write').length}`,
  );
  figure('p50 ms', p(50));
  figure('p95 ms', p(95));
  figure('p99 ms', p(99));
  figure('max ms', p(100));
  figure('errors', errors.length);
  figure('client max lag ms', Math.round(stats.maxLagMs));
  const perRequest = (ms) => Math.round((ms / Math.max(1, results.length)) * 100) / 100;
  figure(
    'CPU ms per request server / PostgreSQL / client',
    `${perRequest(cpu.server)} / ${perRequest(cpu.pg)} / ${perRequest(cpu.client)}`,
  );
  figure(
    'CPU cores used server / PostgreSQL / client',
    [cpu.server, cpu.pg, cpu.client].map((ms) => (ms / stats.ms).toFixed(2)).join(' / '),
  );
  figure('load average before / after', `${loadBefore} / ${loadAfter}`);
  for (const [name] of mix) {
    const mine = results.filter((r) => r.name === name).map((r) => r.ms);
    figure(`p95 ms ${name}`, `${Math.round(percentile(mine, 95) * 10) / 10} (n=${mine.length})`);
  }
  if (errors.length > 0) {
    const byKind = new Map();
    for (const e of errors) {
      const key = `${e.name} ${e.status || e.error}`;
      byKind.set(key, (byKind.get(key) ?? 0) + 1);
    }
    fail(
      `${errors.length} errors: ${[...byKind].map(([k, n]) => `${k} ×${n}`).join(', ')}; first: ${JSON.stringify(errors[0].body)?.slice(0, 300)}`,
    );
  }
  check(p(95) <= p95Limit, `p95 ${p(95)} ms > ${p95Limit} ms`);

  // Every acknowledged invite is stored, with its mail in the outbox.
  const acked = results
    .filter((r) => r.name === 'POST invite' && r.status === 200)
    .map((r) => r.email);
  const rows = await query(
    databaseUrl,
    `select i.email, (select count(*) from mail_outbox m where m.to_address = i.email and m.kind = 'invite')::int as mails
       from invites i where i.email like $1`,
    [`load-${run}-%`],
  );
  const stored = new Map(rows.map((r) => [r.email, r.mails]));
  const missing = acked.filter((e) => !stored.has(e));
  const withoutMail = rows.filter((r) => r.mails !== 1);
  figure(
    'writes acknowledged',
    results.filter((r) => r.kind === 'write' && r.status === 200).length,
  );
  figure('invites acknowledged / found', `${acked.length} / ${acked.length - missing.length}`);
  check(missing.length === 0, `${missing.length} acknowledged invites missing, e.g. ${missing[0]}`);
  check(withoutMail.length === 0, `${withoutMail.length} invites without exactly one outbox mail`);

  client.close();
  const exit = await server.stop();
  check(exit.code === 0, `server exit ${exit.code ?? exit.signal} after SIGTERM`);
  if (exit.code !== 0) log(tail(server.output()));
}

await runScript(main, (error) =>
  fail(error instanceof Error ? (error.stack ?? error.message) : String(error)),
);
finish();
