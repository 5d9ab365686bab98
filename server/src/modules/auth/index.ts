/**
 * The auth module: sign-in and the signed-in user (000 §3, §7 'Auth'). The app registers
 * `authRoutes` inside `/api`; invites sign a registered trainee in with `presentSessionUser`.
 */
export { presentSessionUser } from './presenter.js';
export { authRoutes } from './routes.js';
