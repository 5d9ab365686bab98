/**
 * Every action the policy decides on (000 §2.2, §6; 001 §2, §4, §6; decisions.md).
 * `page:*` actions guard console routes; the rest guard API operations and the controls that
 * trigger them. `actions` lists them all, so tests can prove every one has a rule.
 */
import type { RoleId } from '../enums';
import type { ApiTokenScope } from './api-token-scopes';

export const pageActions = [
  'console:signIn',
  'page:instructorDashboard',
  'page:assignments',
  'page:review',
  'page:authoring',
  'page:groups',
  'page:groupDetail',
  'page:userDetail',
  'page:invites',
  'page:settings',
  'page:systemAdmin',
  'page:organizations',
  'page:assets',
  'page:orgManager',
  'page:reviewerConsistency',
  'page:integrations',
] as const;

export const operationActions = [
  // users (000 §6, §7 'Session and users')
  'user:list',
  'user:read',
  'user:create',
  'user:update',
  'user:updateEmail',
  'user:updatePassword',
  'user:activate',
  'user:enableCreator',
  'user:editGroups',
  'user:softDelete',
  'user:restore',
  'user:erase',
  'user:viewDeleted',
  'admin:list',
  'admin:create',
  'admin:delete',
  // organizations (000 §2.9, §6)
  'organization:list',
  'organization:read',
  'organization:create',
  'organization:update',
  'organization:updateSeats',
  'organization:setActive',
  'organization:readMembers',
  // invites (000 §2.7, §6)
  'invite:list',
  'invite:read',
  'invite:create',
  'invite:delete',
  'invite:resend',
  'invite:import',
  // groups (000 §2.6, §6)
  'group:read',
  'group:create',
  'group:update',
  'group:delete',
  'group:manageMembers',
  // content (001 §2, §4, §6)
  'content:read',
  'content:author',
  'content:approve',
  'content:toggleActive',
  'content:deleteDraft',
  'content:markDeleted',
  'content:addToOrganization',
  // assets (001 §2 'Avatars and environments', §6)
  'asset:read',
  'asset:manage',
  'asset:addToOrganization',
  // assignments (001 §2, §4, §6)
  'assignment:read',
  'assignment:manage',
  'assignment:changeStatus',
  'assignment:manageMembers',
  'assignment:reopen',
  // insights (decisions.md#insights-and-administration §1)
  'assignment:insights',
  'user:progress',
  'organization:reviewerConsistency',
  // answers and reviews (001 §6; decisions.md#assignments-and-answers)
  'answer:read',
  'answer:review',
  'answer:practice',
  // review history, drafts and the audit log (decisions.md#review-loop §5, §6)
  'review:history',
  'review:read',
  'audit:read',
  // files (000 §7 'Files', decisions.md#files)
  'file:upload',
  'file:use',
  // notification mails (decisions.md#console-flows §16): one's own settings
  'notification:manage',
  // API tokens of an organization's systems (decisions.md#api-tokens)
  'apiToken:manage',
  // single sign-on settings of an organization (decisions.md#single-sign-on)
  'sso:manage',
  // webhooks an organization's systems subscribe to (decisions.md#webhooks)
  'webhook:manage',
  // SCIM 2.0 provisioning of the organization's users by its directory (decisions.md#scim)
  'scim:provision',
] as const;

export const actions = [...pageActions, ...operationActions] as const;

export type PageAction = (typeof pageActions)[number];
export type OperationAction = (typeof operationActions)[number];
/** Every action `can()` decides on. */
export type Action = (typeof actions)[number];

/** Who asks: the signed-in user as the token resolves it, or null for an anonymous visitor. */
export interface Actor {
  id: number;
  roleId: RoleId;
  organizationId: number | null;
  creator: boolean;
  /**
   * Set when the request came with an API token (decisions.md#api-tokens): the actor is then a
   * Manager of the token's organization (`id` its creator) allowed only the actions of `scopes`.
   */
  apiToken?: { id: number; name: string; prefix: string; scopes: readonly ApiTokenScope[] };
}

/**
 * What the action applies to, as plain facts (never ORM rows). Omitted fields default to the
 * actor's own organization, to "someone else" and to false; the server always passes the real facts.
 * - `organizationId`: the owning organization; `null` = general (system) content or an admin.
 * - `userId`: the user acted on (users, answers).
 * - `roleId`: the role of the user acted on, or of the invite to create.
 * - `createdById`: the author (content, invites).
 *
 * Facts the server looks up for `authorize()`, which tells "not found" from "forbidden" with them:
 * - `deleted`: soft-deleted — the user acted on, or the trainee of an answer.
 * - `accepted`: an invite already accepted (it no longer exists for the API).
 * - `availableToActor`: general content or a general asset added to the actor's organization.
 * - `isMember`: the actor belongs to the group acted on (a trainee or an instructor reads a group
 *   only as a member, 000 §2.6).
 */
export interface Target {
  organizationId?: number | null;
  userId?: number;
  roleId?: RoleId;
  createdById?: number;
  deleted?: boolean;
  accepted?: boolean;
  availableToActor?: boolean;
  isMember?: boolean;
}

/** Alias of `Target`, for code that reads better with the policy's name on it. */
export type PolicyTarget = Target;
