/**
 * The door of every list scoped to an organization (architecture.md 'Authorization lives in one
 * place'; 000 §6, 001 §6): which organization's rows a list shows, and the 404 when its filter
 * names another organization, as a row of another organization answers.
 *
 * `loadAuthorized` is the door for one row; `scopeFor` for a list. A filter that names a row
 * (an assignment, a group) is checked against the scope with `requireInScope`.
 */
import {
  can,
  seesEveryOrganization,
  type Action,
  type Actor,
  type PolicyTarget,
} from '@practica/contract';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors.js';

/**
 * The organization a list shows: an id, or undefined for every organization (only an actor who
 * sees every organization, i.e. an admin, without an organization filter). -1 (no organization
 * has it) for a non-admin without an organization.
 */
export type OrganizationScope = number | undefined;

/** How a list is scoped beyond its organization filter. */
export interface ScopeOptions {
  /**
   * Facts of the list's rows for the role check besides their organization (e.g. the trainee's
   * own `userId` of an answer list, `isMember` of a group list).
   */
  target?: Omit<PolicyTarget, 'organizationId'>;
  /**
   * The list is of one organization (the review inbox): an actor who sees every organization
   * must name one (400 `message` at `path`), and the organization is resolved as a row is:
   * another one is a 404 before the role's 403.
   */
  oneOrganization?: { message: string; path: string };
}

/**
 * The organization scope of a list of `action` for `actor`, whose filter names
 * `filter.organizationId` (or none). An admin gets the organization named, or every one; anyone
 * else its own organization.
 *
 * Throws, in this order: 400 (`options.oneOrganization`) when an admin names none; 403
 * (`ForbiddenError`) when the policy refuses `action` on the rows of the actor's own organization
 * (`can(actor, action, {organizationId: own, ...options.target})`); 404 (`NotFoundError`, the
 * body a missing row answers) when a non-admin names another organization. With
 * `oneOrganization` the 404 comes before the 403. An admin's named organization is not looked up
 * here: a list that must 404 a missing one loads it (`loadOrganizationFor`).
 */
export function scopeFor(
  actor: Actor,
  action: Action,
  filter: { organizationId?: number | undefined },
  options: ScopeOptions = {},
): OrganizationScope {
  const every = seesEveryOrganization(actor);
  const named = filter.organizationId;
  const foreign = !every && named !== undefined && named !== actor.organizationId;
  const { oneOrganization } = options;
  if (oneOrganization) {
    if (every && named === undefined)
      throw new ValidationError(oneOrganization.message, [
        { path: oneOrganization.path, message: oneOrganization.message },
      ]);
    if (foreign) throw new NotFoundError();
  }
  const own = every ? (named ?? actor.organizationId) : actor.organizationId;
  if (!can(actor, action, { ...options.target, organizationId: own })) throw new ForbiddenError();
  if (foreign) throw new NotFoundError();
  return every ? named : (actor.organizationId ?? -1);
}

/**
 * Throws `NotFoundError` unless a row named by a list's filter (or a member list of a write)
 * exists and belongs to `scope`: `organizationId` is the row's organization, undefined when it
 * is missing. A scope of every organization (undefined) takes any existing row.
 */
export function requireInScope(
  organizationId: number | null | undefined,
  scope: OrganizationScope,
): void {
  if (organizationId === undefined) throw new NotFoundError();
  if (scope !== undefined && organizationId !== scope) throw new NotFoundError();
}
