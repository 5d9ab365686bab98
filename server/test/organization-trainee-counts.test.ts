/**
 * The organizations list's active-trainee counts are kept by triggers on users (migration 0007,
 * decisions.md#performance). Whatever changes users — one row or many in one statement, inserts, deletes, role,
 * organization, active flag, soft delete and restore — the kept count must equal the live count.
 */
import fc from 'fast-check';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@practica/contract';
import { organizationTraineeCounts, organizations, users } from '../src/db/schema/index.js';
import { createTestDatabase, type TestDatabase } from './helpers/database.js';

let t: TestDatabase;
let orgIds: number[] = [];
let seq = 0;

beforeAll(async () => {
  t = await createTestDatabase();
  const rows = await t.database.db
    .insert(organizations)
    .values(['One', 'Two', 'Three'].map((name) => ({ name, address: 'Street 1', userSeats: 100 })))
    .returning({ id: organizations.id });
  orgIds = rows.map((r) => r.id);
});

afterAll(async () => {
  await t.drop();
});

/** Kept and live counts of every organization (organizations without a kept row count 0). */
async function keptAndLive() {
  const { db } = t.database;
  const kept = await db.select().from(organizationTraineeCounts);
  const live = await db
    .select({ organizationId: users.organizationId, n: sql<number>`count(*)`.mapWith(Number) })
    .from(users)
    .where(
      sql`${users.roleId} = ${Role.Trainee} and ${users.active} and ${users.deletedAt} is null and ${users.organizationId} is not null`,
    )
    .groupBy(users.organizationId);
  const byOrg = (rows: { organizationId: number | null; n: number }[]) =>
    Object.fromEntries(orgIds.map((id) => [id, rows.find((r) => r.organizationId === id)?.n ?? 0]));
  return {
    kept: byOrg(kept.map((k) => ({ organizationId: k.organizationId, n: k.activeTrainees }))),
    live: byOrg(live),
  };
}

const roles = [Role.Trainee, Role.Instructor, Role.Manager];

const step = fc.oneof(
  fc.record({
    kind: fc.constant('insert' as const),
    count: fc.integer({ min: 1, max: 4 }),
    org: fc.integer({ min: 0, max: 3 }), // 3: no organization
    role: fc.constantFrom(...roles),
    active: fc.boolean(),
  }),
  fc.record({
    kind: fc.constantFrom(
      'deactivate' as const,
      'activate' as const,
      'softDelete' as const,
      'restore' as const,
      'delete' as const,
    ),
    pick: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
  }),
  fc.record({
    kind: fc.constantFrom('move' as const, 'role' as const),
    pick: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
    to: fc.integer({ min: 0, max: 3 }),
  }),
);

describe('organization_trainee_counts', () => {
  it('equals the live count after any sequence of user changes', async () => {
    const { db } = t.database;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        for (const s of steps) {
          const ids = (await db.select({ id: users.id }).from(users)).map((r) => r.id);
          const picked =
            'pick' in s && ids.length > 0
              ? [...new Set(s.pick.map((i) => ids[i % ids.length]!))]
              : [];
          if (s.kind === 'insert') {
            await db.insert(users).values(
              Array.from({ length: s.count }, () => ({
                email: `u${++seq}@counts.test`,
                firstName: 'F',
                lastName: 'L',
                passwordHash: 'x',
                roleId: s.role,
                organizationId: s.org < 3 ? orgIds[s.org]! : null,
                active: s.active,
              })),
            );
          } else if (picked.length === 0) {
            continue;
          } else if (s.kind === 'delete') {
            await db.delete(users).where(inArray(users.id, picked));
          } else if (s.kind === 'move') {
            await db
              .update(users)
              .set({ organizationId: s.to < 3 ? orgIds[s.to]! : null })
              .where(inArray(users.id, picked));
          } else if (s.kind === 'role') {
            await db
              .update(users)
              .set({ roleId: roles[s.to % roles.length]! })
              .where(inArray(users.id, picked));
          } else {
            const set = {
              deactivate: { active: false },
              activate: { active: true },
              softDelete: { deletedAt: new Date() },
              restore: { deletedAt: null },
            }[s.kind];
            await db.update(users).set(set).where(inArray(users.id, picked));
          }
          const { kept, live } = await keptAndLive();
          expect(kept).toEqual(live);
        }
      }),
      { numRuns: 25 },
    );
  });

  it('holds through a transaction that rolls back', async () => {
    const { db } = t.database;
    const before = await keptAndLive();
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(users).values({
          email: `u${++seq}@counts.test`,
          firstName: 'F',
          lastName: 'L',
          passwordHash: 'x',
          roleId: Role.Trainee,
          organizationId: orgIds[0]!,
        });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await keptAndLive()).toEqual(before);
    const [row] = await db
      .select()
      .from(organizationTraineeCounts)
      .where(eq(organizationTraineeCounts.organizationId, orgIds[0]!));
    expect(row?.activeTrainees ?? 0).toBe(before.live[orgIds[0]!]);
  });
});
