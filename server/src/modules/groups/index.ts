/**
 * The groups module (000 §2.7, §7 'Groups'), including a user's groups tab. The app registers
 * `groupRoutes` inside `/api` and hands `groupRefsOfUser` to the users routes.
 */
export { groupsByIds, usersByIds } from './repository.js';
export { groupRoutes } from './routes.js';
export { groupRefsOfUser } from './service.js';
