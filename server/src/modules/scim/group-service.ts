/**
 * SCIM 2.0 provisioning of an organization's groups (decisions.md#scim; RFC 7643 §4.2 'Group', RFC
 * 7644 §3): the handlers SCIMMY calls for `/Groups`. A SCIM group is a Practica group of the token's
 * organization (000 §2.6); the groups module writes it, as the token's Manager:
 *
 * - Mapping: `displayName` is the name (the console's name rules), `members[].value` the ids of
 *   the organization's provisioned users (trainees and instructors, SCIM User ids), `externalId`
 *   the `scim_external_id` column. A group the directory creates gets `directoryGroupDescription`
 *   as its description (the console requires one); a rename keeps the description.
 * - Reach: the organization's groups; another organization's group is a 404, as a missing one.
 * - Members: an id that is not a provisioned user of the organization (unknown, another
 *   organization's, a manager, soft-deleted) is a 400 `invalidValue`, checked before anything is
 *   written. A PATCH adds and removes what its operations added and removed (against the members
 *   SCIMMY read for it), so concurrent PATCHes of one group keep each other's members; a PUT makes
 *   the members exactly its list.
 * - DELETE deletes the group (memberships go with it; the users stay).
 */
import SCIMMY from 'scimmy';
import { groupFormSchema } from '@practica/contract';
import {
  addMembers,
  createGroup,
  deleteGroup,
  removeMembers,
  setGroupScimExternalId,
  updateGroup,
} from '../groups/index.js';
import {
  findScimGroup,
  listScimGroups,
  scimUserIdsAmong,
  type ScimGroupRow,
} from './repository.js';
import { delegateOf, idOf, invalid, scimErrors, type ScimContext } from './service.js';

/** The description of a group the directory creates (000 §5 requires one; SCIM has none). */
export const directoryGroupDescription = 'Provisioned by the organization’s directory (SCIM).';

/** A group as the SCIM Group resource presents it (RFC 7643 §4.2); members link to their User. */
export function presentScimGroup(row: ScimGroupRow) {
  const usersPath = SCIMMY.Resources.User.basepath();
  return {
    id: String(row.id),
    ...(row.externalId !== null ? { externalId: row.externalId } : {}),
    displayName: row.name,
    members: row.members.map((m) => ({
      value: String(m.id),
      display: `${m.firstName} ${m.lastName}`,
      $ref: `${usersPath}/${m.id}`,
      type: 'User',
    })),
    meta: { created: row.createdAt, lastModified: row.updatedAt },
  };
}

/** The fields of SCIMMY's parsed Group this module reads. */
interface ScimGroupBody {
  displayName?: string;
  externalId?: string;
  members?: { value?: string; type?: string }[];
}

/** What a Group body asks for. */
interface ScimGroupInput {
  name: string;
  externalId: string | null;
  memberIds: number[];
}

/** Reads and checks a parsed Group body: 400 `invalidValue` for a bad name or a member that is no user id. */
function readGroupInput(body: ScimGroupBody): ScimGroupInput {
  const name = groupFormSchema.shape.name.safeParse(body.displayName ?? '');
  if (!name.success) throw invalid(`displayName: ${name.error.issues[0]!.message}`);
  const memberIds = new Set<number>();
  for (const member of body.members ?? []) {
    if (member.type !== undefined && member.type !== 'User')
      throw invalid('members: a member must be a User (groups do not nest)');
    const id = /^[1-9]\d{0,9}$/.test(member.value ?? '') ? Number(member.value) : NaN;
    if (!(id <= 2_147_483_647))
      throw invalid(`members: ${member.value} is not a user of this organization`);
    memberIds.add(id);
  }
  return { name: name.data, externalId: body.externalId ?? null, memberIds: [...memberIds] };
}

/** 400 `invalidValue` unless every id of `ids` is a provisioned user of the token's organization. */
async function requireMembers(ctx: ScimContext, ids: readonly number[]): Promise<void> {
  const found = await scimUserIdsAmong(ctx.deps.db, ctx.actor.organizationId!, ids);
  const stranger = ids.find((id) => !found.has(id));
  if (stranger !== undefined)
    throw invalid(`members: ${stranger} is not a user of this organization`);
}

/** The organization's group `id`, or a 404 (another organization's included). */
async function requireScimGroup(ctx: ScimContext, id: string): Promise<ScimGroupRow> {
  const row = await findScimGroup(ctx.deps.db, ctx.actor.organizationId!, idOf(id));
  if (!row) throw new SCIMMY.Types.Error(404, '', `Resource ${id} not found`);
  return row;
}

/** Creates the group with its externalId and members (checked first: nothing is written on a 400); answers its id. */
async function createScimGroup(ctx: ScimContext, input: ScimGroupInput): Promise<number> {
  await requireMembers(ctx, input.memberIds);
  const db = ctx.deps.db;
  const delegate = delegateOf(ctx.actor);
  const group = await createGroup(db, delegate, {
    name: input.name,
    description: directoryGroupDescription,
    organizationId: ctx.actor.organizationId!,
  });
  if (input.externalId !== null) await setGroupScimExternalId(db, group.id, input.externalId);
  if (input.memberIds.length > 0) await addMembers(db, delegate, group.id, input.memberIds);
  return group.id;
}

/**
 * Applies `input` to `row`: the name, the externalId, and the members added and removed against
 * `base` (what a PATCH read; the current members for a PUT). New members are checked before
 * anything is written.
 */
async function updateScimGroup(
  ctx: ScimContext,
  row: ScimGroupRow,
  input: ScimGroupInput,
  base: ReadonlySet<number>,
): Promise<void> {
  const wanted = new Set(input.memberIds);
  const added = input.memberIds.filter((id) => !base.has(id));
  const removed = [...base].filter((id) => !wanted.has(id));
  await requireMembers(ctx, added);
  const db = ctx.deps.db;
  const delegate = delegateOf(ctx.actor);
  if (input.name !== row.name)
    await updateGroup(db, delegate, row.id, { name: input.name, description: row.description });
  if (input.externalId !== row.externalId)
    await setGroupScimExternalId(db, row.id, input.externalId);
  if (added.length > 0) await addMembers(db, delegate, row.id, added);
  if (removed.length > 0) await removeMembers(db, delegate, row.id, removed);
}

let declared = false;

/**
 * Declares SCIMMY's Group resource with this module's handlers, once per process; `basepath` is
 * the absolute `/scim/v2` each group's `meta.location` starts with. The handlers take a
 * `ScimContext` as SCIMMY's `ctx`.
 */
export function declareScimGroups(basepath: string): void {
  SCIMMY.Resources.Group.basepath(basepath);
  if (declared) return;
  declared = true;
  if (!SCIMMY.Resources.declared('Group')) SCIMMY.Resources.declare(SCIMMY.Resources.Group);
  SCIMMY.Resources.Group.egress((resource, ctx: ScimContext) =>
    scimErrors(async () => {
      if (resource.id) {
        const row = await requireScimGroup(ctx, resource.id);
        ctx.groupMembersRead = new Set(row.members.map((m) => m.id));
        return presentScimGroup(row);
      }
      const all = (await listScimGroups(ctx.deps.db, ctx.actor.organizationId!)).map(
        presentScimGroup,
      );
      return resource.filter ? resource.filter.match(all) : all;
    }),
  )
    .ingress((resource, instance, ctx: ScimContext) =>
      scimErrors(async () => {
        const input = readGroupInput(instance as ScimGroupBody);
        let id: number;
        if (resource.id) {
          const row = await requireScimGroup(ctx, resource.id);
          const current = new Set(row.members.map((m) => m.id));
          await updateScimGroup(ctx, row, input, ctx.groupMembersRead ?? current);
          id = row.id;
        } else id = await createScimGroup(ctx, input);
        return presentScimGroup((await findScimGroup(ctx.deps.db, ctx.actor.organizationId!, id))!);
      }),
    )
    .degress((resource, ctx: ScimContext) =>
      scimErrors(async () => {
        const row = await requireScimGroup(ctx, resource.id!);
        await deleteGroup(ctx.deps.db, delegateOf(ctx.actor), row.id);
      }),
    );
}
