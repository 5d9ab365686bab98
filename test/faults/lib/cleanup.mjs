/**
 * Cleanup of what a fault script started (servers, PostgreSQL clusters, SMTP receivers): run in
 * reverse order at the end, and also on SIGTERM/SIGINT (the runner's hard timeout sends SIGTERM to
 * the script's process group before it kills it), so no cluster or server outlives its script;
 * last, whatever is still in the script's process group (a killed server's orphaned ffmpeg) is
 * killed.
 */
import { readdirSync, readFileSync } from 'node:fs';

const tasks = [];
let running = null;

/** Registers `fn` (sync or async) to run at cleanup; answers a function that unregisters it. */
export function onCleanup(fn) {
  tasks.push(fn);
  return () => {
    const i = tasks.indexOf(fn);
    if (i >= 0) tasks.splice(i, 1);
  };
}

/** Process id, parent and process group of `pid` from /proc, or null when it is gone. */
function procStat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const rest = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { pid: Number(pid), ppid: Number(rest[1]), pgrp: Number(rest[2]) };
  } catch {
    return null;
  }
}

/**
 * When this script leads its own process group (the runner starts each script so), SIGKILLs the
 * orphans left in that group (re-parented to init): media tools of a server it killed, which would
 * otherwise run on beside the next script. Answers what it killed ("pid command" each).
 */
export function killGroupLeftovers() {
  const self = procStat(process.pid);
  if (!self || self.pgrp !== process.pid) return [];
  let entries = [];
  try {
    entries = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return [];
  }
  const killed = [];
  for (const d of entries) {
    const s = procStat(d);
    // Orphans only (re-parented to init): a pipeline's other commands share a shell job's group.
    if (!s || s.pgrp !== process.pid || s.pid === process.pid || s.ppid !== 1) continue;
    let command = '';
    try {
      command = readFileSync(`/proc/${d}/cmdline`, 'utf8').split('\0').join(' ').trim();
    } catch {
      /* gone */
    }
    try {
      process.kill(s.pid, 'SIGKILL');
      killed.push(`${s.pid} ${command.slice(0, 80)}`);
    } catch {
      /* gone meanwhile */
    }
  }
  return killed;
}

/**
 * Runs every registered task once, newest first (errors are printed, not thrown), then kills what
 * is left in the script's process group (`killGroupLeftovers`), naming it on stderr.
 */
export function cleanup() {
  running ??= (async () => {
    while (tasks.length > 0) {
      const fn = tasks.pop();
      try {
        await fn();
      } catch (error) {
        process.stderr.write(`cleanup: ${error instanceof Error ? error.message : error}\n`);
      }
    }
    for (const leftover of killGroupLeftovers())
      process.stderr.write(`cleanup: killed a leftover process of this script: ${leftover}\n`);
  })();
  return running;
}

// A crash outside `runScript` (a background loop) must not leave clusters and servers behind.
for (const event of ['uncaughtException', 'unhandledRejection']) {
  process.once(event, (error) => {
    process.stderr.write(`\n${event}: ${error instanceof Error ? error.stack : error}\n`);
    void cleanup().finally(() => process.exit(1));
  });
}

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => {
    process.stderr.write(`\n${signal}: cleaning up\n`);
    void cleanup().finally(() => process.exit(1));
  });
}

/**
 * Runs a script body: awaits `main()`, records an exception as a failure through `onError`, then
 * cleans up. The exit code is left to `finish()` (1 on failure).
 */
export async function runScript(main, onError) {
  try {
    await main();
  } catch (error) {
    onError(error);
  } finally {
    await cleanup();
  }
}
