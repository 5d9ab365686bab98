/**
 * The invites module (000 §2.8, §7 'Invites'): the app registers `inviteRoutes` inside `/api`;
 * single sign-on accepts a pending invite with `findPendingInviteForEmail` and `acceptPendingInvite`.
 */
export { inviteRoutes } from './routes.js';
export { findPendingInviteForEmail } from './repository.js';
export { acceptPendingInvite } from './service.js';
