/**
 * Role helpers shared by the policy, the server and the console (000 §3, §6).
 */
import { Role, roleLabels, type RoleId } from '../enums';
import { format } from '../messages';
import type { Actor } from './actions';

/** The spec's label of a role id ('Trainee', 'Instructor', 'Manager', 'Admin'). */
export function roleLabel(roleId: RoleId): string {
  return roleLabels[roleId];
}

/** 000 §2.4: the top bar's role label, 'Creator & {Role}' for a creator. */
export function displayRoleLabel(roleId: RoleId, creator: boolean): string {
  return format.roleLabel(roleLabel(roleId), creator);
}

/** Staff = the console's users: Instructor, Manager, Admin (000 §1, §6: trainees cannot use it). */
export function isStaff(roleId: RoleId): boolean {
  return roleId === Role.Instructor || roleId === Role.Manager || roleId === Role.Admin;
}

/**
 * Whether `actor` sees the rows of every organization (000 §6: an admin; anyone else only its own
 * organization's). The server's list scope (`scopeFor`) starts from this.
 */
export function seesEveryOrganization(actor: Actor): boolean {
  return actor.roleId === Role.Admin;
}
