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

/** Maps groups and the members of all of them (one query) to API groups, each with its own `users`. */
export function presentGroupsWithMembers(
  rows: readonly GroupRow[],
  members: readonly GroupMemberRow[],
): Group[] {
  const byGroup = new Map<number, GroupMemberRow[]>();
  for (const m of members) {
    const list = byGroup.get(m.groupId);
    if (list) list.push(m);
    else byGroup.set(m.groupId, [m]);
  }
  return rows.map((row) => presentGroup(row, byGroup.get(row.id) ?? []));
}
