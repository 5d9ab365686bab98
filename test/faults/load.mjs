/**
 * Load: a mixed workload on the production server over PostgreSQL — 80% reads (users list,
 * groups, assignments, answers, organization), 20% writes (invites, group member changes,
 * reviews) — at a fixed 300 requests/s for 60 s (open loop, latency from the scheduled start).
 * Passes when p95 ≤ 50 ms and no request failed (non-2xx, timeout or connection error), and every
 * acknowledged invite is in the database with its outbox mail. The load starts once the demo
 * seed's media jobs (probes and posters of its videos) are done: it measures the steady state.
 *
 * The script needs about 1.5 of CI's 2 cores, so other work on the machine queues its requests.
 * Before measuring it waits (≤ 60 s) until processes other than its server, PostgreSQL and client
 * use < 0.25 cores, and it prints that foreign CPU during the run; a run that misses the target
 * while foreign CPU averaged > 0.25 cores is measured once more and the second run decides
 * (both are reported). The target itself never changes.
 *
 * Env: FAULTS_LOAD_RATE (300), FAULTS_LOAD_SECONDS (60), FAULTS_LOAD_P95_MS (50),
 * FAULTS_LOAD_WARMUP_SECONDS (5, not measured), FAULTS_LOAD_QUIET_CORES (0.25),
 * FAULTS_LOAD_QUIET_WAIT_SECONDS (60), FAULTS_LOAD_FOREIGN_CORES (0.25).
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { runScript } from './lib/cleanup.mjs';
import { demoFixture, inviteBody, setSeats } from './lib/demo.mjs';
import { cpuMs, foreignCpuMeter, postmasterPid, treeCpuMs, waitForQuietCpu } from './lib/cpu.mjs';
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
const quietCores = Number(process.env.FAULTS_LOAD_QUIET_CORES ?? 0.25);
const quietWaitSeconds = Number(process.env.FAULTS_LOAD_QUIET_WAIT_SECONDS ?? 60);
const foreignLimitCores = Number(process.env.FAULTS_LOAD_FOREIGN_CORES ?? 0.25);
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

  const pgPid = postmasterPid(pg.dataDir);
  // The CPU of this script's own processes: the server, PostgreSQL (postmaster and backends) and
  // this client. Everything else the machine does is foreign work that queues our requests.
  const ownCpuMs = () => {
    const c = process.cpuUsage();
    return cpuMs(server.pid) + treeCpuMs(pgPid) + (c.user + c.system) / 1000;
  };

  // Every request of every run, for the invites check below.
  const all = [];
  let current = null;
  const issue = async (scheduledAt, index) => {
    const [name, , kind, make] = pick(index);
    const req = make();
    const res = await client.request(req.method, req.path, {
      token: req.token,
      body: req.body,
      startedAt: scheduledAt,
    });
    const failed = res.status < 200 || res.status >= 300;
    const row = {
      name,
      kind,
      status: res.status,
      ms: res.ms,
      error: res.error,
      email: req.body?.email,
      body: failed ? res.body : undefined,
    };
    all.push(row);
    current?.push(row);
  };

  /**
   * One measured run: waits (≤ 60 s) for the machine to be quiet, warms up, measures for
   * `seconds`; records its figures with `prefix` and answers `{ok, foreignCores, problems}`.
   */
  const measure = async (prefix) => {
    const quiet = await waitForQuietCpu(ownCpuMs, {
      maxCores: quietCores,
      timeoutMs: quietWaitSeconds * 1000,
    });
    figure(
      `${prefix}waited for a quiet machine (s)`,
      `${(quiet.waitedMs / 1000).toFixed(1)} (foreign CPU then ${quiet.foreignCores.toFixed(2)} cores${quiet.quiet ? '' : ', still busy: measured anyway'})`,
    );
    log(`warm-up: ${warmupSeconds} s at ${rate}/s`);
    await paced({ rate, durationMs: warmupSeconds * 1000, issue });
    const results = [];
    current = results;
    const loadBefore = loadAverage();
    log(`measuring: ${seconds} s at ${rate}/s (load average ${loadBefore})`);
    const cpu0 = { server: cpuMs(server.pid), pg: treeCpuMs(pgPid), client: process.cpuUsage() };
    const foreign = foreignCpuMeter(ownCpuMs);
    const stats = await paced({ rate, durationMs: seconds * 1000, issue });
    const client1 = process.cpuUsage(cpu0.client);
    const cpu = {
      server: cpuMs(server.pid) - cpu0.server,
      pg: treeCpuMs(pgPid) - cpu0.pg,
      client: (client1.user + client1.system) / 1000,
    };
    const { foreignCores } = foreign.read();
    current = null;
    const loadAfter = loadAverage();

    const latencies = results.map((r) => r.ms);
    const errors = results.filter((r) => r.status < 200 || r.status >= 300);
    const p = (q) => Math.round(percentile(latencies, q) * 10) / 10;
    figure(`${prefix}requests`, results.length);
    figure(`${prefix}achieved rate /s`, Math.round((results.length / stats.ms) * 1000 * 10) / 10);
    figure(
      `${prefix}reads / writes`,
      `${results.filter((r) => r.kind === 'read').length} / ${results.filter((r) => r.kind === 'write').length}`,
    );
    figure(`${prefix}p50 ms`, p(50));
    figure(`${prefix}p95 ms`, p(95));
    figure(`${prefix}p99 ms`, p(99));
    figure(`${prefix}max ms`, p(100));
    figure(`${prefix}errors`, errors.length);
    figure(`${prefix}client max lag ms`, Math.round(stats.maxLagMs));
    const perRequest = (ms) => Math.round((ms / Math.max(1, results.length)) * 100) / 100;
    figure(
      `${prefix}CPU ms per request server / PostgreSQL / client`,
      `${perRequest(cpu.server)} / ${perRequest(cpu.pg)} / ${perRequest(cpu.client)}`,
    );
    figure(
      `${prefix}CPU cores used server / PostgreSQL / client`,
      [cpu.server, cpu.pg, cpu.client].map((ms) => (ms / stats.ms).toFixed(2)).join(' / '),
    );
    figure(`${prefix}foreign CPU cores (other processes)`, Number(foreignCores.toFixed(2)));
    figure(`${prefix}load average before / after`, `${loadBefore} / ${loadAfter}`);
    for (const [name] of mix) {
      const mine = results.filter((r) => r.name === name).map((r) => r.ms);
      figure(
        `${prefix}p95 ms ${name}`,
        `${Math.round(percentile(mine, 95) * 10) / 10} (n=${mine.length})`,
      );
    }
    const problems = [];
    if (errors.length > 0) {
      const byKind = new Map();
      for (const e of errors) {
        const key = `${e.name} ${e.status || e.error}`;
        byKind.set(key, (byKind.get(key) ?? 0) + 1);
      }
      problems.push(
        `${errors.length} errors: ${[...byKind].map(([k, n]) => `${k} ×${n}`).join(', ')}; first: ${JSON.stringify(errors[0].body)?.slice(0, 300)}`,
      );
    }
    if (p(95) > p95Limit) problems.push(`p95 ${p(95)} ms > ${p95Limit} ms`);
    return { ok: problems.length === 0, foreignCores, problems };
  };

  // A run disturbed by other work on the machine is not evidence about the server: when it misses
  // the target while foreign CPU averaged more than FAULTS_LOAD_FOREIGN_CORES, measure once more
  // and judge by that run (both are reported).
  const first = await measure('');
  let verdict = first;
  if (!first.ok && first.foreignCores > foreignLimitCores) {
    log(
      `missed the target (${first.problems.join('; ')}) while other processes used ` +
        `${first.foreignCores.toFixed(2)} cores on average (> ${foreignLimitCores}): measuring once more`,
    );
    figure('first run disturbed by foreign CPU', first.problems.join('; '));
    verdict = await measure('run 2: ');
  }
  for (const problem of verdict.problems)
    fail(
      verdict.foreignCores > foreignLimitCores
        ? `${problem} (other processes used ${verdict.foreignCores.toFixed(2)} cores meanwhile)`
        : problem,
    );
  // Every acknowledged invite (of every run, warm-ups included) is stored, with its mail in the outbox.
  const acked = all.filter((r) => r.name === 'POST invite' && r.status === 200).map((r) => r.email);
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
    'writes acknowledged (every run and warm-up)',
    all.filter((r) => r.kind === 'write' && r.status === 200).length,
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
