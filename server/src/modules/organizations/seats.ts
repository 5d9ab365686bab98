/**
 * Trainee seats (000 §2.5; decisions.md#users-organizations-seats): usage = active, not
 * deleted trainees + pending trainee invites. Every way a trainee comes to hold a seat — an
 * invite, a renewed expired invite, an accepted invite, a direct creation, an activation, a
 * restore — checks it here, in its own transaction, after `lockOrganization` took the
 * organization's row lock (`SELECT … FOR UPDATE`): concurrent writes queue on that lock and each
 * counts what the previous one committed, so the seats are never exceeded, on PGlite and on
 * PostgreSQL.
 */
import { messages } from '@practica/contract';
import type { Tx } from '../../db/client.js';
import { ConflictError } from '../../errors.js';
import { traineeSeatUsage } from './repository.js';

/**
 * Run under the organization lock: 409 'No trainee seats left' when one more trainee would make
 * the usage exceed `organization.userSeats`. `convertsInvite`: the new trainee comes from a
 * pending invite, whose reservation it converts, so the pending invites are not counted.
 */
export async function requireTraineeSeat(
  tx: Tx,
  organization: { id: number; userSeats: number },
  { convertsInvite = false }: { convertsInvite?: boolean } = {},
): Promise<void> {
  const usage = await traineeSeatUsage(tx, organization.id);
  const used = usage.activeTrainees + (convertsInvite ? 0 : usage.pendingTraineeInvites);
  if (used >= organization.userSeats) throw new ConflictError(messages.noTraineeSeatsLeft);
}
