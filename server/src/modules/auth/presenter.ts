/**
 * The only path from an account row to the wire for sign-in (000 §3 'Logged-in user').
 */
import { roleLabels, type RoleId, type SessionUser } from '@practica/contract';
import type { AccountRow } from '../users/index.js';

/** Maps an account row to the session user fields of the login answer. */
export function presentSessionUser(row: AccountRow, imageUrl: string | null = null): SessionUser {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    roleId: row.roleId as RoleId,
    role: roleLabels[row.roleId as RoleId],
    organization:
      row.organizationId !== null && row.organizationName !== null
        ? { id: row.organizationId, name: row.organizationName }
        : null,
    organizationId: row.organizationId,
    email: row.email,
    phoneNumber: row.phoneNumber,
    creator: row.creator,
    imageUrl,
  };
}
