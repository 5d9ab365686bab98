/**
 * The organizations module (000 §2.5, §7 'Organizations'; decisions.md#users-organizations-seats). The app
 * registers `organizationRoutes` inside `/api`; other modules load an organization for an actor
 * (`loadOrganizationFor`), lock it for a seat check (`lockOrganization`, `requireTraineeSeat`,
 * `traineeSeatUsage` for a batch's seats).
 */
export { findOrganization, lockOrganization, traineeSeatUsage } from './repository.js';
export { organizationRoutes } from './routes.js';
export { requireTraineeSeat } from './seats.js';
export { loadOrganizationFor } from './service.js';
