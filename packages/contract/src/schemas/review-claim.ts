/**
 * Review claims (decisions.md#review-loop §4 'Claims'): opening an answer for review claims it for that reviewer
 * for `reviewClaimTtlSeconds`; the reviewer's screen renews it while it is open and active and
 * releases it on leaving; submitting a review releases it too. Another reviewer sees who holds it
 * and since when, and may take it over explicitly.
 *
 *     POST   /assignments/answers/{id}/claim   {takeOver?: boolean}  → the claim
 *       free, expired or the caller's own → (re)claimed (the holder's call renews `expiresAt` and
 *       keeps `claimedAt`); held live by another and no takeOver → 409
 *       format.answerClaimedBy(name) with the claim as `data`; takeOver → the caller's.
 *     DELETE /assignments/answers/{id}/claim   → null (releases the caller's own claim; another's
 *       is left untouched)
 *
 * Both need 'answer:review' on the answer (404 another organization, 403 a trainee) and an answer
 * that can take a review now (400 as the review call answers). Exports are prefixed
 * `reviewClaim…`.
 */
import { z } from 'zod';
import { idSchema } from './common';

/** How long a claim lives without a renewal, in seconds (10 minutes). */
export const reviewClaimTtlSeconds = 600;

/** How often the console renews a claim while the screen is open and active, in milliseconds. */
export const reviewClaimRenewMs = 2 * 60 * 1000;

/** POST /assignments/answers/{id}/claim body: `takeOver` takes a claim another reviewer holds. */
export const reviewClaimBodySchema = z.object({ takeOver: z.boolean().optional() }).nullish();

/**
 * A live claim: the answer, who holds it, when it was claimed and when it expires (ISO times),
 * `mine` when the caller holds it.
 */
export const reviewClaimSchema = z.object({
  answerId: idSchema,
  user: z.object({ id: idSchema, firstName: z.string(), lastName: z.string() }),
  claimedAt: z.string(),
  expiresAt: z.string(),
  mine: z.boolean(),
});
export type ReviewClaim = z.infer<typeof reviewClaimSchema>;
