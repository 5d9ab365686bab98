/**
 * The review inbox module (issue 21 §1): every answer waiting for review across assignments, and
 * an answer's neighbors in it. The app registers `reviewInboxRoutes` inside `/api`.
 */
export { reviewInboxRoutes } from './routes.js';
