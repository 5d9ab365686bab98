/**
 * The only path from group rows to the wire (000 §3 'Group').
 */
import type { Group, RoleId } from '@practica/contract';
import type { GroupMemberRow, GroupRow } from './repository.js';

/** Maps a group row to the API's group; `members` (when given) become `users`. */
export function presentGroup(row: GroupRow, members?: readonly GroupMemberRow[]): Group {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    organizationId: row.organizationId,
    organization: { id: row.organizationId, name: row.organizationName },
    traineesCount: row.traineesCount,
    instructorsCount: row.instructorsCount,
    ...(members
      ? {
          users: members.map((m) => ({
            id: m.id,
            firstName: m.firstName,
            lastName: m.lastName,
            roleId: m.roleId as RoleId,
          })),
        }
      : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
