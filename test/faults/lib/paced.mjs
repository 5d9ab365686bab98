/**
 * An open-loop load generator: requests start on a fixed schedule (`rate` per second) whatever
 * the answers' speed, so a slow server shows up as latency instead of a lower request rate
 * (no coordinated omission). Each request's latency is measured from its scheduled start.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Calls `issue(scheduledAt, index)` `rate` times per second for `durationMs` (scheduledAt is a
 * performance.now() time), then waits for every promise it returned. Answers `{issued, ms,
 * maxLagMs}` (maxLagMs: how late the client itself issued a request, a sign of a saturated client).
 */
export async function paced({ rate, durationMs, issue, shouldStop = () => false }) {
  const t0 = performance.now();
  const total = Math.round((rate * durationMs) / 1000);
  const pending = new Set();
  let issued = 0;
  let maxLagMs = 0;
  while (issued < total && !shouldStop()) {
    const now = performance.now();
    while (issued < total) {
      const scheduledAt = t0 + (issued * 1000) / rate;
      if (scheduledAt > now) break;
      maxLagMs = Math.max(maxLagMs, now - scheduledAt);
      const p = Promise.resolve(issue(scheduledAt, issued)).finally(() => pending.delete(p));
      pending.add(p);
      issued += 1;
    }
    const next = t0 + (issued * 1000) / rate;
    await sleep(Math.max(0, Math.min(5, next - performance.now())));
  }
  await Promise.allSettled([...pending]);
  return { issued, ms: performance.now() - t0, maxLagMs };
}
