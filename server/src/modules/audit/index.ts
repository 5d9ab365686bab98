/**
 * The audit module (issue 21 §5): the log of an assignment's and its answers' status changes,
 * reviews and claims taken over. Other modules record through `recordAudit` in their transaction.
 */
export { recordAudit, type AuditAction, type AuditEventInput } from './repository.js';
