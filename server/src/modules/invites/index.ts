/** The invites module (000 §2.8, §7 'Invites'): the app registers `inviteRoutes` inside `/api`. */
export { inviteRoutes } from './routes.js';
