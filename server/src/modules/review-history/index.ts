/**
 * The review history module (decisions.md#review-loop §5, §6): every completed review of an answer and each
 * reviewer's review in progress. The app registers `reviewHistoryRoutes` inside `/api`; the answers
 * module's review statement discards the reviewer's draft (a table this module owns) through
 * `draftDiscard`, which the app passes to it.
 */
export { draftDiscard } from './repository.js';
export { reviewHistoryRoutes } from './routes.js';
