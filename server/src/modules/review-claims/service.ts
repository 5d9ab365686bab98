/**
 * Review claims (decisions.md#review-loop §4 'Claims'). Rules decided here:
 * - Claiming and releasing need 'answer:review' on the answer (404 missing, of a deleted trainee or
 *   of another organization; 403 a trainee), checked before the body is read.
 * - Claiming needs an answer that can take a review now: Submitted, or Reviewed while the
 *   assignment is not Closed (400 with the review call's messages). Releasing does not (a reviewer
 *   leaving an answer just reviewed on a closed assignment still lets go of it).
 * - A free answer, an expired claim or the caller's own claim → the caller's until now +
 *   `reviewClaimTtlSeconds` (the holder's call renews `expiresAt`, keeps `claimedAt`). A live claim
 *   of another → 409 format.answerClaimedBy with that claim as `data`, unless `takeOver`: then the
 *   caller's, and the audit log records 'claim.takenOver' {before: {userId}, after: {userId}}.
 * - Releasing deletes the caller's own claim only; another's is left as it is (still 200).
 * - Submitting a review releases the answer's claim (the answers module, in the review's statement).
 */
import {
  format,
  reviewClaimTtlSeconds,
  type Actor,
  type ReviewClaim,
  reviewRefusal,
} from '@practica/contract';
import type { Db, Tx } from '../../db/client.js';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.js';
import { loadAuthorized } from '../../lib/load-authorized.js';
import { recordAudit } from '../audit/index.js';
import { presentClaim } from './presenter.js';
import {
  deleteClaim,
  findClaimTarget,
  liveClaimsOf,
  upsertClaim,
  type ClaimTargetRow,
} from './repository.js';

/**
 * Loads the answer `id` for a claim call as a reviewer ('answer:review'): 404 missing, of a
 * deleted trainee or another organization; 403 not a reviewer.
 */
export function authorizeClaim(db: Db, actor: Actor, id: number): Promise<ClaimTargetRow> {
  return loadAuthorized(actor, 'answer:review', findClaimTarget(db, id), (row) => ({
    organizationId: row.organizationId,
    userId: row.userId,
    deleted: row.userDeletedAt !== null,
  }));
}

/** Throws the review call's 400 when the answer cannot take a review now. */
function assertClaimable(row: ClaimTargetRow): void {
  const refusal = reviewRefusal(row.statusId, row.assignmentStatusId);
  if (refusal !== null) throw new ValidationError(refusal);
}

/** The full name a claim message shows. */
const fullName = (c: { firstName: string; lastName: string }) =>
  `${c.firstName} ${c.lastName}`.trim();

/**
 * POST /assignments/answers/{id}/claim: claims `target` (what `authorizeClaim` answered) for the
 * caller, or takes it over with `takeOver` (see the module note). Answers the claim; 409 with the
 * holder's claim as data when another holds it live. Two statements when claimed (the claim, the
 * holder's names), three with a take-over (the audit row), in one transaction.
 */
export async function claimAnswer(
  db: Db,
  actor: Actor,
  target: ClaimTargetRow,
  takeOver: boolean,
): Promise<ReviewClaim> {
  assertClaimable(target);
  const now = new Date();
  const expiresAt = new Date(now.getTime() + reviewClaimTtlSeconds * 1000);
  return db.transaction(async (tx: Tx) => {
    const outcome = await upsertClaim(
      tx,
      { answerId: target.id, userId: actor.id, takeOver },
      now,
      expiresAt,
    );
    if (!outcome.claim) {
      const [held] = await liveClaimsOf(tx, [target.id], now);
      if (!held) throw new NotFoundError(); // gone meanwhile: cannot happen under the conflict
      throw new ConflictError(format.answerClaimedBy(fullName(held)), presentClaim(held, actor.id));
    }
    const previous = outcome.previousUserId;
    if (previous !== undefined && previous !== actor.id)
      await recordAudit(tx, [
        {
          organizationId: target.organizationId,
          assignmentId: target.assignmentId,
          answerId: target.id,
          actorId: actor.id,
          action: 'claim.takenOver',
          before: { userId: previous },
          after: { userId: actor.id },
        },
      ]);
    const [mine] = await liveClaimsOf(tx, [target.id], now);
    if (!mine) throw new NotFoundError();
    return presentClaim(mine, actor.id);
  });
}

/** DELETE /assignments/answers/{id}/claim: releases the caller's own claim on `target`. One statement. */
export async function releaseClaim(db: Db, actor: Actor, target: ClaimTargetRow): Promise<void> {
  await deleteClaim(db, target.id, actor.id);
}
