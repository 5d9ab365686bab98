/**
 * The locks of the trainees' resumable uploads (tus 1.0.0 asks that requests for one upload never
 * write at once), kept in the database (`upload_locks`, SQL in upload-lock-repository.ts) instead
 * of `@tus/server`'s default in-memory locker, so that two requests for one upload landing on two
 * copies of the server behind a load balancer are serialized too (operations.md 'Several copies
 * behind a load balancer').
 *
 * `@tus/server`'s Lock contract:
 * - `lock(signal, requestRelease)` waits until the upload's lock is free, retrying every
 *   `retryEveryMs` (at once when a holder in this process gives it back); while it waits it asks
 *   the holder to let go (a flag on the holder's row, seen at its next renewal; a holder in this
 *   process is asked at once). The holder's `requestRelease` then ends its request (the tus server
 *   cancels it after its drain time) and it unlocks. After
 *   `acquireTimeoutMs`, or when the waiting request is aborted, it gives up with tus's
 *   ERR_LOCK_TIMEOUT.
 * - The holder renews its lease (`leaseMs`) every `renewEveryMs`; a copy that was killed stops
 *   renewing and its lock is free `leaseMs` later, never blocking an upload for longer. A holder
 *   that finds its lock lost (the database unreachable longer than a lease) ends its request too.
 * - `unlock()` gives the lock back.
 *
 * On the embedded PGlite (one process by design, no second copy can share it) the locks stay in
 * memory, `@tus/server`'s MemoryLocker, one per database (`uploadLockerFor`): no statement is
 * added to an upload's requests there, and two apps built on one PGlite (the tests) share it.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ERRORS, MemoryLocker } from '@tus/server';
import type { Lock, Locker, RequestRelease } from '@tus/utils';
import type { Database, Db } from '../../db/client.js';
import {
  giveUploadLockBack,
  renewUploadLock,
  requestUploadLockRelease,
  takeUploadLock,
} from './upload-lock-repository.js';

/** Timings of the locks, in milliseconds. */
interface UploadLockTimings {
  /** How long a lock lives without renewal: how long a killed copy's lock blocks its upload. */
  leaseMs: number;
  /** How often a holder renews its lease and looks whether another request waits. */
  renewEveryMs: number;
  /** How often a waiting request tries again. */
  retryEveryMs: number;
  /** How long a request waits for a lock before it gives up (ERR_LOCK_TIMEOUT). */
  acquireTimeoutMs: number;
}

/** The timings in production: a killed copy's lock blocks its upload for at most 10 s. */
const defaultUploadLockTimings: UploadLockTimings = {
  leaseMs: 10_000,
  renewEveryMs: 2_000,
  retryEveryMs: 100,
  acquireTimeoutMs: 30_000,
};

/** Where the locker reports a failed renewal or give-back (the app's log). */
interface UploadLockLog {
  warn(details: object, message: string): void;
}

/** The `Locker` of the tus server of /api/me/uploads over `db` (see the module note). */
class DatabaseUploadLocker implements Locker {
  /** The release requests of the locks this process holds, by upload id. */
  readonly heldHere = new Map<string, () => void>();
  /** Wakes the requests of this process waiting for an upload's lock, by upload id. */
  readonly waitingHere = new Map<string, Set<() => void>>();
  readonly timings: UploadLockTimings;

  constructor(
    readonly db: Db,
    readonly log: UploadLockLog,
    timings: Partial<UploadLockTimings> = {},
  ) {
    this.timings = { ...defaultUploadLockTimings, ...timings };
  }

  newLock(id: string): Lock {
    return new DatabaseUploadLock(this, id);
  }
}

class DatabaseUploadLock implements Lock {
  private readonly holder = randomUUID();
  private renewal: NodeJS.Timeout | undefined;
  private held = false;
  /** Asks this lock's request to end (once), while it holds the lock. */
  private release: () => void = () => {};

  constructor(
    private readonly locker: DatabaseUploadLocker,
    private readonly id: string,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const { db, timings, heldHere } = this.locker;
    const deadline = Date.now() + timings.acquireTimeoutMs;
    let askedAt = Number.NEGATIVE_INFINITY;
    for (;;) {
      if (signal.aborted) throw ERRORS.ERR_LOCK_TIMEOUT;
      if (await takeUploadLock(db, this.id, this.holder, timings.leaseMs)) break;
      // Ask the holder to let go: at once when it is in this process, else through its row
      // (again every renewal period, in case the holder changed meanwhile).
      heldHere.get(this.id)?.();
      if (Date.now() - askedAt >= timings.renewEveryMs) {
        askedAt = Date.now();
        await requestUploadLockRelease(db, this.id);
      }
      if (Date.now() >= deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
      await this.waitForRetry(signal);
    }
    this.held = true;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      void Promise.resolve(requestRelease()).catch(() => undefined);
    };
    this.release = release;
    heldHere.set(this.id, release);
    this.renewal = setInterval(() => {
      renewUploadLock(db, this.id, this.holder, timings.leaseMs).then(
        (state) => {
          if (state !== 'held') release();
        },
        (err: unknown) => this.locker.log.warn({ err }, 'could not renew an upload lock'),
      );
    }, timings.renewEveryMs).unref();
  }

  /** Waits `retryEveryMs`, or less when a holder in this process gives the lock back or `signal` aborts. */
  private async waitForRetry(signal: AbortSignal): Promise<void> {
    const { waitingHere, timings } = this.locker;
    const wake = new AbortController();
    const waiters = waitingHere.get(this.id) ?? new Set<() => void>();
    waitingHere.set(this.id, waiters);
    const onWake = () => wake.abort();
    waiters.add(onWake);
    try {
      await sleep(timings.retryEveryMs, undefined, {
        signal: AbortSignal.any([signal, wake.signal]),
      }).catch(() => undefined);
    } finally {
      waiters.delete(onWake);
      if (waiters.size === 0 && waitingHere.get(this.id) === waiters) waitingHere.delete(this.id);
    }
  }

  async unlock(): Promise<void> {
    if (!this.held) throw new Error('Releasing an unlocked lock!');
    this.held = false;
    clearInterval(this.renewal);
    const { db, heldHere, log } = this.locker;
    if (heldHere.get(this.id) === this.release) heldHere.delete(this.id);
    // A failed give-back leaves the lock to its lease.
    await giveUploadLockBack(db, this.id, this.holder).catch((err: unknown) =>
      log.warn({ err }, 'could not give back an upload lock'),
    );
    for (const wake of this.locker.waitingHere.get(this.id) ?? []) wake();
  }
}

/** The in-memory locker of each embedded database (see the module note). */
const memoryLockers = new WeakMap<Db, MemoryLocker>();

/**
 * The locker of the uploads of `database`: in the database on PostgreSQL (`DatabaseUploadLocker`,
 * failures reported to `log`), in memory, one per database, on the embedded PGlite.
 */
export function uploadLockerFor(database: Database, log: UploadLockLog): Locker {
  if (database.kind === 'postgres') return new DatabaseUploadLocker(database.db, log);
  let locker = memoryLockers.get(database.db);
  if (!locker) {
    locker = new MemoryLocker({ acquireLockTimeout: defaultUploadLockTimings.acquireTimeoutMs });
    memoryLockers.set(database.db, locker);
  }
  return locker;
}
