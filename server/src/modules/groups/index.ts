/**
 * The groups module (000 §2.7, §7 'Groups'), including a user's groups tab. The app registers
 * `groupRoutes` inside `/api` and hands `groupRefsOfUser` to the users routes; SCIM provisioning
 * (decisions.md#scim) creates, renames, fills and deletes groups through the service's functions.
 */
export { groupsByIds, usersByIds } from './repository.js';
export { groupRoutes } from './routes.js';
export {
  addMembers,
  createGroup,
  deleteGroup,
  groupRefsOfUser,
  removeMembers,
  setGroupScimExternalId,
  updateGroup,
} from './service.js';
