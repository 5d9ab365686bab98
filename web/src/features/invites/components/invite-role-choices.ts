/**
 * 000 §2.7 / §6: the roles an invite may carry, for the inviting role: never Admin; instructors
 * invite trainees only. Decided by the contract's policy (`invite:create`), so the form offers
 * exactly what the server accepts.
 */
import { can, groupableInviteRoleIds, invitableRoleIds, type RoleId } from '@practica/contract';

/** Invitable roles for someone of `roleType`, in the order Trainee, Instructor, Manager. */
export function inviteRoleChoices(roleType: RoleId): RoleId[] {
  const actor = { id: 0, roleId: roleType, organizationId: 1, creator: false };
  return invitableRoleIds.filter((roleId) =>
    can(actor, 'invite:create', { roleId, organizationId: 1 }),
  );
}

/** 000 §2.7: the optional group is offered only for roles other than manager and admin. */
export function inviteOffersGroup(roleId: RoleId): boolean {
  return (groupableInviteRoleIds as readonly RoleId[]).includes(roleId);
}
