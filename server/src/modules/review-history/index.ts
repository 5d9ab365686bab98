/**
 * The review history module (decisions.md#review-loop §5, §6): every completed review of an answer and each
 * reviewer's review in progress. The app registers `reviewHistoryRoutes` inside `/api`.
 */
export { reviewHistoryRoutes } from './routes.js';
