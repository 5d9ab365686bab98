/**
 * `can(actor, action, target?)`: who may do what, in one place for server enforcement
 * (`request.authorize`) and console visibility (route guard, buttons). 000 §6, 001 §6.
 * It answers the rules of `./rules` for a target the actor can see; `authorize()` adds the
 * visibility that tells the server's 404 from its 403.
 */
import type { Action, Actor, Target } from './actions';
import { withinTokenScopes } from './api-token-scopes';
import { factsOf, rules } from './rules';

/**
 * May `actor` do `action` on `target`? Anonymous (null/undefined) actors may do nothing.
 * Without a target (or with fields omitted) the target is taken to be in the actor's own
 * organization and to be another user: the answer the console needs to show a control.
 * A target in another organization answers false (the server answers 404 for it).
 */
export function can(actor: Actor | null | undefined, action: Action, target?: Target): boolean {
  if (!actor || !withinTokenScopes(actor, action)) return false;
  return rules[action](actor, factsOf(actor, target));
}
