/**
 * The only path from group rows to the wire (000 §3 'Group'), and of a group's members.
 */
import {
  can,
  type Actor,
  type Group,
  type GroupMember,
  type RoleId,
  type User,
} from '@practica/contract';
import { presentUser } from '../users/index.js';
import type { UserRow } from '../users/index.js';
import type { GroupMemberRow, GroupRow } from './repository.js';

/** The app's read URL signer (`app.files.urls`, files/url.ts), as `presentUser` takes it. */
type FileUrls = Parameters<typeof presentUser>[0];

/** A member as a group lists it: id, names and role, nothing to contact them by. */
export function presentGroupMember(
  member: Pick<GroupMemberRow, 'id' | 'firstName' | 'lastName' | 'roleId'>,
): GroupMember {
  return {
    id: member.id,
    firstName: member.firstName,
    lastName: member.lastName,
    roleId: member.roleId as RoleId,
  };
}

/**
 * A row of GET /groups/{id}/users as `viewer` may see it: the whole user when the policy lets the
 * viewer read that user ('user:read': staff of the organization, or oneself), otherwise names only
 * (a trainee of the group never gets other members' emails or phone numbers). The image URL is
 * signed with `urls`.
 */
export function presentGroupUser(urls: FileUrls, viewer: Actor, row: UserRow): User | GroupMember {
  return can(viewer, 'user:read', { userId: row.id, organizationId: row.organizationId })
    ? presentUser(urls, row)
    : presentGroupMember(row);
}

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
    ...(members ? { users: members.map(presentGroupMember) } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
