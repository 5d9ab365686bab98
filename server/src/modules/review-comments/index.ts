/**
 * The review comments module (decisions.md#review-loop §3): comments pinned to a moment of an answer's question
 * video. The app registers `reviewCommentRoutes` inside `/api`; the trainees' API (`me`) reads the
 * latest review's comments through `myReviewComments`; the answers module's review statement
 * attaches the reviewer's draft comments to the new review with `draftCommentsAttach`, which
 * the app passes to it.
 */
export { draftCommentsAttach } from './repository.js';
export { reviewCommentRoutes } from './routes.js';
export { myReviewComments } from './service.js';
