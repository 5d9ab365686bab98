/**
 * The only path from a user row to the wire (000 §3 'User'): never the password hash or token version.
 */
import { roleLabels, type RoleId, type User } from '@practica/contract';
import type { FileUrls } from '../files/index.js';
import type { UserRow } from './list-repository.js';

/** Maps a user row (with its image key) to the API's user, its image URL signed with `urls`. */
export function presentUser(
  urls: FileUrls,
  row: UserRow,
  groups?: { id: number; name: string }[],
): User {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phoneNumber: row.phoneNumber,
    roleId: row.roleId as RoleId,
    role: roleLabels[row.roleId as RoleId],
    active: row.active,
    creator: row.creator,
    image:
      row.imageId !== null && row.imageKey
        ? { id: row.imageId, url: urls.sign(row.imageKey) }
        : null,
    imageId: row.imageId,
    organizationId: row.organizationId,
    deletedAt: row.deletedAt ? row.deletedAt.toISOString() : null,
    ...(groups ? { groups } : {}),
  };
}
