/**
 * SCIM 2.0 provisioning of an organization's users (decisions.md#scim; RFC 7643 'User', RFC 7644
 * §3): the handlers SCIMMY calls for `/Users` — egress (read one or list), ingress (create, replace;
 * PATCH is SCIMMY applying its operations to the egress and handing the result to ingress) and
 * degress (DELETE). SCIMMY parses filters, pages lists, applies PatchOp and checks bodies against
 * the User schema; everything it does not know is ours:
 *
 * - Mapping: the primary email (or `userName` without emails) is the user's email, `name.givenName`
 *   / `familyName` the first / last name, `active` the active flag, `roles[0].value` `trainee` or
 *   `instructor` the role (trainee by default), `externalId` the `scim_external_id` column.
 * - Reach: the token's organization's trainees and instructors that are not soft-deleted; anyone
 *   else is a 404, as a missing user.
 * - Rules are the console's: a new trainee takes a seat through `requireTraineeSeat` under the
 *   organization lock (409 when none is free); names change through the users module's
 *   `updateUser`, the active flag through `setActive` (deactivation frees the seat at once and ends
 *   sessions and emailed links). These run as the token's Manager (the creator), once the route
 *   authorized `scim:provision`.
 * - DELETE deactivates (as `active: false`): a Manager may not delete users (000 §6, soft delete is
 *   an Admin's), so the person stays, inactive, until an Admin deletes them in the console.
 * - `userName`/email and the role cannot change once provisioned: 400 `mutability`.
 *
 * Every error leaves as a `SCIMMY.Types.Error` (status and scimType of RFC 7644 §3.12), which the
 * routes answer in SCIM's error format.
 */
import SCIMMY from 'scimmy';
import {
  Role,
  emailSchema,
  firstNameSchema,
  lastNameSchema,
  messages,
  type Actor,
} from '@practica/contract';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../errors.js';
import { newEmailToken } from '../../lib/email-token.js';
import { lockOrganization, requireTraineeSeat } from '../organizations/index.js';
import { setActive, setScimExternalId, updateUser, type UsersDeps } from '../users/index.js';
import {
  emailInUse,
  findScimUser,
  insertScimUser,
  listScimUsers,
  type ScimUserRow,
} from './repository.js';

/** What each SCIM call hands its handlers: the app's dependencies and the token's actor. */
export interface ScimContext {
  deps: UsersDeps;
  actor: Actor;
  /**
   * The member ids the Group egress read for this request: a PATCH changes membership by what its
   * operations did to them, not by the whole list, so two PATCHes at once both keep their members.
   */
  groupMembersRead?: ReadonlySet<number>;
}

/** SCIM role values and the roles they name. */
const roleByValue: Record<string, number> = {
  trainee: Role.Trainee,
  instructor: Role.Instructor,
};
const valueOfRole = (roleId: number) => (roleId === Role.Instructor ? 'instructor' : 'trainee');

/** A user as the SCIM User resource presents it (RFC 7643 §4.1). */
export function presentScimUser(row: ScimUserRow) {
  return {
    id: String(row.id),
    ...(row.externalId !== null ? { externalId: row.externalId } : {}),
    userName: row.email,
    name: {
      givenName: row.firstName,
      familyName: row.lastName,
      formatted: `${row.firstName} ${row.lastName}`,
    },
    displayName: `${row.firstName} ${row.lastName}`,
    emails: [{ value: row.email, type: 'work', primary: true }],
    active: row.active,
    roles: [{ value: valueOfRole(row.roleId), primary: true }],
    meta: { created: row.createdAt, lastModified: row.updatedAt },
  };
}

/** What a User body asks for, checked with the console's own field rules. */
interface ScimUserInput {
  email: string;
  firstName: string;
  lastName: string;
  /** Undefined when the body names no role. */
  roleId: number | undefined;
  active: boolean;
  externalId: string | null;
}

/** The fields of SCIMMY's parsed User this module reads. */
interface ScimUserBody {
  userName?: string;
  externalId?: string;
  name?: { givenName?: string; familyName?: string };
  emails?: { value?: string; primary?: boolean }[];
  roles?: { value?: string }[];
  active?: boolean;
}

/** A SCIM 400 `invalidValue` with `detail`. */
export const invalid = (detail: string) => new SCIMMY.Types.Error(400, 'invalidValue', detail);

/** Reads and checks a parsed User body: 400 `invalidValue` for a bad email, name or role. */
function readInput(body: ScimUserBody): ScimUserInput {
  const emails = body.emails ?? [];
  const primary = emails.find((e) => e.primary) ?? emails[0];
  const email = emailSchema.safeParse(primary?.value ?? body.userName);
  if (!email.success) throw invalid(`userName or emails: ${email.error.issues[0]!.message}`);
  const firstName = firstNameSchema.safeParse(body.name?.givenName ?? '');
  if (!firstName.success) throw invalid(`name.givenName: ${firstName.error.issues[0]!.message}`);
  const lastName = lastNameSchema.safeParse(body.name?.familyName ?? '');
  if (!lastName.success) throw invalid(`name.familyName: ${lastName.error.issues[0]!.message}`);
  const roleValue = body.roles?.[0]?.value;
  const roleId = roleValue === undefined ? undefined : roleByValue[roleValue.toLowerCase()];
  if (roleValue !== undefined && roleId === undefined)
    throw invalid('roles: the role must be trainee or instructor');
  return {
    email: email.data.toLowerCase(),
    firstName: firstName.data,
    lastName: lastName.data,
    roleId,
    active: body.active ?? true,
    externalId: body.externalId ?? null,
  };
}

/** The row id of a SCIM id (a user's or a group's), or a 404 for anything that is not one. */
export function idOf(id: string): number {
  const n = /^[1-9]\d{0,9}$/.test(id) ? Number(id) : NaN;
  if (!Number.isSafeInteger(n) || n > 2_147_483_647)
    throw new SCIMMY.Types.Error(404, '', `Resource ${id} not found`);
  return n;
}

/** The organization's provisioned user `id`, or a 404 (another organization's included). */
async function requireScimUser(ctx: ScimContext, id: string): Promise<ScimUserRow> {
  const row = await findScimUser(ctx.deps.db, ctx.actor.organizationId!, idOf(id));
  if (!row) throw new SCIMMY.Types.Error(404, '', `Resource ${id} not found`);
  return row;
}

/** The token's creator as a Manager of the organization, for the users and groups modules' rules. */
export function delegateOf(actor: Actor): Actor {
  return {
    id: actor.id,
    roleId: Role.Manager,
    organizationId: actor.organizationId,
    creator: false,
  };
}

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';

/**
 * Creates the user under the organization lock: 400 organization inactive, 409 email in use
 * (`uniqueness`), 409 'No trainee seats left' for an active trainee without a free seat. No mail
 * is sent: the person signs in through the organization's single sign-on or 'Forgot password'.
 */
async function createScimUser(ctx: ScimContext, input: ScimUserInput): Promise<number> {
  const organizationId = ctx.actor.organizationId!;
  const roleId = input.roleId ?? Role.Trainee;
  try {
    return await ctx.deps.db.transaction(async (tx) => {
      const org = await lockOrganization(tx, organizationId);
      if (!org) throw new NotFoundError();
      if (!org.active) throw new ValidationError(messages.organizationInactive);
      if (await emailInUse(tx, input.email)) throw new ConflictError(messages.emailAlreadyInUse);
      if (roleId === Role.Trainee && input.active) await requireTraineeSeat(tx, org);
      return insertScimUser(tx, {
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        // Not a PHC string: no password verifies against it until a reset sets one.
        passwordHash: `!${newEmailToken().hash}`,
        roleId,
        organizationId,
        active: input.active,
        externalId: input.externalId,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(messages.emailAlreadyInUse);
    throw error;
  }
}

/** Replaces what may change of `row` with `input` (names, externalId, active); 400 `mutability` otherwise. */
async function updateScimUser(ctx: ScimContext, row: ScimUserRow, input: ScimUserInput) {
  if (input.email !== row.email)
    throw new SCIMMY.Types.Error(400, 'mutability', 'userName and emails cannot change');
  if (input.roleId !== undefined && input.roleId !== row.roleId)
    throw new SCIMMY.Types.Error(400, 'mutability', 'roles cannot change');
  const delegate = delegateOf(ctx.actor);
  if (input.firstName !== row.firstName || input.lastName !== row.lastName)
    await updateUser(ctx.deps, delegate, row.id, {
      firstName: input.firstName,
      lastName: input.lastName,
    });
  if (input.externalId !== row.externalId)
    await setScimExternalId(ctx.deps.db, row.id, input.externalId);
  if (input.active !== row.active) await setActive(ctx.deps, delegate, row.id, input.active);
}

/** The SCIM error (RFC 7644 §3.12) of an error of ours; SCIMMY's own pass unchanged. */
export function toScimError(error: unknown): InstanceType<typeof SCIMMY.Types.Error> {
  if (error instanceof SCIMMY.Types.Error) return error;
  if (error instanceof AppError) {
    const scimType =
      error.statusCode === 400
        ? 'invalidValue'
        : error.statusCode === 409 && error.message === messages.emailAlreadyInUse
          ? 'uniqueness'
          : '';
    return new SCIMMY.Types.Error(error.statusCode, scimType, error.message);
  }
  throw error;
}

/** Runs a handler, turning our errors into SCIM errors (SCIMMY would answer any other a 404). */
export async function scimErrors<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toScimError(error);
  }
}

let declared = false;

/**
 * Declares SCIMMY's User resource (with the enterprise extension a directory may send) with this
 * module's handlers, once per process; `basepath` is the absolute `/scim/v2` each resource's
 * `meta.location` starts with. The handlers take a `ScimContext` as SCIMMY's `ctx`.
 */
export function declareScimUsers(basepath: string): void {
  SCIMMY.Resources.User.basepath(basepath);
  if (declared) return;
  declared = true;
  if (!SCIMMY.Resources.declared('User'))
    SCIMMY.Resources.declare(SCIMMY.Resources.User).extend(SCIMMY.Schemas.EnterpriseUser, false);
  SCIMMY.Resources.User.egress((resource, ctx: ScimContext) =>
    scimErrors(async () => {
      if (resource.id) return presentScimUser(await requireScimUser(ctx, resource.id));
      const rows = await listScimUsers(ctx.deps.db, ctx.actor.organizationId!);
      const all = rows.map(presentScimUser);
      return resource.filter ? resource.filter.match(all) : all;
    }),
  )
    .ingress((resource, instance, ctx: ScimContext) =>
      scimErrors(async () => {
        const input = readInput(instance as ScimUserBody);
        let id: number;
        if (resource.id) {
          const row = await requireScimUser(ctx, resource.id);
          await updateScimUser(ctx, row, input);
          id = row.id;
        } else id = await createScimUser(ctx, input);
        return presentScimUser((await findScimUser(ctx.deps.db, ctx.actor.organizationId!, id))!);
      }),
    )
    .degress((resource, ctx: ScimContext) =>
      scimErrors(async () => {
        const row = await requireScimUser(ctx, resource.id!);
        if (row.active) await setActive(ctx.deps, delegateOf(ctx.actor), row.id, false);
      }),
    );
}
