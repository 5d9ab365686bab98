/**
 * The SCIM module (decisions.md#scim): an organization's directory (Entra ID, Okta) provisions its
 * trainees and instructors over SCIM 2.0. The app registers `scimRoutes` at `/scim/v2`, outside
 * `/api`, where HTTP is served.
 */
export { scimRoutes } from './routes.js';
