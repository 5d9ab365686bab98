/**
 * The database state several copies of the server share (operations.md 'Several copies behind a
 * load balancer'), at the level of its SQL: the request limits' fixed windows
 * (lib/rate-limit-store.ts) and the leases of upload locks (modules/me/upload-lock-repository.ts),
 * on both databases. The two-copies behaviour itself is in several-copies.test.ts.
 */
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseRateLimitStore } from '../src/lib/rate-limit-store.js';
import {
  giveUploadLockBack,
  renewUploadLock,
  requestUploadLockRelease,
  sweepExpiredUploadLocks,
  takeUploadLock,
} from '../src/modules/me/upload-lock-repository.js';
import { createTestDatabase, type TestDatabase } from './helpers/database.js';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb?.drop();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the request limits’ store', () => {
  const storeOf = (url: string): FastifyRateLimitStore => {
    const Store = databaseRateLimitStore(testDb.database.db);
    return new Store({}).child({ routeInfo: { method: 'POST', url } } as never);
  };
  const incr = (store: FastifyRateLimitStore, key: string, windowMs: number) =>
    new Promise<{ current: number; ttl: number }>((resolve, reject) =>
      store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), windowMs, 3),
    );

  it('counts a fixed window per route and key: the hits and the ms left, then a new window once it ended', async () => {
    const auth = storeOf('/api/auth');
    const first = await incr(auth, '203.0.113.1', 2_000);
    expect(first.current).toBe(1);
    expect(first.ttl).toBeGreaterThan(0);
    expect(first.ttl).toBeLessThanOrEqual(2_000);
    expect((await incr(auth, '203.0.113.1', 2_000)).current).toBe(2);
    // Another key, and the same key on another route, count on their own.
    expect((await incr(auth, '203.0.113.2', 2_000)).current).toBe(1);
    expect((await incr(storeOf('/api/invites/accept'), '203.0.113.1', 2_000)).current).toBe(1);
    const third = await incr(auth, '203.0.113.1', 2_000);
    expect(third.current).toBe(3);
    expect(third.ttl).toBeLessThanOrEqual(first.ttl);
    await pause(2_100);
    expect((await incr(auth, '203.0.113.1', 2_000)).current).toBe(1);
  });

  it('refuses the options it does not offer instead of ignoring them', () => {
    const Store = databaseRateLimitStore(testDb.database.db);
    expect(() => new Store({ continueExceeding: true } as never)).toThrow(/fixed windows only/);
    expect(() => new Store({}).child({ exponentialBackoff: true } as never)).toThrow(
      /fixed windows only/,
    );
  });
});

describe('the leases of upload locks', () => {
  const db = () => testDb.database.db;

  it('one holder at a time; a waiting request’s release request reaches the holder at its renewal', async () => {
    expect(await takeUploadLock(db(), 'upload-1', 'first', 10_000)).toBe(true);
    expect(await takeUploadLock(db(), 'upload-1', 'second', 10_000)).toBe(false);
    expect(await renewUploadLock(db(), 'upload-1', 'first', 10_000)).toBe('held');
    await requestUploadLockRelease(db(), 'upload-1');
    expect(await renewUploadLock(db(), 'upload-1', 'first', 10_000)).toBe('release-requested');
    // Only the holder gives it back.
    await giveUploadLockBack(db(), 'upload-1', 'second');
    expect(await takeUploadLock(db(), 'upload-1', 'second', 10_000)).toBe(false);
    await giveUploadLockBack(db(), 'upload-1', 'first');
    expect(await takeUploadLock(db(), 'upload-1', 'second', 10_000)).toBe(true);
    expect(await renewUploadLock(db(), 'upload-1', 'second', 10_000)).toBe('held');
  });

  it('a holder that stops renewing (a killed copy) loses the lock when its lease ends, and learns it', async () => {
    expect(await takeUploadLock(db(), 'upload-2', 'killed', 1_000)).toBe(true);
    expect(await takeUploadLock(db(), 'upload-2', 'next', 10_000)).toBe(false);
    await pause(1_100);
    expect(await takeUploadLock(db(), 'upload-2', 'next', 10_000)).toBe(true);
    expect(await renewUploadLock(db(), 'upload-2', 'killed', 10_000)).toBe('lost');
    expect(await renewUploadLock(db(), 'upload-2', 'next', 10_000)).toBe('held');
  });

  it('the sweep removes ended leases only', async () => {
    expect(await takeUploadLock(db(), 'upload-3', 'gone', 1)).toBe(true);
    expect(await takeUploadLock(db(), 'upload-4', 'alive', 10_000)).toBe(true);
    await pause(20);
    expect(await sweepExpiredUploadLocks(db())).toBe(1);
    expect(await takeUploadLock(db(), 'upload-4', 'other', 10_000)).toBe(false);
  });
});
