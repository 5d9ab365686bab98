/**
 * The door to one assignment row (`loadAuthorized`, architecture.md 'Authorization lives in one
 * place'; 001 §6): what every assignment call (service.ts, members-service.ts) loads an id with.
 */
import type { Action, Actor } from '@practica/contract';
import type { Db, Tx } from '../../db/client.js';
import { loadAuthorized } from '../../lib/load-authorized.js';
import { findAssignment, type AssignmentRow } from './repository.js';

/** The policy target of an assignment row: its organization. */
export const assignmentTarget = (row: Pick<AssignmentRow, 'organizationId'>) => ({
  organizationId: row.organizationId,
});

/**
 * Loads an assignment for `action` (`loadAuthorized`): 404 when missing or, for anyone but an
 * admin, in another organization; 403 when the policy refuses (e.g. a trainee).
 */
export function loadAssignmentFor(
  db: Db | Tx,
  actor: Actor,
  id: number,
  action: Action,
): Promise<AssignmentRow> {
  return loadAuthorized(actor, action, findAssignment(db, id), assignmentTarget);
}
