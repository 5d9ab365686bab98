/**
 * CPU time used by processes (Linux /proc), to report a figure that does not depend on how busy
 * the machine is: CPU milliseconds per request of the server and of PostgreSQL.
 */
import { readdirSync, readFileSync } from 'node:fs';

const ticksPerSecond = 100; // USER_HZ on Linux

function stat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) in parentheses.
    const rest = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(rest[1]), ticks: Number(rest[11]) + Number(rest[12]) };
  } catch {
    return null;
  }
}

/** CPU milliseconds (user + system) used so far by `pid`, 0 when it is gone or not on Linux. */
export function cpuMs(pid) {
  const s = stat(pid);
  return s ? (s.ticks * 1000) / ticksPerSecond : 0;
}

/** CPU milliseconds used by `pid` and its live children (a PostgreSQL postmaster and its backends). */
export function treeCpuMs(pid) {
  let total = cpuMs(pid);
  let entries = [];
  try {
    entries = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return total;
  }
  for (const d of entries) {
    const s = stat(d);
    if (s && s.ppid === pid) total += (s.ticks * 1000) / ticksPerSecond;
  }
  return total;
}

/** The postmaster pid of the cluster whose data folder is `dataDir` (first line of postmaster.pid). */
export function postmasterPid(dataDir) {
  try {
    return Number(readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n')[0]);
  } catch {
    return 0;
  }
}
