/**
 * The users module (000 §2.9–§2.10, §7 'Users'): accounts, their lists and emailed-token flows.
 * The app registers `userRoutes` inside `/api`; the auth plugin and module read accounts
 * (`findAccountById`, `accountCanAct`), groups present their members as users, and SCIM provisioning
 * changes names and the active flag through `updateUser` and `setActive`; both create accounts
 * through `insertAccount`.
 */
export { userColumns, type UserRow } from './list-repository.js';
export { presentUser } from './presenter.js';
export {
  accountCanAct,
  type AccountRow,
  findAccountByEmail,
  findAccountById,
  insertAccount,
  setScimExternalId,
} from './repository.js';
export { userRoutes } from './routes.js';
export {
  loadUserFor,
  requestPasswordReset,
  setActive,
  updateUser,
  type UsersDeps,
} from './service.js';
