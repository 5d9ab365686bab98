/**
 * The review-claims module (decisions.md#review-loop §4 'Claims'): who is reviewing an answer now. The app
 * registers `reviewClaimRoutes` inside `/api`; the answers module reads an answer's live claim
 * with the answer (one statement) and presents it with `presentClaim` (submitting a review
 * releases the claim in the review's own statement, through `claimRelease`).
 */
export { presentClaim } from './presenter.js';
export { claimRelease, type ClaimRow } from './repository.js';
export { reviewClaimRoutes } from './routes.js';
