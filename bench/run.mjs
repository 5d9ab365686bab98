#!/usr/bin/env node
// `npm run bench` (bench/README.md): the server benchmark of issue 9. Loads a large dataset into a
// throwaway PostgreSQL, drives the real built server with autocannon, compares with a raw-SQL
// reference, counts SQL statements per request, repeats the list endpoints on a 10× smaller
// dataset, prints one table, writes bench/results.json and exits non-zero when a target is missed.
//
// Options: --quick (3 s runs, 1 s warm-up: a smoke test, not a measurement), --seconds=N,
// --warmup=N, --connections=N, --port=N, --only=key,key (endpoint keys, see `endpoints`),
// --no-small (skip the 10× smaller dataset), --no-compression (no accept-encoding header);
// for working on the server: --large-url=URL and --small-url=URL reuse databases an earlier run
// loaded (kept with `node bench/keep-databases.mjs`) instead of loading them again, and
// --server=path/to/main.js benchmarks another build of the server (e.g. a baseline; without
// BENCH_SQL_COUNT support its SQL column stays empty).
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort, startPostgres } from '../scripts/lib/postgres.mjs';
import { buildServer } from './lib/build-server.mjs';
import { prepareDatabase } from './lib/database.mjs';
import { atRate, cpuMeter, hammer, rawSql, sampleSqlCounts, statementsOf } from './lib/drive.mjs';
import { login, startServer } from './lib/server.mjs';
import { evaluate, printTable } from './lib/report.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const password = 'bench-pass-1';
const bigOrganizationId = 1;

function parseArgs(argv) {
  const flags = new Map();
  for (const arg of argv) {
    const [key, value] = arg.replace(/^--/, '').split('=');
    flags.set(key, value ?? true);
  }
  const quick = flags.has('quick');
  return {
    seconds: Number(flags.get('seconds') ?? (quick ? 3 : 10)),
    warmup: Number(flags.get('warmup') ?? (quick ? 1 : 3)),
    connections: Number(flags.get('connections') ?? 50),
    port: flags.has('port') ? Number(flags.get('port')) : undefined,
    only: typeof flags.get('only') === 'string' ? flags.get('only').split(',') : null,
    small: !flags.has('no-small'),
    largeUrl: typeof flags.get('large-url') === 'string' ? flags.get('large-url') : null,
    smallUrl: typeof flags.get('small-url') === 'string' ? flags.get('small-url') : null,
    server: typeof flags.get('server') === 'string' ? path.resolve(flags.get('server')) : null,
    compression: !flags.has('no-compression'),
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
      traineeEmails: trainees.map((r) => r.email),
      bigUsers,
    };
  } finally {
    await client.end();
  }
}

/**
 * The benchmarked calls. `kind` decides the targets: list and detail calls have them all; writes
 * must not fail; references are measured for comparison. `raw` replays the statements the server
 * ran for the call's first request with a plain `pg` client at the same concurrency: for the users
 * lists (`'target'`) the server must reach 40% of its throughput; for the other calls
 * (`'reference'`) it shows what the database alone allows.
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
      auth: 'manager',
      raw: 'target',
      next: () => ({ method: 'GET', path: '/api/users?page=1&pageSize=25' }),
    },
    {
      key: 'users-deep',
      label: `GET /api/users page ${deepPage}`,
      kind: 'list',
      auth: 'manager',
      raw: 'target',
      next: () => ({ method: 'GET', path: `/api/users?page=${deepPage}&pageSize=25` }),
    },
    {
      key: 'users-search',
      label: 'GET /api/users search',
      kind: 'list',
      auth: 'manager',
      raw: 'target',
      next: () => ({ method: 'GET', path: '/api/users?search=mar&page=1&pageSize=25' }),
    },
    {
      key: 'organizations',
      label: 'GET /api/organizations',
      kind: 'list',
      auth: 'admin',
      raw: 'reference',
      next: () => ({ method: 'GET', path: '/api/organizations?page=1&pageSize=25' }),
    },
    {
      key: 'groups',
      label: 'GET /api/groups?includes=users',
      kind: 'list',
      auth: 'manager',
      raw: 'reference',
      next: () => ({ method: 'GET', path: '/api/groups?includes=users&page=1&pageSize=25' }),
    },
    {
      key: 'assignments',
      label: 'GET /api/assignments?status=3',
      kind: 'list',
      auth: 'manager',
      raw: 'reference',
      next: () => ({ method: 'GET', path: '/api/assignments?status=3' }),
    },
    {
      key: 'assignment',
      label: 'GET /api/assignments/{id}',
      kind: 'detail',
      auth: 'manager',
      raw: 'reference',
      next: (i) => ({ method: 'GET', path: `/api/assignments/${pick(data.assignmentIds, i)}` }),
    },
    {
      key: 'answers',
      label: 'GET /api/assignments/answers?status=2',
      kind: 'list',
      auth: 'manager',
      raw: 'reference',
      next: () => ({ method: 'GET', path: '/api/assignments/answers?status=2' }),
    },
    {
      key: 'answer',
      label: 'GET /api/assignments/answers/{id}',
      kind: 'detail',
      auth: 'manager',
      raw: 'reference',
      next: (i) => ({
        method: 'GET',
        path: `/api/assignments/answers/${pick(data.detailAnswerIds, i)}`,
      }),
    },
    {
      key: 'review',
      label: 'POST review',
      kind: 'write',
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
  ];
}

const listKeys = [
  'users',
  'users-deep',
  'users-search',
  'organizations',
  'groups',
  'assignments',
  'answers',
];

async function main() {
  const options = parseArgs(process.argv.slice(2));
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
    options,
    datasets: {},
    endpoints: [],
    small: [],
    login: null,
  };
  try {
    log(`Practica server benchmark — ${os.cpus().length} cores, load average ${loadAverage()}`);
    log('Building the server into a private folder…');
    const build = await buildServer();
    cleanups.push(async () => build.remove());
    if (options.server) build.main = options.server;
    const { hashPassword } = await import(build.password);
    const passwordHash = await hashPassword(password);

    let large;
    let small = null;
    if (options.largeUrl) {
      log('Reusing the loaded databases given on the command line.');
      large = { url: options.largeUrl, load: null };
      if (options.small && options.smallUrl) small = { url: options.smallUrl, load: null };
      else options.small = false;
    } else {
      log('Starting a throwaway PostgreSQL…');
      const cluster = await startPostgres();
      cleanups.push(async () => cluster.stop());
      log('Loading the large dataset (set-based SQL)…');
      large = await prepareDatabase(cluster.url, 'bench_large', { scale: 1, passwordHash, log });
      results.datasets.large = { ...large.load.size, loadSeconds: large.load.totalSeconds };
      log(`Large dataset loaded in ${large.load.totalSeconds.toFixed(1)} s (migrations included).`);
      if (options.small) {
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

    const port = options.port ?? (await freePort());
    const headers = options.compression ? { 'accept-encoding': 'gzip, deflate, br' } : {};
    const data = await discover(large.url);
    const calls = endpoints(data, runId).filter(
      (e) => !options.only || options.only.includes(e.key),
    );

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
    /** Warm-up, then the measured run with the CPU meter. */
    const measure = async (target, call) => {
      const counter = { i: 0 };
      const common = {
        base: target.server.base,
        headers: target.headersFor(call),
        next: call.next,
        connections: options.connections,
        counter,
      };
      await hammer({ ...common, seconds: options.warmup });
      const meter = await cpuMeter({ serverPid: target.server.pid, dbUrl: target.url });
      return hammer({ ...common, seconds: options.seconds, meter });
    };
    const line = (label, r) =>
      `  ${label.padEnd(40)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  errors ${r.errors}  (load ${loadAverage()})`;

    // 1. SQL statements per request, and the statements of the users lists, from a server that
    // counts them (BENCH_SQL_COUNT=1); the load runs below use a server without the counter.
    log('\nCounting SQL statements per request (BENCH_SQL_COUNT=1)…');
    const counting = await open(large.url, port, true);
    const sqlCounts = {};
    const rawStatements = {};
    for (const call of calls) {
      const sample = await sampleSqlCounts({
        base: counting.server.base,
        headers: counting.headersFor(call),
        next: call.next,
        count: options.sqlSamples,
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

    // 2. Load runs on the large dataset, the raw-SQL references and the logins.
    log(
      `\nLoad: ${options.connections} connections, ${options.warmup} s warm-up + ${options.seconds} s per call${options.compression ? ', accept-encoding like a browser' : ''}.`,
    );
    const target = await open(large.url, port);
    for (const call of calls) {
      const r = await measure(target, call);
      results.endpoints.push({
        key: call.key,
        label: call.label,
        kind: call.kind,
        rawTarget: call.raw === 'target',
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
        seconds: options.seconds,
        loops: options.connections,
        poolSize: 10,
        prepared: process.env.DATABASE_PREPARED_STATEMENTS !== 'false',
        meter,
      });
      const row = results.endpoints.find((e) => e.key === call.key);
      row.raw = { ...r, statements: statements.length };
      log(line(`raw SQL of ${call.label}`, r));
    }
    if (!options.only || options.only.includes('login')) {
      const emails = data.traineeEmails;
      const request = (i) => ({
        method: 'POST',
        path: '/api/auth',
        body: { email: emails[i % emails.length], password },
      });
      await atRate({ base: target.server.base, rate: 20, seconds: 1, request });
      results.login = await atRate({
        base: target.server.base,
        rate: 20,
        seconds: options.seconds,
        request: (i) => request(i + 20),
      });
      log(
        `  POST /api/auth at 20/s                     p50 ${results.login.p50.toFixed(1)} ms  p95 ${results.login.p95.toFixed(1)} ms  errors ${results.login.errors}`,
      );
    }

    // 3. Growth: each list call on the 10× smaller dataset, then again on the large one right
    // after, so both sides of a ratio see the same machine.
    if (small) {
      log('\nGrowth: each list call on the 10× smaller dataset, then on the large one again:');
      const smallData = await discover(small.url);
      const smallCalls = endpoints(smallData, runId);
      const smallTarget = await open(small.url, options.port ? port + 1 : await freePort());
      for (const call of calls.filter((c) => listKeys.includes(c.key))) {
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
  process.stderr.write(`${error?.stack ?? error}\n`);
  process.exit(2);
});
