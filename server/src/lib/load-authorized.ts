/**
 * Load-and-authorize, the one path from an id to a row the actor may act on (architecture.md
 * 'Authorization lives in one place'; 000 §6, 001 §6). The policy's `authorize()` decides; this
 * only turns its decision into the typed errors the error handler maps to 404 and 403.
 */
import { authorize, type Action, type Actor, type PolicyTarget } from '@practica/contract';
import { ForbiddenError, NotFoundError } from '../errors.js';

/**
 * Awaits `row` and answers it when `actor` may do `action` on it. `facts` builds the row's policy
 * target (organization, user, author and the visibility facts of `Target`; it may look them up).
 * Throws `NotFoundError` when the row is missing or the actor cannot see it (another
 * organization's row answers as a missing one), `ForbiddenError` when it sees it but may not act
 * (with `forbiddenMessage` when given, else the catalogue's 403 text).
 */
export async function loadAuthorized<R>(
  actor: Actor,
  action: Action,
  row: R | undefined | null | Promise<R | undefined | null>,
  facts: (row: R) => PolicyTarget | Promise<PolicyTarget>,
  forbiddenMessage?: string,
): Promise<R> {
  const found = await row;
  if (found === undefined || found === null) throw new NotFoundError();
  const decision = authorize(actor, action, await facts(found));
  if (decision === 'notFound') throw new NotFoundError();
  if (decision === 'forbidden') throw new ForbiddenError(forbiddenMessage);
  return found;
}
