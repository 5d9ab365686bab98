/**
 * The users module (000 §2.9–§2.10, §7 'Users'): accounts, their lists and emailed-token flows.
 * The app registers `userRoutes` inside `/api`; the auth plugin and module read accounts
 * (`findAccountById`, `accountCanAct`), and groups present their members as users.
 */
export { userColumns, type UserRow } from './list-repository.js';
export { presentUser } from './presenter.js';
export {
  accountCanAct,
  type AccountRow,
  findAccountByEmail,
  findAccountById,
} from './repository.js';
export { userRoutes } from './routes.js';
export { loadUserFor, requestPasswordReset } from './service.js';
