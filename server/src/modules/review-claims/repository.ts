/**
 * Queries on review claims (decisions.md#review-loop §4 'Claims', table `review_claims`: one row per answer, live
 * while `expires_at` is in the future). Claiming is one INSERT … ON CONFLICT … DO UPDATE … WHERE
 * that decides atomically who holds the answer; a claim past its expiry is free.
 */
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { answers, assignments, reviewClaims, users } from '../../db/schema/index.js';

/** What the claim calls need of an answer: its access facts and whether it can take a review. */
export interface ClaimTargetRow {
  id: number;
  userId: number;
  statusId: number;
  userDeletedAt: Date | null;
  assignmentId: number;
  organizationId: number;
  assignmentStatusId: number;
}

/** The answer `id` with its trainee's deletion and its assignment's organization and status. One statement. */
export async function findClaimTarget(
  db: Db | Tx,
  id: number,
): Promise<ClaimTargetRow | undefined> {
  const [row] = await db
    .select({
      id: answers.id,
      userId: answers.userId,
      statusId: answers.statusId,
      userDeletedAt: users.deletedAt,
      assignmentId: answers.assignmentId,
      organizationId: assignments.organizationId,
      assignmentStatusId: assignments.statusId,
    })
    .from(answers)
    .innerJoin(users, eq(users.id, answers.userId))
    .innerJoin(assignments, eq(assignments.id, answers.assignmentId))
    .where(eq(answers.id, id))
    .limit(1);
  return row;
}

/** A claim as stored, with its holder's names. */
export interface ClaimRow {
  answerId: number;
  userId: number;
  firstName: string;
  lastName: string;
  claimedAt: Date;
  expiresAt: Date;
}

const claimColumns = {
  answerId: reviewClaims.answerId,
  userId: reviewClaims.userId,
  firstName: users.firstName,
  lastName: users.lastName,
  claimedAt: reviewClaims.claimedAt,
  expiresAt: reviewClaims.expiresAt,
};

/** The live claims (not expired at `now`) of `answerIds` with their holders. One statement. */
export async function liveClaimsOf(
  db: Db | Tx,
  answerIds: readonly number[],
  now: Date = new Date(),
): Promise<ClaimRow[]> {
  if (answerIds.length === 0) return [];
  return db
    .select(claimColumns)
    .from(reviewClaims)
    .innerJoin(users, eq(users.id, reviewClaims.userId))
    .where(and(inArray(reviewClaims.answerId, [...answerIds]), gt(reviewClaims.expiresAt, now)));
}

/** What a claim attempt did: the claim when the caller holds it now, and the holder before. */
export interface ClaimOutcome {
  claim: { answerId: number; userId: number; claimedAt: Date; expiresAt: Date } | undefined;
  /** The holder before the call while its claim was live (undefined: free, expired or none). */
  previousUserId: number | undefined;
}

/**
 * Claims the answer `answerId` for `userId` until `expiresAt`: a free answer, an expired claim or
 * the caller's own (renewed: `claimed_at` kept) is the caller's; a live claim of another is taken
 * only with `takeOver`. One statement (INSERT … ON CONFLICT … DO UPDATE … WHERE … RETURNING, the
 * previous holder read in a CTE); `claim` is undefined when another holds it and no takeOver.
 */
export async function upsertClaim(
  db: Db | Tx,
  { answerId, userId, takeOver }: { answerId: number; userId: number; takeOver: boolean },
  now: Date,
  expiresAt: Date,
): Promise<ClaimOutcome> {
  // node-postgres and PGlite both answer `{rows}`.
  const result = (await db.execute(sql`
    with previous as (
      select ${reviewClaims.userId} as user_id from ${reviewClaims}
      where ${reviewClaims.answerId} = ${answerId} and ${reviewClaims.expiresAt} > ${now}
    ),
    claimed as (
      insert into ${reviewClaims} (answer_id, user_id, claimed_at, expires_at)
      values (${answerId}, ${userId}, ${now}, ${expiresAt})
      on conflict (answer_id) do update set
        user_id = excluded.user_id,
        claimed_at = case
          when ${reviewClaims.userId} = excluded.user_id and ${reviewClaims.expiresAt} > ${now}
          then ${reviewClaims.claimedAt} else excluded.claimed_at end,
        expires_at = excluded.expires_at
      where ${reviewClaims.userId} = excluded.user_id
        or ${reviewClaims.expiresAt} <= ${now}
        or ${takeOver}
      returning answer_id, user_id, claimed_at, expires_at
    )
    select c.answer_id, c.user_id, c.claimed_at, c.expires_at,
      (select user_id from previous) as previous_user_id
    from (select 1) one left join claimed c on true
  `)) as unknown as {
    rows: {
      answer_id: number | null;
      user_id: number | null;
      claimed_at: string | Date | null;
      expires_at: string | Date | null;
      previous_user_id: number | null;
    }[];
  };
  const [row] = result.rows;
  const date = (v: string | Date) => (v instanceof Date ? v : new Date(v));
  return {
    claim:
      row?.answer_id != null && row.user_id != null && row.claimed_at && row.expires_at
        ? {
            answerId: Number(row.answer_id),
            userId: Number(row.user_id),
            claimedAt: date(row.claimed_at),
            expiresAt: date(row.expires_at),
          }
        : undefined,
    previousUserId: row?.previous_user_id != null ? Number(row.previous_user_id) : undefined,
  };
}

/** Deletes `userId`'s claim on the answer `answerId` (another's is left). One statement. */
export async function deleteClaim(db: Db | Tx, answerId: number, userId: number): Promise<void> {
  await db
    .delete(reviewClaims)
    .where(and(eq(reviewClaims.answerId, answerId), eq(reviewClaims.userId, userId)));
}

/**
 * The delete of `answerId`'s claim, returning the answer id of what it deleted: for the review
 * statement that completes the review (a data-modifying `WITH`). Runs nothing on its own.
 */
export function claimRelease(tx: Tx, answerId: number) {
  return tx
    .delete(reviewClaims)
    .where(eq(reviewClaims.answerId, answerId))
    .returning({ answerId: reviewClaims.answerId });
}
