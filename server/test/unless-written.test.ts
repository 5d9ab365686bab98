/**
 * The security suites' shortcut (test/helpers/unless-written.ts): a fingerprint is reused only
 * while nothing wrote. A reuse after a write would let a refused request's write pass unseen.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './helpers/database.js';
import { unlessWritten } from './helpers/unless-written.js';

let test: TestDatabase;
let takes = 0;
let fingerprint: () => Promise<string>;

/** A fingerprint of this file's own table (its row count and the sum of its values). */
const tableFingerprint = async () => {
  takes++;
  const result = (await test.database.db.execute(
    sql`select count(*)::text || ':' || coalesce(sum(n), 0)::text as f from unless_written_rows`,
  )) as unknown as { rows: { f: string }[] };
  return result.rows[0]!.f;
};

beforeAll(async () => {
  test = await createTestDatabase();
  await test.database.db.execute(sql`create table unless_written_rows (n int not null)`);
  await test.database.db.execute(sql`insert into unless_written_rows values (1)`);
  fingerprint = unlessWritten(test.database.db, tableFingerprint);
});
afterAll(async () => test?.drop());

describe('unlessWritten', () => {
  it('takes the fingerprint once, then reuses it while only reads happen', async () => {
    const first = await fingerprint();
    await test.database.db.execute(sql`select count(*) from unless_written_rows`);
    expect(await fingerprint()).toBe(first);
    expect(await fingerprint()).toBe(first);
    expect(takes).toBe(1);
  });

  it('takes it again after a write, and answers the new state', async () => {
    const before = await fingerprint();
    const taken = takes;
    await test.database.db.execute(sql`update unless_written_rows set n = n + 1`);
    const after = await fingerprint();
    expect(takes).toBe(taken + 1);
    expect(after).not.toBe(before);
    expect(after).toBe('1:2');
  });

  it('takes it again after a write that was rolled back, and answers the same state', async () => {
    const before = await fingerprint();
    const taken = takes;
    await test.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into unless_written_rows values (5)`);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await fingerprint()).toBe(before);
    expect(takes).toBe(taken + 1);
  });
});
