// The server benchmark's targets (bench/README.md, 'The targets it asserts') checked against a
// run's results, the printed tables, and the CPU comparison with an earlier results file.

/** The thresholds `npm run bench` asserts (server side). */
export const targets = {
  errors: 0,
  sqlPerRequest: 4,
  /** Each list and detail call's closed-loop throughput over its raw-SQL reference's. */
  rawFraction: 0.5,
  /** p50 on the large dataset over p50 on the 10× smaller one, every list call. */
  growthP50: 1.5,
  loginP95Ms: 250,
  /** The insight views (decisions.md#insights-and-administration §1), each alone, open loop at `rate` requests/s: p50 at most. */
  insight: { rate: 10, p50Ms: 50 },
  /** The console's mix, open loop, at `rate` requests/s for `seconds`. */
  mix: { rate: 300, seconds: 30, p99Ms: 25, p999Ms: 100 },
  /** The p99 whose crossing rate is reported as the machine's capacity (not a target). */
  capacityP99Ms: 50,
  /** Largest rise of CPU per request (server or database) against `--compare`'s file. */
  cpuRise: 0.1,
};

const fmt = (v, digits = 1) =>
  v === null || v === undefined || Number.isNaN(v) ? '–' : v.toFixed(digits);

const percent = (change) =>
  change === null ? '–' : `${change >= 0 ? '+' : ''}${(change * 100).toFixed(1)}%`;

/**
 * The rate (requests/s) at which p99 crosses `limitMs`, interpolated linearly between the last
 * step under the limit and the first over it. `steps` are `[{rate, p99}]` in rising rate, the
 * fixed-rate mix run first. Answers `{rate, bound}`: bound 'between' (interpolated), 'below' (the
 * first step is already over; rate is that step's) or 'above' (no step crossed; rate is the last).
 */
export function crossingRate(steps, limitMs) {
  const over = steps.findIndex((s) => s.p99 > limitMs);
  if (over === -1) return { rate: steps.at(-1)?.rate ?? null, bound: 'above' };
  if (over === 0) return { rate: steps[0].rate, bound: 'below' };
  const a = steps[over - 1];
  const b = steps[over];
  return {
    rate: a.rate + ((limitMs - a.p99) / (b.p99 - a.p99)) * (b.rate - a.rate),
    bound: 'between',
  };
}

/**
 * Per call (and the mix), the change of CPU per request of the server process and of the
 * database against `before` (an earlier bench/results.json): `[{key, label, server, db, risen}]`
 * where server and db are `{before, after, change}` (change a fraction, null when either side is
 * missing) and `risen` says that either rose more than `targets.cpuRise`. Calls without CPU
 * figures on both sides are left out.
 */
export function compareCpu(before, after) {
  const rowsOf = (results) => {
    const rows = new Map(
      (results.endpoints ?? []).map((e) => [e.key, { label: e.label, cpu: e.cpuMsPerRequest }]),
    );
    if (results.mix?.cpuMsPerRequest)
      rows.set('mix', { label: mixLabel(results.mix), cpu: results.mix.cpuMsPerRequest });
    return rows;
  };
  const old = rowsOf(before);
  const side = (b, a) => ({
    before: b ?? null,
    after: a ?? null,
    change: b == null || a == null || b === 0 ? null : a / b - 1,
  });
  const rows = [];
  for (const [key, now] of rowsOf(after)) {
    const then = old.get(key);
    if (!then || !then.cpu || !now.cpu) continue;
    const server = side(then.cpu.server, now.cpu.server);
    const db = side(then.cpu.db, now.cpu.db);
    if (server.change === null && db.change === null) continue;
    const risen = [server, db].some((s) => s.change !== null && s.change > targets.cpuRise);
    rows.push({ key, label: now.label, server, db, risen });
  }
  return rows;
}

/** Prints a `compareCpu` answer as a table, `file` naming the earlier results. */
export function printComparison(rows, file, log) {
  log('');
  log(`CPU ms per request against ${file} (a rise over ${targets.cpuRise * 100}% is flagged):`);
  const table = [
    ['call', 'server before → after', 'change', 'database before → after', 'change', ''],
  ];
  for (const r of rows)
    table.push([
      r.label,
      `${fmt(r.server.before, 3)} → ${fmt(r.server.after, 3)}`,
      percent(r.server.change),
      `${fmt(r.db.before, 3)} → ${fmt(r.db.after, 3)}`,
      percent(r.db.change),
      r.risen ? 'RISE' : '',
    ]);
  printRows(table, log);
}

/** Sending later than this (p99, ms) means the load generator could not keep its schedule. */
const lateSendMs = 2;

const mixLabel = (mix) => `the console's mix at ${mix.rate}/s (open loop)`;

/**
 * Checks every target: errors of every call (and that it was answered at all); SQL statements and throughput against the raw-SQL
 * reference of each list and detail call; SQL statements and p50 of each insight view (open loop); the mix's p99, p99.9 and errors; p50 growth of the list
 * calls from the small to the large dataset; login p95 and errors; with `results.comparison`, no
 * CPU rise over `targets.cpuRise`. Answers `{ok, targets: [{target, subject, value, limit, ok}]}`.
 */
export function evaluate(results) {
  const checks = [];
  const check = (target, subject, value, limit, ok) =>
    checks.push({ target, subject, value, limit, ok });
  for (const e of results.endpoints) {
    check('errors', e.label, e.errors, targets.errors, e.errors <= targets.errors);
    check('answers in the measured run', e.label, e.requests, 1, e.requests >= 1);
    if (e.kind === 'insight') {
      check(
        'insight p50 ms',
        e.label,
        e.p50,
        targets.insight.p50Ms,
        e.p50 <= targets.insight.p50Ms,
      );
      if (e.sql !== null)
        check(
          'SQL statements per request',
          e.label,
          e.sql,
          targets.sqlPerRequest,
          e.sql <= targets.sqlPerRequest,
        );
      continue;
    }
    if (e.kind !== 'list' && e.kind !== 'detail') continue;
    if (e.sql !== null)
      check(
        'SQL statements per request',
        e.label,
        e.sql,
        targets.sqlPerRequest,
        e.sql <= targets.sqlPerRequest,
      );
    if (e.raw) {
      const fraction = e.rps / e.raw.rps;
      check(
        'throughput / raw SQL',
        e.label,
        fraction,
        targets.rawFraction,
        fraction >= targets.rawFraction,
      );
    }
  }
  if (results.mix) {
    const { mix } = results;
    const subject = mixLabel(mix);
    // The latency targets hold at the target rate; `--mix-rate` runs at another one report only.
    if (mix.rate === targets.mix.rate) {
      check('mix p99 ms', subject, mix.p99, targets.mix.p99Ms, mix.p99 <= targets.mix.p99Ms);
      check('mix p99.9 ms', subject, mix.p999, targets.mix.p999Ms, mix.p999 <= targets.mix.p999Ms);
    }
    check('errors', subject, mix.errors, targets.errors, mix.errors <= targets.errors);
  }
  for (const s of results.small) {
    const growth = s.large.p50 / s.p50;
    s.growth = growth;
    check('p50 growth ×10 data', s.label, growth, targets.growthP50, growth <= targets.growthP50);
  }
  if (results.login) {
    check(
      'login p95 ms',
      'POST /api/auth at 20/s',
      results.login.p95,
      targets.loginP95Ms,
      results.login.p95 <= targets.loginP95Ms,
    );
    check('errors', 'POST /api/auth at 20/s', results.login.errors, 0, results.login.errors === 0);
  }
  for (const r of results.comparison?.rows ?? [])
    for (const [name, side] of [
      ['server', r.server],
      ['database', r.db],
    ])
      if (side.change !== null)
        check(
          `${name} CPU per request vs ${results.comparison.against}`,
          r.label,
          side.change,
          targets.cpuRise,
          side.change <= targets.cpuRise,
        );
  return { ok: checks.every((c) => c.ok), targets: checks };
}

/** Prints `rows` (arrays of strings, the first the header) as aligned columns. */
function printRows(rows, log) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const line = (r) =>
    r
      .map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i])))
      .join('  ')
      .trimEnd();
  log(line(rows[0]));
  log(line(widths.map((w) => '-'.repeat(w))));
  for (const r of rows.slice(1)) log(line(r));
}

/**
 * Prints the closed-loop table, the mix with its calls, the capacity steps, the growth table, the
 * CPU comparison (with `--compare`) and the missed targets.
 */
export function printTable(results, log) {
  const cpu = (e) =>
    e.cpuMsPerRequest
      ? `${fmt(e.cpuMsPerRequest.server, 2)} + ${fmt(e.cpuMsPerRequest.db, 2)}`
      : '';
  const rows = [
    ['endpoint', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'SQL/req', 'vs raw', 'CPU ms/req srv+db'],
  ];
  for (const e of results.endpoints) {
    rows.push([
      e.label,
      fmt(e.rps, 0),
      fmt(e.p50),
      fmt(e.p99),
      String(e.errors),
      e.sql === null ? '–' : String(e.sql),
      e.raw ? `${Math.round((e.rps / e.raw.rps) * 100)}%` : '',
      cpu(e),
    ]);
    if (e.raw)
      rows.push([
        `  raw SQL (pg, ${e.raw.statements} statements)`,
        fmt(e.raw.rps, 0),
        fmt(e.raw.p50),
        fmt(e.raw.p99),
        String(e.raw.errors),
        '',
        '',
        cpu(e.raw),
      ]);
  }
  if (results.login)
    rows.push([
      'POST /api/auth at 20/s (p95 in p99 column)',
      fmt(results.login.rps, 0),
      fmt(results.login.p50),
      fmt(results.login.p95),
      String(results.login.errors),
      '',
      '',
      '',
    ]);
  log('');
  log(
    `Large dataset: ${results.datasets.large?.users ?? '?'} users, ${results.datasets.large?.answers ?? '?'} answers, loaded in ${fmt(results.datasets.large?.loadSeconds)} s`,
  );
  if (rows.length > 1) {
    log(`Closed loop, ${results.options.connections} connections:`);
    printRows(rows, log);
  }
  const { mix } = results;
  if (mix) {
    log('');
    log(
      `${mixLabel(mix)}, ${mix.seconds} s: ${mix.requests} answers, p50 ${fmt(mix.p50)} ms, p99 ${fmt(mix.p99)} ms, p99.9 ${fmt(mix.p999)} ms, max ${fmt(mix.max)} ms, errors ${mix.errors}; CPU ms/req ${cpu(mix)}; the generator sent late by p99 ${fmt(mix.sendLag.p99, 2)} ms, max ${fmt(mix.sendLag.max, 2)} ms`,
    );
    if (mix.sendLag.p99 > lateSendMs)
      log(
        `  The generator itself sent late (p99 over ${lateSendMs} ms): the machine is busy, and these latencies include that delay.`,
      );
    const perCall = [['call', 'share', 'answers', 'p50 ms', 'p99 ms', 'p99.9 ms', 'errors']];
    for (const [key, t] of Object.entries(mix.tags))
      perCall.push([
        key,
        `${Math.round((t.requests / mix.requests) * 100)}%`,
        String(t.requests),
        fmt(t.p50),
        fmt(t.p99),
        fmt(t.p999),
        String(t.errors),
      ]);
    printRows(perCall, log);
  }
  if (results.capacity) {
    const { steps, rate, bound } = results.capacity;
    log('');
    log(`Capacity: the mix at rising rates until p99 crosses ${targets.capacityP99Ms} ms:`);
    for (const s of steps)
      log(
        `  ${fmt(s.rate, 0).padStart(5)}/s for ${s.seconds} s  p50 ${fmt(s.p50)} ms  p99 ${fmt(s.p99)} ms  errors ${s.errors}`,
      );
    const where = { between: 'about', below: 'below', above: 'above' }[bound];
    log(
      `  p99 crosses ${targets.capacityP99Ms} ms ${where} ${fmt(rate, 0)} requests/s: this machine's capacity for the mix.`,
    );
  }
  if (results.small.length) {
    log('');
    log(
      'Growth of p50 from the 10× smaller dataset to the large one (measured one after the other):',
    );
    const width = Math.max(...results.small.map((s) => s.label.length));
    for (const s of results.small)
      log(
        `  ${s.label.padEnd(width)}  ${fmt(s.p50)} ms → ${fmt(s.large.p50)} ms  ×${fmt(s.growth, 2)}`,
      );
  }
  if (results.comparison) printComparison(results.comparison.rows, results.comparison.against, log);
  const missed = (results.targets ?? []).filter((t) => !t.ok);
  log('');
  if (missed.length === 0) log('Every target is met.');
  else {
    log(`${missed.length} target(s) missed:`);
    for (const t of missed)
      log(`  ${t.target}: ${t.subject} = ${fmt(t.value, 2)} (limit ${t.limit})`);
  }
}
