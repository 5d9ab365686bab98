// The targets of issue 9 checked against a run's results, and the printed table.

/** The thresholds of issue 9 'The targets' (server side). */
export const targets = {
  p99Ms: 50,
  errors: 0,
  sqlPerRequest: 4,
  rawFraction: 0.4,
  growthP50: 1.5,
  loginP95Ms: 250,
};

const fmt = (v, digits = 1) =>
  v === null || v === undefined || Number.isNaN(v) ? '–' : v.toFixed(digits);

/**
 * Checks every target: list and detail calls p99, errors and SQL statements; every call's errors;
 * the users lists against their raw-SQL reference; p50 growth of the list calls from the small to
 * the large dataset; login p95. Answers `{ok, targets: [{target, subject, value, limit, ok}]}`.
 */
export function evaluate(results) {
  const checks = [];
  const check = (target, subject, value, limit, ok) =>
    checks.push({ target, subject, value, limit, ok });
  for (const e of results.endpoints) {
    check('errors', e.label, e.errors, targets.errors, e.errors <= targets.errors);
    if (e.kind === 'list' || e.kind === 'detail') {
      check('p99 ms', e.label, e.p99, targets.p99Ms, e.p99 <= targets.p99Ms);
      if (e.sql !== null)
        check(
          'SQL statements per request',
          e.label,
          e.sql,
          targets.sqlPerRequest,
          e.sql <= targets.sqlPerRequest,
        );
    }
    if (e.raw && e.rawTarget) {
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
  return { ok: checks.every((c) => c.ok), targets: checks };
}

/** Prints the results table, the growth table and the missed targets. */
export function printTable(results, log) {
  const rows = [
    ['endpoint', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'SQL/req', 'vs raw', 'CPU ms/req srv+db'],
  ];
  const cpu = (e) =>
    e.cpuMsPerRequest
      ? `${fmt(e.cpuMsPerRequest.server, 2)} + ${fmt(e.cpuMsPerRequest.db, 2)}`
      : '';
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
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const line = (r) =>
    r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  log('');
  log(
    `Large dataset: ${results.datasets.large?.users ?? '?'} users, ${results.datasets.large?.answers ?? '?'} answers, loaded in ${fmt(results.datasets.large?.loadSeconds)} s`,
  );
  log(line(rows[0]));
  log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows.slice(1)) log(line(r));
  if (results.small.length) {
    log('');
    log(
      'Growth of p50 from the 10× smaller dataset to the large one (measured one after the other):',
    );
    for (const s of results.small)
      log(
        `  ${s.label.padEnd(widths[0])}  ${fmt(s.p50)} ms → ${fmt(s.large.p50)} ms  ×${fmt(s.growth, 2)}`,
      );
  }
  const missed = (results.targets ?? []).filter((t) => !t.ok);
  log('');
  if (missed.length === 0) log('Every target is met.');
  else {
    log(`${missed.length} target(s) missed:`);
    for (const t of missed)
      log(`  ${t.target}: ${t.subject} = ${fmt(t.value, 2)} (limit ${t.limit})`);
  }
}
