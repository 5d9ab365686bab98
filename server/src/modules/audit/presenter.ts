/**
 * The audit log's answer (decisions.md#review-loop §5): rows to the contract's `AuditEvent`. An actor or trainee
 * erased since shows as null ('Deleted user' as the actor's name).
 */
import type { AuditEvent } from '@practica/contract';
import type { AuditEventRow } from './repository.js';
import { nameOf } from '../../lib/person-name.js';

/** One event of GET /assignments/{id}/audit. */
export function presentAuditEvent(row: AuditEventRow): AuditEvent {
  const actor =
    row.actorId !== null && row.actorFirstName !== null
      ? { id: row.actorId, firstName: row.actorFirstName, lastName: row.actorLastName ?? '' }
      : null;
  const trainee =
    row.traineeId !== null && row.traineeFirstName !== null
      ? {
          id: row.traineeId,
          firstName: row.traineeFirstName,
          lastName: row.traineeLastName ?? '',
        }
      : null;
  return {
    id: row.id,
    action: row.action,
    actor,
    actorName: nameOf(actor),
    answerId: row.answerId,
    trainee,
    before: row.before,
    after: row.after,
    createdAt: row.createdAt.toISOString(),
  };
}
