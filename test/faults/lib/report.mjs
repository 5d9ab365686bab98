/**
 * Figures and verdicts of one fault script. Every script records its figures with `figure()` and
 * its broken properties with `check()`/`fail()`, then calls `finish()`, which prints them, prints
 * one machine-readable `FAULTS-RESULT {json}` line for the runner, and sets the exit code.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';

const started = performance.now();
const figures = {};
const failures = [];
let scriptName = 'faults';

/** Names the script in its output (`[name] …`). */
export function setName(name) {
  scriptName = name;
}

/** Prints one progress line prefixed with the script name and the elapsed seconds. */
export function log(message) {
  const s = ((performance.now() - started) / 1000).toFixed(1).padStart(5);
  process.stdout.write(`[${scriptName} ${s}s] ${message}\n`);
}

/** Records a figure (a number or a short text) printed at the end and passed to the runner. */
export function figure(key, value) {
  figures[key] = value;
}

/** Records a broken property. */
export function fail(message) {
  failures.push(message);
  log(`FAIL ${message}`);
}

/** Records `message` as a failure unless `ok`; answers `ok`. */
export function check(ok, message) {
  if (!ok) fail(message);
  return Boolean(ok);
}

/** The value at percentile `p` (0..100) of `values` (nearest rank), 0 when empty. */
export function percentile(values, p) {
  if (values.length === 0) return 0;
  const sorted = Float64Array.from(values).sort();
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

/** The 1-, 5- and 15-minute load averages as text. */
export function loadAverage() {
  return loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');
}

/** Prints the figures and the verdict, emits the runner line and sets the exit code (1 on any failure). */
export function finish() {
  figure('seconds', Math.round((performance.now() - started) / 100) / 10);
  figure('load average', loadAverage());
  const width = Math.max(...Object.keys(figures).map((k) => k.length));
  process.stdout.write(`\n[${scriptName}] figures\n`);
  for (const [key, value] of Object.entries(figures))
    process.stdout.write(`  ${key.padEnd(width)}  ${value}\n`);
  const ok = failures.length === 0;
  process.stdout.write(
    ok
      ? `[${scriptName}] PASS\n`
      : `[${scriptName}] FAILED (${failures.length}):\n${failures.map((f) => `  - ${f}`).join('\n')}\n`,
  );
  process.stdout.write(
    `FAULTS-RESULT ${JSON.stringify({ name: scriptName, ok, figures, failures })}\n`,
  );
  process.exitCode = ok ? 0 : 1;
  return ok;
}
