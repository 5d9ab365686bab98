/**
 * The doors of authorization on the server (architecture.md 'Authorization lives in one place';
 * 000 §6, 001 §6). The contract's policy decides; these only turn its decision into the typed
 * errors the error handler maps to 404 and 403:
 * - `loadAuthorized`: one row (an id) → the row, 404 or 403;
 * - `requireAllowed`: an action that names no row (create, list, one's own settings) → 403;
 * - lists scoped to an organization go through `scopeFor` (scope-for.ts).
 */
import { authorize, can, type Action, type Actor, type PolicyTarget } from '@practica/contract';
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

/**
 * Throws `ForbiddenError` (the catalogue's 403 text, or `forbiddenMessage`) unless the policy's
 * `can(actor, action, target)` allows it; answers nothing. For an action on facts the caller
 * already holds (no row to load): omitted target fields are the actor's own organization and
 * "someone else", as for `can()`. An anonymous actor (null) is refused.
 */
export function requireAllowed(
  actor: Actor | null | undefined,
  action: Action,
  target?: PolicyTarget,
  forbiddenMessage?: string,
): void {
  if (!can(actor, action, target)) throw new ForbiddenError(forbiddenMessage);
}
