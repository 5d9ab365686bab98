/**
 * The policy's rules (000 §6, 001 §6), read by `can()` and `authorize()` and by nothing else:
 * - `rules`: for each action, whether an actor may do it on a target it can see;
 * - `visible`: whether an actor can see the target at all (otherwise the server answers 404, as for
 *   a missing row): an admin sees every organization, anyone else only its own, with the
 *   extensions of each resource (oneself, deleted users, shared general rows, accepted invites).
 *
 * Organization scoping is in both: a target in another organization is invisible and every rule
 * but an admin's refuses it. State rules (e.g. only Draft content is deleted by its author) belong
 * to the services; the policy decides on role, organization, ownership and the facts of `Target`.
 */
import { firstAdminId } from '../constants';
import { Role } from '../enums';
import type { Action, Actor, Target } from './actions';
import { isStaff } from './roles';

/** The facts a rule sees: the target with defaults resolved against the actor. */
export interface Facts {
  organizationId: number | null;
  userId: number | undefined;
  roleId: Target['roleId'];
  createdById: number | undefined;
  deleted: boolean;
  accepted: boolean;
  availableToActor: boolean;
  isMember: boolean;
}

/** `target` with its omitted fields resolved: the actor's own organization, someone else, false. */
export function factsOf(actor: Actor, target: Target | undefined): Facts {
  return {
    organizationId:
      target?.organizationId !== undefined ? target.organizationId : actor.organizationId,
    userId: target?.userId,
    roleId: target?.roleId,
    createdById: target?.createdById,
    deleted: target?.deleted === true,
    accepted: target?.accepted === true,
    availableToActor: target?.availableToActor === true,
    isMember: target?.isMember === true,
  };
}

type Rule = (actor: Actor, t: Facts) => boolean;

const isAdmin = (a: Actor) => a.roleId === Role.Admin;
const isManager = (a: Actor) => a.roleId === Role.Manager;
const isInstructor = (a: Actor) => a.roleId === Role.Instructor;
const isTrainee = (a: Actor) => a.roleId === Role.Trainee;
const staff = (a: Actor) => isStaff(a.roleId);
const adminOrManager = (a: Actor) => isAdmin(a) || isManager(a);
const isSelf = (a: Actor, t: Facts) => t.userId !== undefined && t.userId === a.id;
/** Both belong to the same, non-null organization. */
const sameOrg = (a: Actor, t: Facts) =>
  a.organizationId !== null && t.organizationId === a.organizationId;
/** Admin anywhere, or a role of `roles` inside its own organization. */
const scoped =
  (test: (a: Actor) => boolean): Rule =>
  (a, t) =>
    isAdmin(a) || (test(a) && sameOrg(a, t));
/** Managers may not act on admins (000 §6: admin-only user management). */
const notAdminTarget = (t: Facts) => t.roleId !== Role.Admin;
/** 000 §6 / decisions.md: admin id 1 and oneself are never deleted. */
const deletable = (a: Actor, t: Facts) =>
  t.userId !== undefined && t.userId !== firstAdminId && t.userId !== a.id;

/** Admin, a manager of the organization, or the instructor who sent the invite. */
const senderOrManager: Rule = (a, t) =>
  scoped(isManager)(a, t) || (isInstructor(a) && sameOrg(a, t) && t.createdById === a.id);

/** Self, an admin, or a manager on a non-admin user of its own organization. */
const manageUser: Rule = (a, t) =>
  isSelf(a, t) || isAdmin(a) || (isManager(a) && sameOrg(a, t) && notAdminTarget(t));

/** For each action: may the actor do it on a target it can see? */
export const rules: Record<Action, Rule> = {
  // ----- pages (000 §2.2, 001 §2) -----
  'console:signIn': (a) => staff(a),
  'page:instructorDashboard': (a) => isInstructor(a),
  'page:assignments': (a) => staff(a),
  'page:review': (a) => staff(a),
  'page:authoring': (a) => staff(a) && a.creator,
  'page:groups': (a) => staff(a),
  'page:groupDetail': (a) => adminOrManager(a),
  'page:userDetail': (a) => staff(a),
  'page:invites': (a) => adminOrManager(a),
  'page:settings': (a) => staff(a),
  'page:systemAdmin': (a) => isAdmin(a),
  'page:organizations': (a) => isAdmin(a),
  'page:assets': (a) => isAdmin(a),
  'page:orgManager': (a) => isManager(a),
  'page:reviewerConsistency': (a) => adminOrManager(a),
  /** Sign-in and integrations of an organization (decisions.md#webhooks): each section asks its own action for the organization. */
  'page:integrations': (a) => adminOrManager(a),

  // ----- users (000 §6) -----
  'user:list': scoped(staff),
  'user:read': (a, t) => isSelf(a, t) || scoped(staff)(a, t),
  /** decisions.md#insights-and-administration §1: a trainee's progress, for the staff who may read the user. */
  'user:progress': (a, t) => scoped(staff)(a, t),
  'user:create': (a, t) => isAdmin(a) || (isManager(a) && sameOrg(a, t) && notAdminTarget(t)),
  'user:update': manageUser,
  'user:updateEmail': manageUser,
  'user:updatePassword': manageUser,
  /** Activate and deactivate; never oneself (a locked-out self cannot undo it). */
  'user:activate': (a, t) => !isSelf(a, t) && manageUser(a, t),
  /** Enable and disable the creator flag; never for trainees (000 §4). */
  'user:enableCreator': (a, t) =>
    t.roleId !== undefined &&
    t.roleId !== Role.Trainee &&
    (isAdmin(a) || (isManager(a) && sameOrg(a, t) && notAdminTarget(t))),
  'user:editGroups': (a, t) => isAdmin(a) || (isManager(a) && sameOrg(a, t) && notAdminTarget(t)),
  'user:softDelete': (a, t) => isAdmin(a) && deletable(a, t),
  'user:restore': (a) => isAdmin(a),
  'user:erase': (a, t) => isAdmin(a) && deletable(a, t),
  'user:viewDeleted': (a) => isAdmin(a),
  'admin:list': (a) => isAdmin(a),
  'admin:create': (a) => isAdmin(a),
  'admin:delete': (a, t) => isAdmin(a) && deletable(a, t),

  // ----- organizations (000 §2.9, §6) -----
  'organization:list': (a) => isAdmin(a),
  'organization:read': scoped(staff),
  'organization:create': (a) => isAdmin(a),
  'organization:update': (a) => isAdmin(a),
  'organization:updateSeats': (a) => isAdmin(a),
  'organization:setActive': (a) => isAdmin(a),
  'organization:readMembers': scoped(staff),
  /** decisions.md#insights-and-administration §1: how alike the organization's reviewers score, for an admin or its manager. */
  'organization:reviewerConsistency': scoped(isManager),

  // ----- invites (000 §2.7, §6) -----
  'invite:list': scoped(isManager),
  /** Admin never invitable; instructors invite trainees of their own organization only. */
  'invite:create': (a, t) =>
    t.roleId !== Role.Admin &&
    (isAdmin(a) ||
      (isManager(a) && sameOrg(a, t)) ||
      (isInstructor(a) && sameOrg(a, t) && t.roleId === Role.Trainee)),
  'invite:read': senderOrManager,
  'invite:delete': senderOrManager,
  'invite:resend': senderOrManager,
  /** decisions.md#insights-and-administration §2: the CSV import of invites, an admin or a manager of the organization. */
  'invite:import': scoped(isManager),

  // ----- groups (000 §2.6, §6) -----
  /**
   * An admin, a manager of the organization; a trainee or an instructor only a group it belongs to
   * (000 §2.6 'left list of the user's groups', §6 'Admin and manager: … group detail'), so a
   * group list and the group it opens agree.
   */
  'group:read': (a, t) =>
    scoped(isManager)(a, t) || ((isTrainee(a) || isInstructor(a)) && sameOrg(a, t) && t.isMember),
  'group:create': scoped(isManager),
  'group:update': scoped(isManager),
  'group:delete': scoped(isManager),
  'group:manageMembers': scoped(isManager),

  // ----- content (001 §2, §4, §6) -----
  /** General content (organizationId null) is readable by all staff; other content by its organization. */
  'content:read': (a, t) => staff(a) && (isAdmin(a) || t.organizationId === null || sameOrg(a, t)),
  /** Create and edit (interviews, questions, evaluations): the creator flag; general content only by an admin. */
  'content:author': (a, t) => staff(a) && a.creator && (isAdmin(a) || sameOrg(a, t)),
  /** Review → Active ('Approve'). */
  'content:approve': scoped(isManager),
  /**
   * Active ↔ Inactive (001 §4 'allowed for an Admin, or when the item belongs to an organization'):
   * an Admin; in the item's organization, its manager (who runs the organization's content views,
   * 001 §2) or a creator (001 §6 'Creator flag'). An instructor without the flag may not: it could
   * switch off an interview an Active assignment uses.
   */
  'content:toggleActive': (a, t) =>
    isAdmin(a) || (sameOrg(a, t) && (isManager(a) || (staff(a) && a.creator))),
  /** Delete while Draft: an author with the creator flag, in the item's organization. */
  'content:deleteDraft': (a, t) => staff(a) && a.creator && (isAdmin(a) || sameOrg(a, t)),
  /** Inactive → Deleted through the trash icon. */
  'content:markDeleted': (a) => isAdmin(a),
  'content:addToOrganization': (a) => isAdmin(a),

  // ----- assets (001 §2, §6) -----
  'asset:read': (a, t) => staff(a) && (isAdmin(a) || t.organizationId === null || sameOrg(a, t)),
  'asset:manage': (a) => isAdmin(a),
  'asset:addToOrganization': (a) => isAdmin(a),

  // ----- assignments (001 §2, §6) -----
  'assignment:read': scoped(staff),
  'assignment:manage': scoped(staff),
  'assignment:changeStatus': scoped(staff),
  'assignment:manageMembers': scoped(staff),
  /** Closed → Active (decisions.md#console-flows §3): an admin, or a manager of the assignment's organization. */
  'assignment:reopen': scoped(isManager),
  /** decisions.md#insights-and-administration §1: an assignment's insights, for whoever may read it. */
  'assignment:insights': scoped(staff),

  // ----- answers (001 §6, decisions.md) -----
  /** Staff of the organization; a trainee only its own answers. */
  'answer:read': (a, t) =>
    isTrainee(a)
      ? isSelf(a, t) && (t.organizationId === null || sameOrg(a, t))
      : scoped(staff)(a, t),
  'answer:review': scoped(staff),
  /** The mobile app: a trainee practises and submits its own answers. */
  'answer:practice': (a, t) => isTrainee(a) && isSelf(a, t) && sameOrg(a, t),

  // ----- review history and the audit log (decisions.md#review-loop §5) -----
  /** Open an answer's review history: staff of the organization (an instructor sees its own reviews). */
  'review:history': scoped(staff),
  /** One review of the history: admin, a manager of the organization, or the instructor who wrote it (`createdById`). */
  'review:read': (a, t) =>
    scoped(isManager)(a, t) || (isInstructor(a) && sameOrg(a, t) && t.createdById === a.id),
  /** An assignment's audit log: admin or a manager of the organization. */
  'audit:read': scoped(isManager),

  // ----- files (000 §7 'Files', decisions.md#files) -----
  'file:upload': () => true,
  /**
   * Attach an uploaded file (`createdById` its uploader, `organizationId` the uploader's
   * organization) to a row: one's own upload; staff also a file of their organization; an admin
   * any. Whether it is Ready and of the right type is the files module's check.
   */
  'file:use': (a, t) =>
    (t.createdById !== undefined && t.createdById === a.id) ||
    isAdmin(a) ||
    (staff(a) && sameOrg(a, t)),

  // ----- notification mails (decisions.md#console-flows §16) -----
  /** Turn one's own notification mails on or off: oneself only (target userId = the actor). */
  'notification:manage': isSelf,

  // ----- API tokens (decisions.md#api-tokens §1) -----
  /** List, create and revoke an organization's API tokens: an admin, or a manager of the organization. */
  'apiToken:manage': scoped(isManager),

  // ----- single sign-on (decisions.md#single-sign-on §1) -----
  /** Read, save and test an organization's OIDC settings: an admin, or a manager of the organization. */
  'sso:manage': scoped(isManager),

  // ----- webhooks (decisions.md#webhooks §1) -----
  /** List, create, change, delete and test an organization's webhooks: an admin, or a manager of the organization. */
  'webhook:manage': scoped(isManager),

  // ----- SCIM provisioning (decisions.md#scim §1) -----
  /** Create, read, change and deactivate the organization's users over /scim/v2: an admin, or a manager of the organization. */
  'scim:provision': scoped(isManager),
};

/** The resource an action names: the part before the colon ('user' of 'user:update'). */
type Resource = Action extends `${infer R}:${string}` ? R : never;

/** An admin sees every organization's rows; anyone else its own organization's. */
const inOwnOrg: Rule = (a, t) => isAdmin(a) || sameOrg(a, t);
/** Own rows, or general rows (content, assets) added to the actor's organization (001 §2). */
const ownOrShared: Rule = (a, t) =>
  inOwnOrg(a, t) || (t.organizationId === null && t.availableToActor);
/** Nothing to hide: pages and uploads name no row. */
const always: Rule = () => true;

/** Which targets an actor can see, by the resource the action names (000 §6, 001 §6). */
const visibility: Record<Resource, Rule> = {
  console: always,
  page: always,
  file: always,
  /** Oneself in any case; a soft-deleted user only by who may see deleted users. */
  user: (a, t) =>
    (isSelf(a, t) || inOwnOrg(a, t)) && (!t.deleted || rules['user:viewDeleted'](a, t)),
  admin: inOwnOrg,
  organization: inOwnOrg,
  /** An accepted invite no longer exists. */
  invite: (a, t) => !t.accepted && inOwnOrg(a, t),
  group: inOwnOrg,
  content: ownOrShared,
  asset: ownOrShared,
  assignment: inOwnOrg,
  /** The answers of a soft-deleted trainee are gone for everyone. */
  answer: (a, t) => !t.deleted && inOwnOrg(a, t),
  /** Reviews belong to an answer: gone with its soft-deleted trainee. */
  review: (a, t) => !t.deleted && inOwnOrg(a, t),
  audit: inOwnOrg,
  /** One's own settings name no other row. */
  notification: always,
  apiToken: inOwnOrg,
  sso: inOwnOrg,
  webhook: inOwnOrg,
  scim: inOwnOrg,
};

/** Can `actor` see the target of `action` at all? False answers 404, as for a missing row. */
export function visible(actor: Actor, action: Action, t: Facts): boolean {
  return visibility[action.slice(0, action.indexOf(':')) as Resource](actor, t);
}
