/**
 * The review comments module (decisions.md#review-loop §3): comments pinned to a moment of an answer's question
 * video. The app registers `reviewCommentRoutes` inside `/api`; the trainees' API (`me`) reads the
 * latest review's comments through `myReviewComments`.
 */
export { reviewCommentRoutes } from './routes.js';
export { myReviewComments } from './service.js';
