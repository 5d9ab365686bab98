/**
 * CPU time used by processes (Linux /proc), to report a figure that does not depend on how busy
 * the machine is: CPU milliseconds per request of the server and of PostgreSQL; and the machine's
 * busy CPU (/proc/stat), to tell how much other processes took beside a measurement.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const ticksPerSecond = 100; // USER_HZ on Linux

function stat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) in parentheses.
    const rest = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // utime + stime of the process, plus cutime + cstime: the CPU of children it has waited for
    // (a PostgreSQL backend that ended, a media job's ffmpeg), which would otherwise vanish from
    // every figure and show up as "other processes".
    return {
      ppid: Number(rest[1]),
      ticks: Number(rest[11]) + Number(rest[12]) + Number(rest[13]) + Number(rest[14]),
    };
  } catch {
    return null;
  }
}

/**
 * CPU milliseconds (user + system) used so far by `pid` and the children it has waited for, 0 when
 * it is gone or not on Linux.
 */
export function cpuMs(pid) {
  const s = stat(pid);
  return s ? (s.ticks * 1000) / ticksPerSecond : 0;
}

/**
 * CPU milliseconds used by `pid` and all its descendants, live or ended (a PostgreSQL postmaster
 * and its backends, a worker and its ffmpeg): each live process's own time plus what it reaped.
 */
export function treeCpuMs(pid) {
  let entries = [];
  try {
    entries = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return cpuMs(pid);
  }
  const children = new Map();
  const ticks = new Map();
  for (const d of entries) {
    const s = stat(d);
    if (!s) continue;
    ticks.set(Number(d), s.ticks);
    if (!children.has(s.ppid)) children.set(s.ppid, []);
    children.get(s.ppid).push(Number(d));
  }
  let total = 0;
  const todo = [pid];
  while (todo.length > 0) {
    const p = todo.pop();
    total += ticks.get(p) ?? 0;
    todo.push(...(children.get(p) ?? []));
  }
  return (total * 1000) / ticksPerSecond;
}

/** The postmaster pid of the cluster whose data folder is `dataDir` (first line of postmaster.pid). */
export function postmasterPid(dataDir) {
  try {
    return Number(readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n')[0]);
  } catch {
    return 0;
  }
}

/**
 * CPU milliseconds the whole machine has spent busy since boot (user, nice, system, irq, softirq
 * and steal of /proc/stat's `cpu` line; idle and iowait are not busy), 0 when not on Linux.
 */
export function machineBusyMs() {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0];
    const [user, nice, system, , , irq, softirq, steal] = line
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    return ((user + nice + system + irq + softirq + (steal || 0)) * 1000) / ticksPerSecond;
  } catch {
    return 0;
  }
}

/**
 * A meter of foreign CPU: what the machine spends beside the processes `ownMs()` accounts for
 * (a measuring script's server, PostgreSQL and its own client). `start()` resets it; `read()`
 * answers `{ms, foreignMs, ownMs, foreignCores}` since then (cores = CPU ms per elapsed ms).
 */
export function foreignCpuMeter(ownMs) {
  let t0 = 0;
  let machine0 = 0;
  let own0 = 0;
  const meter = {
    start() {
      t0 = performance.now();
      machine0 = machineBusyMs();
      own0 = ownMs();
      return meter;
    },
    read() {
      const ms = Math.max(1, performance.now() - t0);
      const own = ownMs() - own0;
      // A process of our own that ended (a PostgreSQL backend) takes its ticks with it: never below 0.
      const foreignMs = Math.max(0, machineBusyMs() - machine0 - own);
      return { ms, foreignMs, ownMs: own, foreignCores: foreignMs / ms };
    },
  };
  return meter.start();
}

/**
 * Waits until the CPU used beside `ownMs()` over a `windowMs` window is below `maxCores`, for at
 * most `timeoutMs`. Answers `{quiet, waitedMs, foreignCores}` (the last window's figure).
 */
export async function waitForQuietCpu(
  ownMs,
  { maxCores = 0.25, windowMs = 2_000, timeoutMs = 60_000 } = {},
) {
  const started = performance.now();
  for (;;) {
    const meter = foreignCpuMeter(ownMs);
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const { foreignCores } = meter.read();
    const waitedMs = performance.now() - started;
    if (foreignCores < maxCores) return { quiet: true, waitedMs, foreignCores };
    if (waitedMs + windowMs > timeoutMs) return { quiet: false, waitedMs, foreignCores };
  }
}
