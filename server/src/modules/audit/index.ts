/**
 * The audit module (decisions.md#review-loop §5): the log of an assignment's and its answers'
 * status changes, reviews and claims taken over, and of the calls made with API tokens
 * (decisions.md#api-tokens §3). Other modules record through `recordAudit` in their transaction;
 * the app registers `auditRoutes` (the read, for Managers and Admins) inside `/api`.
 */
export { auditInsert, recordAudit } from './repository.js';
export { auditRoutes } from './routes.js';
