#!/usr/bin/env node
// `node bench/worker-backlog.mjs` (bench/README.md, 'A worker's backlog beside the web copies'):
// does a media worker chewing a backlog of 100 VP8 answers (encodes) move a `web` copy's p99 for
// the console's mix at 100 requests/s by more than 10%? Starts one PostgreSQL cluster, one `web`
// copy (PRACTICA_ROLE=web) and one `worker` (PRACTICA_ROLE=worker) of the built server
// (server/dist/main.js, or FAULTS_SERVER_ENTRY) on the demo data, then sends the mix open loop:
//   1. idle: the worker running with nothing to do;
//   2. backlog, `nice -n 19`: 100 VP8 answers queued, the worker restarted niced;
//   3. backlog, `taskset -c 1 nice -n 19`: the worker (and its ffmpeg) pinned to one core.
// Prints p50/p99 per phase, the ratio to the idle p99, the web copy's CPU per request, the CPU the
// worker's ffmpeg took and the machine's busy cores beside them; exits 1 when phase 2 misses the
// target (p99 ≤ 1.10 × idle) or when other processes took more than 0.25 cores in a phase (then
// the run is no evidence either way). Options: --rate=N (100), --seconds=N (30), --warmup=N (3),
// --backlog=N (100), --no-taskset, --encode-threads=N (the worker's MEDIA_ENCODE_THREADS; unset:
// ffmpeg's choice, a thread per core), --worker-limit=nice|idle|quota:<cores> (how phase 2 holds
// the worker back: `nice -n 19` (default); the SCHED_IDLE policy, `chrt --idle 0`; or niced in a
// cgroup with a CPU quota of that many cores, which needs a writable cgroup cpu controller).
/* global fetch */
import { Buffer } from 'node:buffer';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { cleanup } from '../test/faults/lib/cleanup.mjs';
import { cpuMs, machineBusyMs, postmasterPid, treeCpuMs } from '../test/faults/lib/cpu.mjs';
import { demoFixture, inviteBody, setSeats } from '../test/faults/lib/demo.mjs';
import { createClient, dataOf, login } from '../test/faults/lib/http.mjs';
import { query, startCluster } from '../test/faults/lib/postgres.mjs';
import { portBase, serverEnv, startServer, tempDir } from '../test/faults/lib/server.mjs';
import { interleave, openLoop } from './lib/drive.mjs';

const { values: args } = parseArgs({
  options: {
    rate: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '3' },
    backlog: { type: 'string', default: '100' },
    'no-taskset': { type: 'boolean' },
    'encode-threads': { type: 'string' },
    'worker-limit': { type: 'string', default: 'nice' },
  },
});
const rate = Number(args.rate);
const seconds = Number(args.seconds);
const warmup = Number(args.warmup);
const backlog = Number(args.backlog);
const log = (m) => process.stdout.write(`[worker-backlog] ${m}\n`);

/**
 * The console's mix (bench/README.md, 'The console's mix') on the demo data: the same calls and
 * shares, without the review (4%): reviewing the few demo answers over and over would measure a
 * review of a review. Answers `next(i)` → `{method, path, headers, body, tag}`.
 */
function consoleMix(fixture, assignmentIds, run) {
  const weights = [
    { key: 'answers', weight: 22 },
    { key: 'answer', weight: 22 },
    { key: 'assignment', weight: 12 },
    { key: 'assignments', weight: 10 },
    { key: 'users', weight: 10 },
    { key: 'groups', weight: 7 },
    { key: 'users-search', weight: 6 },
    { key: 'invite', weight: 3 },
    { key: 'users-deep', weight: 2 },
    { key: 'organizations', weight: 2 },
  ];
  const order = interleave(weights);
  const as = (who) => ({ authorization: `Bearer ${fixture.tokens[who]}` });
  const pick = (list, i) => list[i % list.length];
  let invites = 0;
  const calls = {
    answers: () => ({ path: '/api/assignments/answers?status=2', headers: as('manager') }),
    answer: (i) => ({
      path: `/api/assignments/answers/${pick(fixture.reviews, i).answerId}`,
      headers: as('manager'),
    }),
    assignment: (i) => ({
      path: `/api/assignments/${pick(assignmentIds, i)}`,
      headers: as('manager'),
    }),
    assignments: () => ({ path: '/api/assignments?status=3', headers: as('manager') }),
    users: () => ({ path: '/api/users?page=1&pageSize=25', headers: as('manager') }),
    groups: () => ({
      path: '/api/groups?includes=users&page=1&pageSize=25',
      headers: as('manager'),
    }),
    'users-search': () => ({
      path: '/api/users?search=demo&page=1&pageSize=25',
      headers: as('manager'),
    }),
    invite: () => ({
      method: 'POST',
      path: '/api/invites',
      headers: as('admin'),
      body: inviteBody(fixture.organizationId, `bench-${run}-${(invites += 1)}@bench.test`),
    }),
    'users-deep': () => ({ path: '/api/users?page=2&pageSize=25', headers: as('manager') }),
    organizations: () => ({ path: '/api/organizations?page=1&pageSize=25', headers: as('admin') }),
  };
  return (i) => {
    const key = order[i % order.length];
    return { method: 'GET', ...calls[key](i), tag: key };
  };
}

/**
 * A VP8/Opus WebM of `secs` seconds at 640×360 (what Firefox records), made with ffmpeg once and
 * kept in the system temp folder for later runs.
 */
function vp8Recording(secs) {
  const out = path.join(tmpdir(), `practica-bench-vp8-640x360-${secs}s.webm`);
  if (!existsSync(out)) {
    const partial = `${out}.${process.pid}.webm`;
    execFileSync('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', `testsrc2=size=640x360:rate=30:duration=${secs}`],
      ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${secs}`],
      ...['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '1M'],
      ...['-c:a', 'libopus', '-shortest', partial],
    ]);
    renameSync(partial, out);
  }
  return readFileSync(out);
}

/** Sends `bytes` as my answer to `questionId` in one tus creation-with-upload POST. */
async function uploadAnswer(base, token, assignmentId, questionId, bytes) {
  const metadata = Object.entries({
    assignmentId: String(assignmentId),
    questionId: String(questionId),
    filetype: 'video/webm',
    filename: `answer-${questionId}.webm`,
    duration: '10',
  })
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');
  const res = await fetch(`${base}/api/me/uploads`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'tus-resumable': '1.0.0',
      'upload-length': String(bytes.length),
      'upload-metadata': metadata,
      'content-type': 'application/offset+octet-stream',
    },
    body: bytes,
  });
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
}

/**
 * One measured phase: `warmup` s then `seconds` s of the mix at `rate`/s against `web`. Answers
 * p50/p99, the web copy's CPU ms per request, and the cores used meanwhile by the web copy, the
 * worker with its ffmpeg, PostgreSQL (`dataDir`'s postmaster and backends), this client and the
 * machine's other processes.
 */
async function phase(name, { web, worker, next, dataDir }) {
  await openLoop({ base: web.url, rate, seconds: warmup, next, connections: 50 });
  const web0 = cpuMs(web.pid);
  // The worker's tree: its live ffmpeg and the ended ones it reaped (test/faults/lib/cpu.mjs).
  const worker0 = treeCpuMs(worker.pid);
  const pgPid = postmasterPid(dataDir);
  const pg0 = treeCpuMs(pgPid);
  const client0 = process.cpuUsage();
  const busy0 = machineBusyMs();
  const t0 = Date.now();
  const result = await openLoop({ base: web.url, rate, seconds, next, connections: 50 });
  const ms = Date.now() - t0;
  const webMs = cpuMs(web.pid) - web0;
  const workerMs = treeCpuMs(worker.pid) - worker0;
  const pgMs = treeCpuMs(pgPid) - pg0;
  const client = process.cpuUsage(client0);
  const clientMs = (client.user + client.system) / 1000;
  const busyMs = machineBusyMs() - busy0;
  const summary = {
    name,
    p50: result.p50,
    p99: result.p99,
    p999: result.p999,
    errors: result.errors,
    requests: result.requests,
    webCpuMsPerRequest: webMs / result.requests,
    webCores: webMs / ms,
    workerCores: workerMs / ms,
    pgCores: pgMs / ms,
    clientCores: clientMs / ms,
    machineBusyCores: busyMs / ms,
    otherCores: Math.max(0, busyMs - webMs - workerMs - pgMs - clientMs) / ms,
  };
  log(
    `${name}: p50 ${summary.p50.toFixed(1)} ms, p99 ${summary.p99.toFixed(1)} ms, errors ${summary.errors}; ` +
      `cores: web ${summary.webCores.toFixed(2)}, worker+ffmpeg ${summary.workerCores.toFixed(2)}, ` +
      `PostgreSQL ${summary.pgCores.toFixed(2)}, client ${summary.clientCores.toFixed(2)}, ` +
      `other processes ${summary.otherCores.toFixed(2)} (machine busy ${summary.machineBusyCores.toFixed(2)})`,
  );
  for (const [tag, t] of Object.entries(result.tags ?? {}))
    if (t.errors > 0) log(`  ${tag}: ${t.errors} errors, statuses ${JSON.stringify(t.statuses)}`);
  return summary;
}

/** Answers of the backlog not yet processed (media jobs still pending). */
async function pendingJobs(url) {
  const [row] = await query(url, 'select count(*)::int as n from media_jobs where status = 0');
  return row.n;
}

/**
 * How phase 2 holds the worker back, from `--worker-limit`: `nice` (nice -n 19), `idle` (the
 * SCHED_IDLE policy through util-linux `chrt`) or `quota:<cores>` (niced, in a CPU quota of that
 * many cores). Answers `{name, launcher, quotaCores}`; throws on another value.
 */
function workerLimit(value) {
  if (value === 'nice') return { name: 'nice -n 19', launcher: ['nice', '-n', '19'] };
  if (value === 'idle') return { name: 'chrt --idle 0', launcher: ['chrt', '--idle', '0'] };
  const quota = /^quota:(\d+(?:\.\d+)?)$/.exec(value ?? '');
  if (quota && Number(quota[1]) > 0)
    return {
      name: `nice -n 19, CPU quota ${quota[1]} cores`,
      launcher: ['nice', '-n', '19'],
      quotaCores: Number(quota[1]),
    };
  throw new Error(`--worker-limit: nice, idle or quota:<cores>, not ${value}`);
}

/**
 * Puts process `pid` (and the children it starts from now on: ffmpeg) in a new cgroup whose CPU
 * time is bounded to `cores` cores (cgroup v1 `cpu.cfs_quota_us`, or v2 `cpu.max`, over 100 ms
 * periods). Answers `{release()}`, which moves the process back and removes the group. Throws
 * when no writable cpu controller is mounted.
 */
function cpuQuotaGroup(cores, pid) {
  const quotaUs = String(Math.round(cores * 100_000));
  const v1 = '/sys/fs/cgroup/cpu';
  const root = existsSync(`${v1}/cpu.cfs_quota_us`) ? v1 : '/sys/fs/cgroup';
  const dir = `${root}/practica-backlog-${process.pid}`;
  mkdirSync(dir);
  if (root === v1) writeFileSync(`${dir}/cpu.cfs_quota_us`, quotaUs);
  else writeFileSync(`${dir}/cpu.max`, `${quotaUs} 100000`);
  writeFileSync(`${dir}/cgroup.procs`, String(pid));
  return {
    release() {
      for (const p of readFileSync(`${dir}/cgroup.procs`, 'utf8').split('\n').filter(Boolean)) {
        try {
          writeFileSync(`${root}/cgroup.procs`, p);
        } catch {
          // Gone already.
        }
      }
      rmdirSync(dir);
    },
  };
}

async function main() {
  const dir = tempDir('worker-backlog');
  const pg = await startCluster();
  const url = await pg.createDatabase('backlog');
  const env = serverEnv({
    DATABASE_URL: url,
    DATA_DIR: dir,
    LOGIN_RATE_PER_MINUTE: '100000',
    MEDIA_POLL_MS: '1000',
  });
  const webEnv = { ...env, PRACTICA_ROLE: 'web' };
  const workerEnv = {
    ...env,
    PRACTICA_ROLE: 'worker',
    ...(args['encode-threads'] ? { MEDIA_ENCODE_THREADS: args['encode-threads'] } : {}),
  };
  const web = await startServer({ name: 'web', port: portBase + 20, env: webEnv });
  let worker = await startServer({ name: 'worker', port: portBase + 21, env: workerEnv });
  const client = createClient(web.url, { timeoutMs: 30_000 });
  const fixture = await demoFixture(client);
  await setSeats(client, fixture.tokens.admin, fixture.organizationId, 10_000, 10);
  const assignments = dataOf(
    await client.get('/api/assignments', { token: fixture.tokens.manager }),
    'assignments',
  );
  const assignmentIds = assignments.list.map((a) => a.id);
  const run = Math.random().toString(36).slice(2, 8);
  const next = consoleMix(fixture, assignmentIds, run);
  const results = [];
  log(
    `mix at ${rate}/s for ${seconds} s (warm-up ${warmup} s); worker MEDIA_ENCODE_THREADS ${args['encode-threads'] ?? 'unset'}; load average before: ${readFileSync('/proc/loadavg', 'utf8').trim()}`,
  );

  // The demo's own videos queue media jobs at the seed: the idle phase starts when the worker has
  // done them (at most 3 minutes), or the idle baseline would carry their encodes.
  for (let waited = 0; (await pendingJobs(url)) > 0 && waited < 180; waited += 2)
    await sleep(2_000);
  log(`idle phase: ${await pendingJobs(url)} media jobs pending`);
  results.push(await phase('idle worker', { web, worker, next, dataDir: pg.dataDir }));

  // The backlog: the worker stopped, 100 VP8 answers uploaded (their jobs queue), then the worker
  // restarted niced.
  await worker.stop();
  const video = vp8Recording(10);
  const demoTrainee = await login(client, 'trainee@demo.test');
  const open = dataOf(await client.get('/api/me/assignments', { token: demoTrainee }), 'mine');
  const assignment = open.list.find((a) => a.canAnswer);
  const detail = dataOf(
    await client.get(`/api/me/assignments/${assignment.id}`, { token: demoTrainee }),
    'my assignment',
  );
  const questionIds = detail.questions.map((q) => q.id);
  const perTrainee = questionIds.length;
  const traineeCount = Math.ceil(backlog / perTrainee);
  const ids = [];
  const tokens = [];
  for (let i = 0; i < traineeCount; i += 1) {
    const email = `backlog-${run}-${i}@bench.test`;
    const invite = dataOf(
      await client.post('/api/invites', inviteBody(fixture.organizationId, email), {
        token: fixture.tokens.admin,
      }),
      'invite',
    );
    const accepted = dataOf(
      await client.post('/api/invites/accept', {
        firstName: 'Backlog',
        lastName: `Trainee ${i}`,
        email,
        token: invite.token,
        password: 'demo1234',
      }),
      'accept',
    );
    ids.push(accepted.id);
  }
  dataOf(
    await client.put(
      `/api/assignments/${assignment.id}/add`,
      { ids },
      { token: fixture.tokens.manager },
    ),
    'add trainees',
  );
  for (let i = 0; i < traineeCount; i += 1)
    tokens.push(await login(client, `backlog-${run}-${i}@bench.test`));
  let sent = 0;
  for (let i = 0; i < traineeCount && sent < backlog; i += 1)
    for (const q of questionIds) {
      if (sent >= backlog) break;
      await uploadAnswer(web.url, tokens[i], assignment.id, q, video);
      sent += 1;
    }
  log(`backlog: ${sent} VP8 answers of 10 s queued (${await pendingJobs(url)} media jobs pending)`);

  const limit = workerLimit(args['worker-limit']);
  worker = await startServer({
    name: 'worker',
    port: portBase + 21,
    env: workerEnv,
    launcher: limit.launcher,
  });
  const cgroup = limit.quotaCores ? cpuQuotaGroup(limit.quotaCores, worker.pid) : null;
  await sleep(2_000); // the first encode under way
  try {
    results.push(
      await phase(`backlog, worker ${limit.name}`, { web, worker, next, dataDir: pg.dataDir }),
    );
  } finally {
    cgroup?.release();
  }
  log(`jobs still pending: ${await pendingJobs(url)}`);

  if (!args['no-taskset']) {
    await worker.stop();
    worker = await startServer({
      name: 'worker',
      port: portBase + 21,
      env: workerEnv,
      launcher: ['taskset', '-c', '1', 'nice', '-n', '19'],
    });
    await sleep(2_000);
    results.push(
      await phase('backlog, worker taskset -c 1 nice -n 19', {
        web,
        worker,
        next,
        dataDir: pg.dataDir,
      }),
    );
    log(`jobs still pending: ${await pendingJobs(url)}`);
  }
  client.close();

  const idle = results[0].p99;
  process.stdout.write(
    '\n| phase | p50 ms | p99 ms | p99 / idle | errors | web CPU ms/request | cores: web | worker + ffmpeg | PostgreSQL | client | other processes |\n' +
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n',
  );
  for (const r of results)
    process.stdout.write(
      `| ${r.name} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${(r.p99 / idle).toFixed(2)} | ${r.errors} | ` +
        `${r.webCpuMsPerRequest.toFixed(2)} | ${r.webCores.toFixed(2)} | ${r.workerCores.toFixed(2)} | ` +
        `${r.pgCores.toFixed(2)} | ${r.clientCores.toFixed(2)} | ${r.otherCores.toFixed(2)} |\n`,
    );
  const ratio = results[1].p99 / idle;
  // Other processes' CPU is not the worker's doing: beyond a quarter core in a phase the
  // comparison says nothing about the target, either way (test/faults/README.md, 'A busy machine
  // is not evidence about the server').
  const busiest = Math.max(...results.map((r) => r.otherCores));
  const quiet = busiest <= 0.25;
  const ok = quiet && ratio <= 1.1;
  log(
    `target p99 with the niced backlog ≤ 1.10 × idle: ${ratio.toFixed(2)} → ` +
      (quiet
        ? ok
          ? 'met'
          : 'MISSED'
        : `INCONCLUSIVE: other processes took up to ${busiest.toFixed(2)} cores during a phase (at most 0.25)`),
  );
  return ok;
}

let ok = false;
try {
  ok = await main();
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.stack : error}\n`);
} finally {
  await cleanup();
}
process.exitCode = ok ? 0 : 1;
