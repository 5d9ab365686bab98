/**
 * The writes other modules put in the answers module's review statement, each on a table its
 * module owns (decisions.md#review-loop §4, §5): review-comments attaches the reviewer's draft
 * comments to the new review, review-history discards the reviewer's draft. Those modules import
 * the answers module, so it cannot import them: the app decorates itself with this list
 * (`app.reviewStatementWrites`) and the answers routes and the demo seed pass it to `submitReview`.
 */
import type { ReviewStatementWrite } from './modules/answers/index.js';
import { draftCommentsAttach } from './modules/review-comments/index.js';
import { draftDiscard } from './modules/review-history/index.js';

export const reviewStatementWrites: readonly ReviewStatementWrite[] = Object.freeze([
  draftCommentsAttach,
  draftDiscard,
]);
