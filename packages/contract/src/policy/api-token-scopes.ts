/**
 * The scopes of an API token (decisions.md#api-tokens §2) and the policy actions each allows. A
 * request made with a token is decided by the same rules as a Manager of the token's
 * organization, and only for the actions of the token's scopes: `can()` and `authorize()` refuse
 * every other action (403), pages and one's own settings included.
 */
import type { Action, Actor } from './actions';

/** The closed list of scopes a token may carry, in the order the console shows them. */
export const apiTokenScopes = [
  'answers:read',
  'reviews:read',
  'invites:write',
  'users:read',
  'reports:read',
  'scim:provision',
] as const;

/** One scope of `apiTokenScopes`. */
export type ApiTokenScope = (typeof apiTokenScopes)[number];

/** The policy actions each scope allows (a request needs one scope that allows its action). */
export const apiTokenScopeActions: Record<ApiTokenScope, readonly Action[]> = {
  /** The organization's answers and the assignments they belong to. */
  'answers:read': ['answer:read', 'assignment:read'],
  /** The completed reviews of the organization's answers. */
  'reviews:read': ['review:history', 'review:read'],
  /** Invite people to the organization, and list, resend and withdraw its invites. */
  'invites:write': [
    'invite:list',
    'invite:read',
    'invite:create',
    'invite:resend',
    'invite:delete',
  ],
  /** The organization's users and members. */
  'users:read': ['user:list', 'user:read', 'organization:readMembers'],
  /** Reports and insights: assignments, their insights, trainees' progress, reviewer consistency. */
  'reports:read': [
    'assignment:read',
    'assignment:insights',
    'user:progress',
    'organization:reviewerConsistency',
  ],
  /** The organization's directory provisions its users over /scim/v2 (decisions.md#scim), nothing else. */
  'scim:provision': ['scim:provision'],
};

/**
 * Whether `action` is within the actor's token scopes: always true for a signed-in user (no
 * `apiToken`), and for a token only when one of its scopes allows the action.
 */
export function withinTokenScopes(actor: Actor, action: Action): boolean {
  if (!actor.apiToken) return true;
  return actor.apiToken.scopes.some((scope) => apiTokenScopeActions[scope].includes(action));
}
