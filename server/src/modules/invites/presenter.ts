/**
 * The only path from invite rows to the wire (000 §3 'Invite', §2.7).
 */
import { roleLabels, type InviteItem, type InvitePublic, type RoleId } from '@practica/contract';
import type { InviteRow } from './repository.js';

type InvitableRoleId = InviteItem['roleId'];

/** True once the invite's expiration date has passed: its links no longer work. */
export function inviteExpired(
  row: Pick<InviteRow, 'expirationDate'>,
  now: Date = new Date(),
): boolean {
  return row.expirationDate.getTime() <= now.getTime();
}

/** Maps an invite row to what staff see; `token` only where the caller may copy the link (POST /invites). */
export function presentInvite(row: InviteRow, token?: string): InviteItem {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    roleId: row.roleId as InvitableRoleId,
    role: roleLabels[row.roleId as RoleId],
    organizationId: row.organizationId,
    groupId: row.groupId,
    group:
      row.groupId !== null && row.groupName !== null
        ? { id: row.groupId, name: row.groupName }
        : null,
    createdById: row.createdById,
    createdAt: row.createdAt.toISOString(),
    expirationDate: row.expirationDate.toISOString(),
    expired: inviteExpired(row),
    ...(token ? { token } : {}),
  };
}

/** Maps a pending invite to what the registration page shows (no session). */
export function presentInvitePublic(row: InviteRow): InvitePublic {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    roleId: row.roleId as InvitableRoleId,
    organizationId: row.organizationId,
    organizationName: row.organizationName,
    expirationDate: row.expirationDate.toISOString(),
  };
}
