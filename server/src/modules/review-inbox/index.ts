/**
 * The review inbox module (decisions.md#review-loop §1): every answer waiting for review across assignments, and
 * an answer's neighbors in it. The app registers `reviewInboxRoutes` inside `/api`.
 */
export { reviewInboxRoutes } from './routes.js';
