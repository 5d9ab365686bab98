#!/usr/bin/env node
// `npm run bench` (bench/README.md): the server benchmark. Loads a large dataset into a throwaway
// PostgreSQL, drives the real built server with autocannon (closed loop) and compares each list
// and detail call with its raw-SQL reference, counts SQL statements per request, sends the
// console's mix open loop at a fixed rate and then at rising rates (the machine's capacity),
// repeats the list calls on a 10× smaller dataset, prints the tables, writes bench/results.json
// (and with --compare the CPU per request against an earlier one) and exits non-zero when a target
// is missed. The options are listed in bench/README.md, 'Options'.
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { freePort, startPostgres } from '../scripts/lib/postgres.mjs';
import { buildServer } from './lib/build-server.mjs';
import { prepareDatabase } from './lib/database.mjs';
import {
  cpuMeter,
  hammer,
  interleave,
  openLoop,
  rawSql,
  sampleSqlCounts,
  statementsOf,
} from './lib/drive.mjs';
import { login, startServer } from './lib/server.mjs';
import {
  compareCpu,
  crossingRate,
  evaluate,
  printComparison,
  printTable,
  targets,
} from './lib/report.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const password = 'bench-pass-1';
const bigOrganizationId = 1;
/** Each capacity step's rate over the one before it, and the most steps taken. */
const capacityGrowth = 1.25;
const capacitySteps = 12;

/** The stages `--only` selects besides the calls' keys. */
const stageKeys = ['login', 'mix', 'capacity'];

/** A mistake on the command line: reported without a stack trace. */
class UsageError extends Error {}

/** The command line (bench/README.md, 'Options'); throws a UsageError on an unknown option. */
function options(argv) {
  const parse = (config) => {
    try {
      return parseArgs(config);
    } catch (error) {
      throw new UsageError(error.message);
    }
  };
  const { values } = parse({
    args: argv,
    strict: true,
    options: {
      quick: { type: 'boolean' },
      seconds: { type: 'string' },
      warmup: { type: 'string' },
      connections: { type: 'string' },
      'mix-seconds': { type: 'string' },
      'mix-rate': { type: 'string' },
      'step-seconds': { type: 'string' },
      port: { type: 'string' },
      only: { type: 'string' },
      'no-small': { type: 'boolean' },
      'no-compression': { type: 'boolean' },
      'large-url': { type: 'string' },
      'small-url': { type: 'string' },
      server: { type: 'string' },
      compare: { type: 'string' },
      against: { type: 'string' },
    },
  });
  const quick = values.quick ?? false;
  const number = (name, fallback) => {
    if (values[name] === undefined) return fallback;
    const n = Number(values[name]);
    if (!Number.isFinite(n) || n <= 0) throw new UsageError(`--${name} wants a positive number`);
    return n;
  };
  return {
    seconds: number('seconds', quick ? 3 : 10),
    warmup: number('warmup', quick ? 1 : 3),
    connections: number('connections', 50),
    mixSeconds: number('mix-seconds', quick ? 3 : targets.mix.seconds),
    mixRate: number('mix-rate', targets.mix.rate),
    stepSeconds: number('step-seconds', quick ? 2 : 10),
    port: values.port === undefined ? undefined : number('port'),
    only: values.only === undefined ? null : values.only.split(',').map((k) => k.trim()),
    small: !values['no-small'],
    largeUrl: values['large-url'] ?? null,
    smallUrl: values['small-url'] ?? null,
    server: values.server === undefined ? null : path.resolve(values.server),
    compression: !values['no-compression'],
    compare: values.compare ?? null,
    against: values.against ?? null,
    sqlSamples: quick ? 5 : 10,
  };
}

const log = (line = '') => process.stdout.write(`${line}\n`);
const loadAverage = () =>
  os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');

/** Ids and request material of the dataset, read once per database. */
async function discover(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const ids = async (text, values = []) => (await client.query(text, values)).rows;
    const assignments = await ids(
      `select id from assignments where organization_id = $1 order by id`,
      [bigOrganizationId],
    );
    const detailAnswers = await ids(
      `select a.id from answers a join assignments s on s.id = a.assignment_id
       join users u on u.id = a.user_id
       where s.organization_id = $1 and a.status_id in (2, 3) and u.deleted_at is null
       order by a.id limit 2000`,
      [bigOrganizationId],
    );
    const reviewable = await ids(
      `select a.id, a.user_id as "userId", s.ratings_id as "ratingsId", s.feedback_id as "feedbackId"
       from answers a join assignments s on s.id = a.assignment_id
       join users u on u.id = a.user_id
       where s.organization_id = $1 and s.status_id = 3 and a.status_id in (2, 3) and u.deleted_at is null
       order by a.id`,
      [bigOrganizationId],
    );
    const formIds = [...new Set(reviewable.flatMap((r) => [r.ratingsId, r.feedbackId]))];
    const questions = await ids(
      `select q.id, q.content_id as "contentId", q.question_type_id as "typeId",
              coalesce(array_agg(o.id order by o.position, o.id) filter (where o.id is not null), '{}') as options
       from questions q left join question_options o on o.question_id = q.id
       where q.content_id = any($1) group by q.id order by q.position, q.id`,
      [formIds],
    );
    const answerOf = (q) => {
      if (q.typeId === 4) return { questionId: q.id, text: '4' };
      if (q.typeId === 2) return { questionId: q.id, text: String(q.options[0]) };
      if (q.typeId === 3) return { questionId: q.id, text: q.options.slice(0, 2).join(',') };
      return { questionId: q.id, text: 'Clear answers; keep practising.' };
    };
    const formAnswers = (contentId) =>
      questions.filter((q) => q.contentId === contentId).map(answerOf);
    const organizations = await ids(`select id from organizations where active order by id`);
    const trainees = await ids(
      `select u.email from users u join organizations o on o.id = u.organization_id
       where u.role_id = 1 and u.active and u.deleted_at is null and o.active order by u.id limit 500`,
    );
    // Trainees of the big organization with a reviewed answer, for their progress (decisions.md#insights-and-administration §1).
    const progressUsers = await ids(
      `select distinct a.user_id as id from answers a join assignments s on s.id = a.assignment_id
       join users u on u.id = a.user_id
       where s.organization_id = $1 and a.status_id = 3 and u.deleted_at is null
       order by a.user_id limit 500`,
      [bigOrganizationId],
    );
    const [{ n: bigUsers }] = await ids(
      `select count(*)::int as n from users where organization_id = $1 and deleted_at is null`,
      [bigOrganizationId],
    );
    return {
      assignmentIds: assignments.map((r) => r.id),
      detailAnswerIds: detailAnswers.map((r) => r.id),
      reviews: reviewable.map((r) => ({
        id: r.id,
        userId: r.userId,
        body: {
          answers: { ratings: formAnswers(r.ratingsId), feedback: formAnswers(r.feedbackId) },
        },
      })),
      organizationIds: organizations.map((r) => r.id),
      progressUserIds: progressUsers.map((r) => r.id),
      traineeEmails: trainees.map((r) => r.email),
      bigUsers,
    };
  } finally {
    await client.end();
  }
}

/**
 * The benchmarked calls. `kind` decides the targets: list and detail calls have them all (each is
 * also measured against its raw-SQL reference: the statements the server ran for the call's first
 * request, replayed with a plain `pg` pool at the same concurrency); writes must not fail; `info`
 * is the framework without a database; `insight` calls (decisions.md#insights-and-administration §1) are measured below saturation
 * (open loop at `targets.insight.rate`) instead of in the closed loop. `mix` is the call's weight,
 * in percent, in the console's mix (bench/README.md, 'The console's mix'). `next(i)` answers the
 * i-th request of the call.
 */
function endpoints(data, runId) {
  const deepPage = 100;
  const pick = (list, i) => list[i % list.length];
  return [
    {
      key: 'info',
      label: 'GET /api/info (no database)',
      kind: 'reference',
      auth: null,
      next: () => ({ method: 'GET', path: '/api/info' }),
    },
    {
      key: 'users',
      label: 'GET /api/users page 1',
      kind: 'list',
      mix: 10,
      auth: 'manager',
      raw: true,
      next: () => ({ method: 'GET', path: '/api/users?page=1&pageSize=25' }),
    },
    {
      key: 'users-deep',
      label: `GET /api/users page ${deepPage}`,
      kind: 'list',
      mix: 2,
      auth: 'manager',
      raw: true,
      next: () => ({ method: 'GET', path: `/api/users?page=${deepPage}&pageSize=25` }),
    },
    {
      key: 'users-search',
      label: 'GET /api/users search',
      kind: 'list',
      mix: 6,
      auth: 'manager',
      raw: true,
      next: () => ({ method: 'GET', path: '/api/users?search=mar&page=1&pageSize=25' }),
    },
    {
      key: 'organizations',
      label: 'GET /api/organizations',
      kind: 'list',
      mix: 2,
      auth: 'admin',
      raw: true,
      next: () => ({ method: 'GET', path: '/api/organizations?page=1&pageSize=25' }),
    },
    {
      key: 'groups',
      label: 'GET /api/groups?includes=users',
      kind: 'list',
      mix: 7,
      auth: 'manager',
      raw: true,
      next: () => ({ method: 'GET', path: '/api/groups?includes=users&page=1&pageSize=25' }),
    },
    {
      key: 'assignments',
      label: 'GET /api/assignments?status=3',
      kind: 'list',
      mix: 10,
      auth: 'manager',
      raw: true,
      next: () => ({ method: 'GET', path: '/api/assignments?status=3' }),
    },
    {
      key: 'assignment',
      label: 'GET /api/assignments/{id}',
      kind: 'detail',
      mix: 12,
      auth: 'manager',
      raw: true,
      next: (i) => ({ method: 'GET', path: `/api/assignments/${pick(data.assignmentIds, i)}` }),
    },
    {
      key: 'answers',
      label: 'GET /api/assignments/answers?status=2',
      kind: 'list',
      mix: 22,
      auth: 'manager',
      raw: true,
      next: () => ({ method: 'GET', path: '/api/assignments/answers?status=2' }),
    },
    {
      key: 'answer',
      label: 'GET /api/assignments/answers/{id}',
      kind: 'detail',
      mix: 22,
      auth: 'manager',
      raw: true,
      next: (i) => ({
        method: 'GET',
        path: `/api/assignments/answers/${pick(data.detailAnswerIds, i)}`,
      }),
    },
    {
      key: 'review',
      label: 'POST review',
      kind: 'write',
      mix: 4,
      auth: 'manager',
      next: (i) => {
        const r = pick(data.reviews, i);
        return {
          method: 'POST',
          path: `/api/assignments/interviews/answers/review/${r.id}?userId=${r.userId}`,
          body: r.body,
        };
      },
    },
    {
      key: 'invite',
      label: 'POST /api/invites',
      kind: 'write',
      mix: 3,
      auth: 'admin',
      next: (i) => ({
        method: 'POST',
        path: '/api/invites',
        body: {
          organizationId: pick(data.organizationIds, i),
          roleId: 1,
          firstName: 'Bench',
          lastName: 'Invitee',
          email: `invitee.${runId}.${i}@bench-invites.test`,
        },
      }),
    },
    {
      key: 'assignment-insights',
      label: `GET /api/assignments/{id}/insights at ${targets.insight.rate}/s`,
      kind: 'insight',
      auth: 'manager',
      next: (i) => ({
        method: 'GET',
        path: `/api/assignments/${pick(data.assignmentIds, i)}/insights`,
      }),
    },
    {
      key: 'trainee-progress',
      label: `GET /api/users/{id}/progress at ${targets.insight.rate}/s`,
      kind: 'insight',
      auth: 'manager',
      next: (i) => ({
        method: 'GET',
        path: `/api/users/${pick(data.progressUserIds, i)}/progress`,
      }),
    },
    {
      key: 'reviewer-consistency',
      label: `GET /api/organizations/{id}/reviewer-consistency at ${targets.insight.rate}/s`,
      kind: 'insight',
      auth: 'manager',
      next: () => ({
        method: 'GET',
        path: `/api/organizations/${bigOrganizationId}/reviewer-consistency`,
      }),
    },
  ];
}

/** An earlier run's bench/results.json. */
const readResults = (file) => JSON.parse(readFileSync(file, 'utf8'));

async function main() {
  const opts = options(process.argv.slice(2));
  const before = opts.compare ? readResults(opts.compare) : null;
  if (opts.against) {
    // Two results files and no run.
    if (!before) throw new UsageError('--against wants --compare <earlier results.json>');
    const rows = compareCpu(before, readResults(opts.against));
    printComparison(rows, opts.compare, log);
    process.exitCode = rows.some((r) => r.risen) ? 1 : 0;
    return;
  }
  const known = [...endpoints({}, '').map((e) => e.key), ...stageKeys];
  const unknown = (opts.only ?? []).filter((key) => !known.includes(key));
  if (unknown.length)
    throw new UsageError(`--only: unknown ${unknown.join(', ')} (known: ${known.join(', ')})`);
  const selected = (key) => !opts.only || opts.only.includes(key);

  const started = performance.now();
  const runId = Date.now().toString(36);
  const cleanups = [];
  const cleanup = async () => {
    while (cleanups.length)
      await cleanups
        .pop()()
        .catch(() => {});
  };
  process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));

  const results = {
    startedAt: new Date().toISOString(),
    machine: { cpus: os.cpus().length, node: process.version, loadAverageAtStart: os.loadavg() },
    options: opts,
    datasets: {},
    endpoints: [],
    mix: null,
    capacity: null,
    small: [],
    login: null,
  };
  try {
    log(`Practica server benchmark — ${os.cpus().length} cores, load average ${loadAverage()}`);
    log('Building the server into a private folder…');
    const build = await buildServer();
    cleanups.push(async () => build.remove());
    if (opts.server) build.main = opts.server;
    const { hashPassword } = await import(build.password);
    const passwordHash = await hashPassword(password);

    let large;
    let small = null;
    if (opts.largeUrl) {
      log('Reusing the loaded databases given on the command line.');
      large = { url: opts.largeUrl, load: null };
      if (opts.small && opts.smallUrl) small = { url: opts.smallUrl, load: null };
      else opts.small = false;
    } else {
      log('Starting a throwaway PostgreSQL…');
      const cluster = await startPostgres();
      cleanups.push(async () => cluster.stop());
      log('Loading the large dataset (set-based SQL)…');
      large = await prepareDatabase(cluster.url, 'bench_large', { scale: 1, passwordHash, log });
      results.datasets.large = { ...large.load.size, loadSeconds: large.load.totalSeconds };
      log(`Large dataset loaded in ${large.load.totalSeconds.toFixed(1)} s (migrations included).`);
      if (opts.small) {
        log('Loading the 10× smaller dataset…');
        small = await prepareDatabase(cluster.url, 'bench_small', {
          scale: 0.1,
          passwordHash,
          log: () => {},
        });
        results.datasets.small = { ...small.load.size, loadSeconds: small.load.totalSeconds };
        log(`Small dataset loaded in ${small.load.totalSeconds.toFixed(1)} s.`);
      }
    }

    const port = opts.port ?? (await freePort());
    const headers = opts.compression ? { 'accept-encoding': 'gzip, deflate, br' } : {};
    const data = await discover(large.url);
    const calls = endpoints(data, runId).filter((e) => selected(e.key));

    /** A server on `url` with the tokens of the admin and of the big organization's manager. */
    const open = async (url, serverPort, countSql = false) => {
      const server = await startServer({
        main: build.main,
        url,
        port: serverPort,
        countSql,
        loginRatePerMinute: 1200,
      });
      const stop = () => server.stop();
      cleanups.push(stop);
      const tokens = {
        admin: await login(server.base, 'admin@bench.test', password),
        manager: await login(server.base, `manager.${bigOrganizationId}@bench.test`, password),
      };
      return {
        server,
        url,
        headersFor: (call) => ({
          ...headers,
          ...(call.auth ? { authorization: `Bearer ${tokens[call.auth]}` } : {}),
        }),
        async close() {
          await server.stop();
          cleanups.splice(cleanups.indexOf(stop), 1);
        },
      };
    };
    /** Warm-up, then the measured closed-loop run with the CPU meter. */
    const measure = async (target, call) => {
      const counter = { i: 0 };
      const common = {
        base: target.server.base,
        headers: target.headersFor(call),
        next: call.next,
        connections: opts.connections,
        counter,
      };
      await hammer({ ...common, seconds: opts.warmup });
      const meter = await cpuMeter({ serverPid: target.server.pid, dbUrl: target.url });
      return hammer({ ...common, seconds: opts.seconds, meter });
    };
    const line = (label, r) =>
      `  ${label.padEnd(40)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  errors ${r.errors}  (load ${loadAverage()})`;

    // 1. SQL statements per request, and the statements of the list and detail calls, from a
    // server that counts them (BENCH_SQL_COUNT=1); the load runs below use one without the counter.
    const sqlCounts = {};
    const rawStatements = {};
    if (calls.length) {
      log('\nCounting SQL statements per request (BENCH_SQL_COUNT=1)…');
      const counting = await open(large.url, port, true);
      for (const call of calls) {
        const sample = await sampleSqlCounts({
          base: counting.server.base,
          headers: counting.headersFor(call),
          next: call.next,
          count: opts.sqlSamples,
          start: 1_000_000,
        });
        if (sample.max === null) {
          log('  this build does not count SQL statements (no BENCH_SQL_COUNT support).');
          break;
        }
        sqlCounts[call.key] = sample;
        if (call.raw)
          rawStatements[call.key] = await statementsOf({
            base: counting.server.base,
            headers: counting.headersFor(call),
            request: call.next(0),
          });
        log(
          `  ${call.label.padEnd(40)} ${sample.max} statements (min ${sample.min}); statuses ${JSON.stringify(sample.statuses)}`,
        );
      }
      await counting.close();
    }

    // 2. The insight views below saturation (decisions.md#insights-and-administration §1): each alone, open loop at a low rate,
    // before the writes below add reviews to the history they read.
    const target = await open(large.url, port);
    const insightCalls = calls.filter((c) => c.kind === 'insight');
    if (insightCalls.length)
      log(
        `\nInsights below saturation: open loop at ${targets.insight.rate}/s, ${opts.warmup} s warm-up + ${opts.seconds} s per call.`,
      );
    for (const call of insightCalls) {
      const run = (seconds, from, meter) =>
        openLoop({
          base: target.server.base,
          rate: targets.insight.rate,
          seconds,
          connections: opts.connections,
          meter,
          next: (i) => ({ ...call.next(i + from), headers: target.headersFor(call) }),
        });
      await run(opts.warmup, 0);
      const meter = await cpuMeter({ serverPid: target.server.pid, dbUrl: target.url });
      const r = await run(opts.seconds, Math.round(opts.warmup * targets.insight.rate), meter);
      results.endpoints.push({
        key: call.key,
        label: call.label,
        kind: call.kind,
        ...r,
        sql: sqlCounts[call.key]?.max ?? null,
        sqlCounts: sqlCounts[call.key]?.counts,
      });
      log(line(call.label, r));
    }

    // 3. Closed-loop runs on the large dataset, the raw-SQL references and the logins.
    const closedCalls = calls.filter((c) => c.kind !== 'insight');
    if (closedCalls.length)
      log(
        `\nClosed loop: ${opts.connections} connections, ${opts.warmup} s warm-up + ${opts.seconds} s per call${opts.compression ? ', accept-encoding like a browser' : ''}.`,
      );
    for (const call of closedCalls) {
      const r = await measure(target, call);
      results.endpoints.push({
        key: call.key,
        label: call.label,
        kind: call.kind,
        ...r,
        sql: sqlCounts[call.key]?.max ?? null,
        sqlCounts: sqlCounts[call.key]?.counts,
      });
      log(line(call.label, r));
    }
    for (const call of calls.filter((c) => c.raw && rawStatements[c.key])) {
      const statements = rawStatements[call.key];
      const meter = await cpuMeter({ serverPid: null, dbUrl: large.url });
      const r = await rawSql({
        url: large.url,
        statements,
        seconds: opts.seconds,
        loops: opts.connections,
        poolSize: 10,
        prepared: process.env.DATABASE_PREPARED_STATEMENTS !== 'false',
        meter,
      });
      const row = results.endpoints.find((e) => e.key === call.key);
      row.raw = { ...r, statements: statements.length };
      log(line(`raw SQL of ${call.label}`, r));
    }
    if (selected('login')) {
      const emails = data.traineeEmails;
      const logins = (seconds, from) =>
        openLoop({
          base: target.server.base,
          rate: 20,
          seconds,
          connections: opts.connections,
          next: (i) => ({
            method: 'POST',
            path: '/api/auth',
            body: { email: emails[(i + from) % emails.length], password },
          }),
        });
      await logins(1, 0);
      results.login = await logins(opts.seconds, 20);
      log(
        `  POST /api/auth at 20/s                     p50 ${results.login.p50.toFixed(1)} ms  p95 ${results.login.p95.toFixed(1)} ms  errors ${results.login.errors}`,
      );
    }

    // 4. The console's mix, open loop: at the target rate, then at rising rates until p99
    // crosses the capacity limit. Each call's requests go on from one run to the next.
    if (selected('mix') || selected('capacity')) {
      const mixCalls = endpoints(data, `${runId}m`).filter((c) => c.mix);
      const order = interleave(mixCalls.map((c) => ({ key: c.key, weight: c.mix })));
      const byKey = new Map(mixCalls.map((c) => [c.key, c]));
      const sent = new Map();
      const next = (i) => {
        const call = byKey.get(order[i % order.length]);
        const n = sent.get(call.key) ?? 0;
        sent.set(call.key, n + 1);
        return { ...call.next(n), headers: target.headersFor(call), tag: call.key };
      };
      const mixAt = (rate, seconds, meter) =>
        openLoop({
          base: target.server.base,
          rate,
          seconds,
          next,
          connections: opts.connections,
          meter,
        });
      const mixLine = (r) =>
        `  ${String(r.rate).padStart(5)}/s for ${r.seconds} s  p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  p99.9 ${r.p999.toFixed(1)} ms  errors ${r.errors}  sent late p99 ${r.sendLag.p99.toFixed(2)} ms  (load ${loadAverage()})`;
      log(
        `\nThe console's mix, open loop over ${opts.connections} connections: ${opts.warmup} s warm-up, then ${opts.mixRate}/s for ${opts.mixSeconds} s.`,
      );
      await mixAt(opts.mixRate, opts.warmup);
      const meter = await cpuMeter({ serverPid: target.server.pid, dbUrl: large.url });
      results.mix = await mixAt(opts.mixRate, opts.mixSeconds, meter);
      log(mixLine(results.mix));
      if (selected('capacity')) {
        log(
          `Rising by ×${capacityGrowth}, ${opts.stepSeconds} s a step, until p99 crosses ${targets.capacityP99Ms} ms:`,
        );
        const steps = [results.mix];
        while (steps.at(-1).p99 <= targets.capacityP99Ms && steps.length <= capacitySteps) {
          const r = await mixAt(Math.round(steps.at(-1).rate * capacityGrowth), opts.stepSeconds);
          steps.push(r);
          log(mixLine(r));
        }
        results.capacity = {
          steps: steps.map(({ rate, seconds, requests, p50, p99, p999, errors, sendLag }) => ({
            rate,
            seconds,
            requests,
            p50,
            p99,
            p999,
            errors,
            sendLag,
          })),
          ...crossingRate(steps, targets.capacityP99Ms),
        };
      }
    }

    // 5. Growth: each list call on the 10× smaller dataset, then again on the large one right
    // after, so both sides of a ratio see the same machine.
    if (small && calls.some((c) => c.kind === 'list')) {
      log('\nGrowth: each list call on the 10× smaller dataset, then on the large one again:');
      const smallData = await discover(small.url);
      const smallCalls = endpoints(smallData, runId);
      const smallTarget = await open(small.url, opts.port ? port + 1 : await freePort());
      for (const call of calls.filter((c) => c.kind === 'list')) {
        const smallCall = smallCalls.find((c) => c.key === call.key);
        const r = await measure(smallTarget, smallCall);
        const again = await measure(target, call);
        results.small.push({ key: call.key, label: call.label, ...r, large: again });
        log(line(`${call.label} (small)`, r));
        log(line(`${call.label} (large)`, again));
      }
      await smallTarget.close();
    }
    await target.close();
  } finally {
    await cleanup();
  }

  results.machine.loadAverageAtEnd = os.loadavg();
  results.durationSeconds = (performance.now() - started) / 1000;
  if (before) results.comparison = { against: opts.compare, rows: compareCpu(before, results) };
  const verdict = evaluate(results);
  results.targets = verdict.targets;
  results.ok = verdict.ok;
  printTable(results, log);
  const file = path.join(here, 'results.json');
  // Formatted as the repository's Prettier would, so the file can be committed as it is.
  const prettier = await import('prettier');
  const config = (await prettier.resolveConfig(file)) ?? {};
  writeFileSync(
    file,
    await prettier.format(JSON.stringify(results), { ...config, parser: 'json' }),
  );
  log(
    `\nWritten to bench/results.json. Whole run ${(results.durationSeconds / 60).toFixed(1)} min; load average at the end ${loadAverage()}.`,
  );
  process.exitCode = verdict.ok ? 0 : 1;
}

main().catch((error) => {
  process.stderr.write(
    `${error instanceof UsageError ? error.message : (error?.stack ?? error)}\n`,
  );
  process.exit(2);
});
