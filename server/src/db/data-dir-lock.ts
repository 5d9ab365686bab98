/**
 * One process per embedded data folder: PGlite's files are not safe for two writers. A second
 * server started on the same `DATA_DIR` refuses to start with a clear message.
 *
 * The lock is `dataDir/.lock` holding the owner's pid. Every step is atomic on one file system:
 * - a lock file appears whole, pid included: written under a private name, then hard-linked to
 *   `.lock` (`link` fails when `.lock` exists), so no one ever reads an empty lock;
 * - a lock left by a dead process is taken over by one process only: the taker first holds
 *   `.lock.takeover` (made the same way), checks again that `.lock` is still the dead one, then
 *   renames its own file over it. Without that second lock, two servers started together on a stale
 *   lock could both remove it and both start (seen in test/faults/two-embedded.mjs).
 */
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid in `file`, or null when the file is gone; 0 when it holds no pid. */
function holderOf(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** True when a live process other than this one holds `file`. */
const heldByOther = (pid: number | null): pid is number =>
  pid !== null && pid !== 0 && pid !== process.pid && isAlive(pid);

/** Writes this pid to a file of this process beside `file`; answers its path. */
function ownPidFile(file: string): string {
  const own = `${file}.${process.pid}`;
  writeFileSync(own, String(process.pid));
  return own;
}

/** Creates `file` holding this pid, whole, unless it exists (answers false then). */
function createWithPid(file: string): boolean {
  const own = ownPidFile(file);
  try {
    linkSync(own, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return false;
  } finally {
    unlinkSync(own);
  }
}

function unlinkIfPresent(file: string): void {
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** Waits `ms` milliseconds, synchronously (the lock is taken before the server starts its loop). */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Takes `dataDir/.lock` for this process; a lock left by a dead process is taken over, by one of
 * several processes started together. Returns the release function (it removes the lock only
 * while it is this process's). Throws `DataDirLockedError` when a live process holds it.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const file = path.join(dataDir, '.lock');
  const takeover = `${file}.takeover`;
  const refuse = (pid: number) =>
    new DataDirLockedError(
      `The data folder ${dataDir} is in use by another Practica server (pid ${pid}). ` +
        'Stop it first, or start this one with another DATA_DIR.',
    );
  /** The release function of a lock this process now holds. */
  const releaser = () => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (holderOf(file) === process.pid) unlinkIfPresent(file);
    };
  };
  // A takeover lasts microseconds; 200 rounds of 10 ms only run out when a taker died mid-way
  // and another process keeps taking over its stale takeover file.
  for (let attempt = 0; attempt < 200; attempt++) {
    if (createWithPid(file)) return releaser();
    const holder = holderOf(file);
    if (heldByOther(holder)) throw refuse(holder);
    if (holder === null) continue; // released meanwhile: try again
    // A stale lock (its process is gone, or it is this process's own): take it over, one at a time.
    if (!createWithPid(takeover)) {
      const taker = holderOf(takeover);
      if (!heldByOther(taker) && taker !== null) unlinkIfPresent(takeover); // a taker that died
      pause(10);
      continue;
    }
    try {
      const now = holderOf(file);
      if (heldByOther(now)) throw refuse(now);
      if (now !== holder) continue; // changed meanwhile: look again
      renameSync(ownPidFile(file), file);
      return releaser();
    } finally {
      unlinkIfPresent(takeover);
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}.`);
}
