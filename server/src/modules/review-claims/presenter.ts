/** The only path from a claim row to the wire (`reviewClaimSchema`, decisions.md#review-loop §4). */
import type { ReviewClaim } from '@practica/contract';
import type { ClaimRow } from './repository.js';

/** A claim as the API answers it; `mine` when `actorId` holds it. */
export function presentClaim(row: ClaimRow, actorId: number): ReviewClaim {
  return {
    answerId: row.answerId,
    user: { id: row.userId, firstName: row.firstName, lastName: row.lastName },
    claimedAt: row.claimedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    mine: row.userId === actorId,
  };
}
