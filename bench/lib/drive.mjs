// Load generation: autocannon's closed loop against the server, the raw-SQL reference with a plain
// `pg` pool, the open-loop runs (the console's mix, the capacity steps, the logins) with undici,
// and the sequential sampling of `x-sql-count`.
/* global fetch */
import { Buffer } from 'node:buffer';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import pg from 'pg';
import { Agent, Pool, request as undiciRequest } from 'undici';

let clockTicks;
/** CPU time (user + system) of process `pid` in milliseconds, or null (no /proc, gone). */
function cpuMs(pid) {
  try {
    clockTicks ??= Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks;
  } catch {
    return null;
  }
}

/**
 * Measures the CPU time the server process and the database's backends spend between `start()`
 * and `stop()` (Linux /proc; null elsewhere). CPU per request moves far less than latency when
 * other work shares the machine, so it tells what a change saved on a noisy machine.
 */
export async function cpuMeter({ serverPid, dbUrl }) {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  const backends = async () => {
    const { rows } = await client.query(
      `select pid from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
    );
    return new Map(rows.map((r) => [r.pid, cpuMs(r.pid)]));
  };
  let server0 = null;
  let db0 = new Map();
  let self0 = null;
  return {
    async start() {
      db0 = await backends();
      server0 = cpuMs(serverPid);
      self0 = process.cpuUsage();
    },
    async stop() {
      const server1 = cpuMs(serverPid);
      const self = process.cpuUsage(self0);
      const db1 = await backends();
      await client.end();
      let db = 0;
      let known = false;
      for (const [pid, ms] of db1) {
        if (ms === null) continue;
        known = true;
        db += ms - (db0.get(pid) ?? 0);
      }
      return {
        serverMs: server0 === null || server1 === null ? null : server1 - server0,
        dbMs: known ? db : null,
        loadGeneratorMs: (self.user + self.system) / 1000,
      };
    },
  };
}

/** Percentile `p` (0..100) of ascending `sorted` values (nearest rank); NaN when empty. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

/** CPU milliseconds per request from a meter's totals. */
function perRequest(cpu, requests) {
  const per = (ms) => (ms === null || requests === 0 ? null : ms / requests);
  return {
    cpuMsPerRequest: {
      server: per(cpu.serverMs),
      db: per(cpu.dbMs),
      loadGenerator: per(cpu.loadGeneratorMs),
    },
  };
}

/** Count, throughput and percentiles (ms, full precision) of `latencies` over `seconds`. */
function summarize(latencies, seconds, errors, extra = {}) {
  const sorted = Float64Array.from(latencies).sort();
  return {
    requests: latencies.length,
    rps: latencies.length / seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    p999: percentile(sorted, 99.9),
    max: sorted.length ? sorted[sorted.length - 1] : Number.NaN,
    errors,
    ...extra,
  };
}

/**
 * Runs autocannon for `seconds` with `connections` against `base`, each request made by
 * `next(i)` → `{method, path, body?}` (i counts up over the run). Latencies of every response
 * are kept at full precision (autocannon's own histogram keeps whole milliseconds of 2xx only).
 * Errors: non-2xx answers, socket errors and timeouts. Answers the summary with the status codes.
 */
export async function hammer({
  base,
  headers,
  next,
  seconds,
  connections,
  counter = { i: 0 },
  meter,
}) {
  const latencies = [];
  const statuses = {};
  const instance = autocannon({
    url: base,
    connections,
    duration: seconds,
    timeout: 10,
    headers,
    requests: [
      {
        setupRequest(request) {
          const r = next(counter.i++);
          request.method = r.method;
          request.path = r.path;
          if (r.body !== undefined) {
            request.body = JSON.stringify(r.body);
            request.headers = { ...request.headers, 'content-type': 'application/json' };
          } else delete request.body;
          return request;
        },
      },
    ],
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    latencies.push(responseTime);
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
  });
  await meter?.start();
  const result = await instance;
  const cpu = meter ? await meter.stop() : null;
  const non2xx = Object.entries(statuses)
    .filter(([code]) => !code.startsWith('2'))
    .reduce((sum, [, n]) => sum + n, 0);
  // autocannon counts a timeout among its errors as well.
  return summarize(latencies, result.duration || seconds, non2xx + result.errors, {
    statuses,
    socketErrors: result.errors,
    timeouts: result.timeouts,
    ...(cpu ? perRequest(cpu, latencies.length) : {}),
  });
}

/**
 * The raw-SQL reference: `loops` concurrent loops for `seconds`, each iteration running
 * `statements` ([{sql, params}], in order) through a `pg` pool of `poolSize` connections — the
 * server's own pool size — with Drizzle's array row mode, as named statements when `prepared` (as
 * the server sends them). No HTTP, no server.
 */
export async function rawSql({ url, statements, seconds, loops, poolSize, meter, prepared }) {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  const latencies = [];
  let errors = 0;
  // Named as the server names them (server/src/db/prepared-statements.ts), so both sides plan once.
  const named = statements.map((s) => ({
    text: s.sql,
    values: s.params,
    rowMode: 'array',
    ...(prepared ? { name: `p_${createHash('sha1').update(s.sql).digest('base64url')}` } : {}),
  }));
  const run = async () => {
    for (const query of named) await pool.query(query);
  };
  // Warm every connection first (connecting is not part of the measure).
  await Promise.all(Array.from({ length: poolSize }, () => run()));
  await meter?.start();
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: loops }, async () => {
      while (performance.now() < until) {
        const t = performance.now();
        try {
          await run();
          latencies.push(performance.now() - t);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpu = meter ? await meter.stop() : null;
  await pool.end();
  return summarize(latencies, elapsed, errors, cpu ? perRequest(cpu, latencies.length) : {});
}

/**
 * Open-loop load (bench/README.md, 'The open-loop method'): request `i` leaves at
 * t0 + i / `rate` seconds whatever the earlier ones are doing, through an undici pool of
 * `connections` to `base` (when all are busy it waits in the pool's queue, and that wait counts),
 * and its latency runs from that scheduled time to the last byte of the answer, so a slow server
 * cannot slow the load down nor hide its queue. `next(i)` → `{method, path, body?, headers?, tag?}`;
 * `tag` groups the latencies per call. Errors: non-2xx answers, socket errors and timeouts
 * (`timeoutSeconds`). Answers the summary of every request (ms, p99.9 included) with `sendLag`
 * (how late the generator itself sent: p99 and max, ms) and `tags` (a summary per tag), plus the
 * CPU per request when `meter` is given.
 */
export async function openLoop({
  base,
  rate,
  seconds,
  next,
  connections,
  meter,
  timeoutSeconds = 10,
}) {
  const pool = new Pool(base, {
    connections,
    headersTimeout: timeoutSeconds * 1000,
    bodyTimeout: timeoutSeconds * 1000,
  });
  const total = Math.round(rate * seconds);
  const latencies = [];
  const lags = [];
  const byTag = new Map();
  const statuses = {};
  let errors = 0;
  const tagged = (tag) => {
    if (!byTag.has(tag)) byTag.set(tag, { latencies: [], errors: 0, statuses: {} });
    return byTag.get(tag);
  };
  const send = async (r, due) => {
    const own = r.tag === undefined ? null : tagged(r.tag);
    try {
      const res = await pool.request({
        method: r.method,
        path: r.path,
        headers: {
          ...(r.headers ?? {}),
          ...(r.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: r.body === undefined ? undefined : JSON.stringify(r.body),
      });
      await res.body.arrayBuffer();
      const latency = performance.now() - due;
      const failed = res.statusCode < 200 || res.statusCode >= 300;
      latencies.push(latency);
      statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
      if (failed) errors += 1;
      if (own) {
        own.latencies.push(latency);
        own.statuses[res.statusCode] = (own.statuses[res.statusCode] ?? 0) + 1;
        if (failed) own.errors += 1;
      }
    } catch {
      errors += 1;
      if (own) own.errors += 1;
    }
  };
  await meter?.start();
  const pending = [];
  const t0 = performance.now();
  for (let i = 0; i < total; i++) {
    const due = t0 + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    lags.push(performance.now() - due);
    pending.push(send(next(i), due));
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - t0) / 1000;
  const cpu = meter ? await meter.stop() : null;
  await pool.close();
  const sortedLags = Float64Array.from(lags).sort();
  const tags = {};
  for (const [tag, t] of byTag)
    tags[tag] = summarize(t.latencies, elapsed, t.errors, { statuses: t.statuses });
  return summarize(latencies, elapsed, errors, {
    rate,
    seconds,
    statuses,
    sendLag: { p99: percentile(sortedLags, 99), max: percentile(sortedLags, 100) },
    tags,
    ...(cpu ? perRequest(cpu, latencies.length) : {}),
  });
}

/**
 * The order of a weighted mix: `weights` ([{key, weight}], whole numbers) spread as evenly as they
 * go over a cycle of their sum (smooth weighted round robin), so every stretch of the run sends
 * the mix and two runs send the same sequence. Answers the keys of one cycle.
 */
export function interleave(weights) {
  const total = weights.reduce((sum, w) => sum + w.weight, 0);
  const current = weights.map(() => 0);
  const order = [];
  for (let n = 0; n < total; n++) {
    let best = 0;
    weights.forEach((w, i) => {
      current[i] += w.weight;
      if (current[i] > current[best]) best = i;
    });
    current[best] -= total;
    order.push(weights[best].key);
  }
  return order;
}

/**
 * Sends `count` requests one after the other and reads `x-sql-count` of each (the server must run
 * with BENCH_SQL_COUNT=1). Answers `{max, min, counts, statuses}`; max and min are null when the
 * server does not send the header.
 */
export async function sampleSqlCounts({ base, headers, next, count, start = 0 }) {
  const counts = [];
  const statuses = {};
  for (let i = 0; i < count; i++) {
    const r = next(start + i);
    const res = await fetch(base + r.path, {
      method: r.method,
      headers: {
        ...headers,
        ...(r.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: r.body === undefined ? undefined : JSON.stringify(r.body),
    });
    await res.arrayBuffer();
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    const header = res.headers.get('x-sql-count');
    if (header === null) return { max: null, min: null, counts: [], statuses };
    counts.push(Number(header));
  }
  return { max: Math.max(...counts), min: Math.min(...counts), counts, statuses };
}

/** The statements one request ran, as the server reports them (`x-sql-statements: 1`). */
export async function statementsOf({ base, headers, request }) {
  // One relational read is a long statement: its header outgrows fetch's 16 KiB header limit.
  const res = await undiciRequest(base + request.path, {
    method: request.method,
    headers: { ...headers, 'x-sql-statements': '1' },
    dispatcher: statementsAgent,
  });
  await res.body.arrayBuffer();
  const header = res.headers['x-sql-statements'];
  if (typeof header !== 'string')
    throw new Error(`no x-sql-statements on ${request.path} (${res.statusCode})`);
  return JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
}

/** The connection pool of `statementsOf`: headers up to 1 MiB. */
const statementsAgent = new Agent({ maxHeaderSize: 1 << 20 });
