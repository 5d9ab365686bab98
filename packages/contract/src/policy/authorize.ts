/**
 * `authorize(actor, action, target)`: the server's decision on one row (architecture.md 'Authorization
 * lives in one place'; 000 §6, 001 §6). A row the actor cannot see — another organization's, or
 * hidden by the facts of `Target` — is `notFound`, indistinguishable from a missing one; a row it
 * sees but may not act on is `forbidden`.
 */
import type { Action, Actor, Target } from './actions';
import { withinTokenScopes } from './api-token-scopes';
import { factsOf, rules, visible } from './rules';

/** What the server answers: the row, a 404, or a 403. */
export type Decision = 'ok' | 'notFound' | 'forbidden';

/**
 * The decision for `actor` doing `action` on `target` (facts as in `Target`; omitted ones default
 * as for `can()`). 'ok' exactly when the target is visible and `can()` allows the action. An
 * anonymous actor is `forbidden` (the server answers 401 before asking), and so is an API token's
 * actor on an action outside its scopes, whatever the row.
 */
export function authorize(
  actor: Actor | null | undefined,
  action: Action,
  target?: Target,
): Decision {
  if (!actor || !withinTokenScopes(actor, action)) return 'forbidden';
  const facts = factsOf(actor, target);
  if (!visible(actor, action, facts)) return 'notFound';
  return rules[action](actor, facts) ? 'ok' : 'forbidden';
}
