/** The review inbox's rows on the wire (decisions.md#review-loop §1): the only path from an `InboxRow` to JSON. */
import type { ReviewInboxItem } from '@practica/contract';
import type { InboxRow } from './repository.js';

/** One inbox row for the caller `actorId` (the claim's `mine`); reviewedBefore: an earlier review exists. */
export function presentInboxItem(row: InboxRow, actorId: number): ReviewInboxItem {
  return {
    answerId: row.answerId,
    assignment: { id: row.assignmentId, name: row.assignmentName },
    user: { id: row.userId, firstName: row.firstName, lastName: row.lastName },
    submittedAt: row.submittedAt.toISOString(),
    reviewedBefore: row.reviewVersion > 0,
    claim:
      row.claimUserId !== null && row.claimedAt !== null && row.claimExpiresAt !== null
        ? {
            user: {
              id: row.claimUserId,
              firstName: row.claimFirstName ?? '',
              lastName: row.claimLastName ?? '',
            },
            claimedAt: row.claimedAt.toISOString(),
            expiresAt: row.claimExpiresAt.toISOString(),
            mine: row.claimUserId === actorId,
          }
        : null,
  };
}
