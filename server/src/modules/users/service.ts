/**
 * Everything about a person's account (000 §2.8–§2.11, §4–§6, §7 'Session and users'):
 * profile, email change, password, activation, creator flag, soft delete, restore, erase,
 * the Add Admin flow and the emailed-token flows. Each write is one transaction; the mail it
 * causes is written to the outbox inside it (decisions.md#mail).
 */
import { and, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import {
  Existence,
  MediaType,
  Role,
  firstAdminId,
  format,
  messages,
  resetTokenLifetimeMs,
  roleLabels,
  emailChangeTokenLifetimeMs,
  inviteTokenLifetimeMs,
  type Action,
  type Actor,
  type CreateUserBody,
  type PageQuery,
  type RoleId,
  type UpdateUserBody,
  type UserListQuery,
} from '@practica/contract';
import type { Db, Tx } from '../../db/client.js';
import { TokenPurpose, organizations, userTokens, users } from '../../db/schema/index.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.js';
import { hashEmailToken, newEmailToken } from '../../lib/email-token.js';
import { loadAuthorized, requireAllowed } from '../../lib/load-authorized.js';
import { scopeFor } from '../../lib/scope-for.js';
import { hashPassword } from '../../lib/password.js';
import {
  deleteUnusedFiles,
  personalFileIdsOf,
  removeStoredFiles,
  requireUsableFile,
  type FileUseDeps,
  type FilesDeps,
} from '../files/index.js';
import { enqueueMail } from '../mail/index.js';
import { accountMails, mailLinks } from '../mail/index.js';
import { findOrganization, lockOrganization } from '../organizations/index.js';
import { loadOrganizationFor } from '../organizations/index.js';
import { requireTraineeSeat } from '../organizations/index.js';
import { findUser, listUsers, type UserRow } from './list-repository.js';

export interface UsersDeps {
  db: Db;
  /** Base of emailed links, e.g. `https://console.example.com`. */
  publicUrl: string;
  /** The app's direct-upload storage (S3), for a profile image uploaded there (`FileUseDeps`). */
  directUploads?: FilesDeps['directUploads'];
}

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';

/**
 * Loads a user for `action` (`loadAuthorized`): 404 when missing, in another organization (oneself
 * excepted), or soft-deleted and the actor may not see deleted users; 403 when the policy refuses.
 */
export function loadUserFor(
  db: Db | Tx,
  actor: Actor,
  id: number,
  action: Action,
): Promise<UserRow> {
  return loadAuthorized(actor, action, findUser(db as Db, id), userTarget);
}

/** The policy target of a user row: its organization, id, role and whether it is soft-deleted. */
function userTarget(row: UserRow) {
  return {
    organizationId: row.organizationId,
    userId: row.id,
    roleId: row.roleId as RoleId,
    deleted: row.deletedAt !== null,
  };
}

/**
 * 000 §6: a user `action` ('user:softDelete', 'user:erase') removes. 403 with the catalogue's
 * reason for the first admin and oneself, else 403 when the policy refuses.
 */
function requireRemovable(actor: Actor, row: UserRow, action: Action): void {
  if (row.id === firstAdminId) throw new ForbiddenError(messages.firstAdminUndeletable);
  if (row.id === actor.id) throw new ForbiddenError(messages.cannotDeleteYourself);
  requireAllowed(actor, action, userTarget(row));
}

/** GET /users: admins list everyone (optionally one organization); others only their organization. */
export async function listUsersFor(db: Db, actor: Actor, query: UserListQuery) {
  // Both refusals are 403s, before the 404 of another organization named.
  if (query.deleted !== Existence.Existing) requireAllowed(actor, 'user:viewDeleted');
  const organizationId = scopeFor(actor, 'user:list', query);
  return listUsers(db, {
    ...(organizationId !== undefined ? { organizationId } : {}),
    ...(query.roles ? { roles: query.roles } : {}),
    ...(query.search ? { search: query.search } : {}),
    existence: query.deleted,
    page: query.page,
    pageSize: query.pageSize,
  });
}

/**
 * Checks that `imageId` is a Ready image this actor uploaded (or the user's current one), by the
 * files module's rule (`requireUsableFile`, which also checks a direct S3 upload on first use).
 * Throws 400 `messages.failedToUploadImage` at `imageId`, 503 when the store fails.
 */
async function assertUsableImage(
  deps: FileUseDeps,
  actor: Actor,
  imageId: number,
  current: number | null,
): Promise<void> {
  if (imageId === current) return;
  await requireUsableFile(deps, actor, imageId, MediaType.Image, messages.failedToUploadImage, {
    ownOnly: true,
    path: 'imageId',
  });
}

/**
 * In `tx`: cancels the user's pending emailed tokens of `purposes` (default: every kind — email
 * change and password reset; invites are not the user's). Answers nothing.
 */
async function cancelPendingTokens(
  tx: Tx,
  userId: number,
  purposes: readonly number[] = Object.values(TokenPurpose),
): Promise<void> {
  await tx
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(userTokens.userId, userId),
        inArray(userTokens.purpose, [...purposes]),
        isNull(userTokens.usedAt),
      ),
    );
}

/**
 * In `tx`: writes `values` to user `id`, bumps its token version (its session tokens answer 401)
 * and cancels its pending emailed tokens — the one way of every change that ends a user's access:
 * a password change (by anyone, or by reset link), a deactivation, a soft delete (decisions.md
 * 'Sessions and tokens'). No call changes a role today; one that does must go through here.
 */
async function updateEndingAccess(
  tx: Tx,
  id: number,
  values: Partial<typeof users.$inferInsert>,
): Promise<void> {
  await tx
    .update(users)
    .set({ ...values, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, id));
  await cancelPendingTokens(tx, id);
}

/**
 * PUT /users/{id}: names, phone, image, optional new password. A password change ends the user's
 * other sessions (token version); `passwordChanged` tells the route to hand the actor a fresh token.
 */
export async function updateUser(deps: UsersDeps, actor: Actor, id: number, body: UpdateUserBody) {
  const row = await loadUserFor(deps.db, actor, id, 'user:update');
  if (body.imageId) await assertUsableImage(deps, actor, body.imageId, row.imageId);
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;
  const profile = {
    firstName: body.firstName,
    lastName: body.lastName,
    ...(body.phoneNumber !== undefined ? { phoneNumber: body.phoneNumber } : {}),
    ...(body.imageId !== undefined ? { imageId: body.imageId } : {}),
  };
  if (passwordHash)
    await deps.db.transaction((tx) => updateEndingAccess(tx, id, { ...profile, passwordHash }));
  else
    await deps.db
      .update(users)
      .set({ ...profile, updatedAt: new Date() })
      .where(eq(users.id, id));
  return { user: (await findUser(deps.db, id))!, passwordChanged: Boolean(passwordHash) };
}

/**
 * PUT /users/{id}/update-password. Ends the user's sessions and cancels its pending emailed
 * tokens; the route re-issues the actor's own token.
 */
export async function updatePassword(deps: UsersDeps, actor: Actor, id: number, password: string) {
  await loadUserFor(deps.db, actor, id, 'user:updatePassword');
  const passwordHash = await hashPassword(password);
  await deps.db.transaction((tx) => updateEndingAccess(tx, id, { passwordHash }));
  return (await findUser(deps.db, id))!;
}

async function emailTaken(db: Db | Tx, email: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return Boolean(row && row.id !== exceptId);
}

/**
 * PUT /users/{id}/update-email: mails a confirmation link (24 hours) to the new address and a
 * notice without link to the old one; the email changes when the link is followed.
 */
export async function requestEmailChange(
  deps: UsersDeps,
  actor: Actor,
  id: number,
  email: string,
): Promise<void> {
  const row = await loadUserFor(deps.db, actor, id, 'user:updateEmail');
  if (email === row.email)
    throw new ValidationError(messages.emailAlreadyInUse, [
      { path: 'email', message: messages.emailAlreadyInUse },
    ]);
  if (await emailTaken(deps.db, email, id)) throw new ConflictError(messages.emailAlreadyInUse);
  const { token, hash } = newEmailToken();
  await deps.db.transaction(async (tx) => {
    // A newer request replaces any pending one.
    await cancelPendingTokens(tx, id, [TokenPurpose.EmailChange]);
    await tx.insert(userTokens).values({
      userId: id,
      purpose: TokenPurpose.EmailChange,
      tokenHash: hash,
      newEmail: email,
      expiresAt: new Date(Date.now() + emailChangeTokenLifetimeMs),
    });
    const link = mailLinks.emailUpdate(deps.publicUrl, token);
    await enqueueMail(tx, accountMails.emailChange({ to: email, firstName: row.firstName, link }));
    await enqueueMail(
      tx,
      accountMails.emailChangeNotice({ to: row.email, firstName: row.firstName, newEmail: email }),
    );
  });
}

/** Marks the token used and answers its row; 400 'This link is invalid or has expired.' otherwise. */
async function consumeToken(tx: Tx, token: string, purpose: number) {
  const [row] = await tx
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(userTokens.tokenHash, hashEmailToken(token)),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: userTokens.userId, newEmail: userTokens.newEmail });
  if (!row) throw new ValidationError(messages.tokenInvalidOrExpired);
  return row;
}

/** PUT /users/validate-email/{token}: completes an email change (single use, 24 hours). */
export async function confirmEmailChange(db: Db, token: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await consumeToken(tx, token, TokenPurpose.EmailChange);
    if (!row.newEmail) throw new ValidationError(messages.tokenInvalidOrExpired);
    if (await emailTaken(tx, row.newEmail, row.userId))
      throw new ConflictError(messages.emailAlreadyInUse);
    await tx
      .update(users)
      .set({ email: row.newEmail, updatedAt: new Date() })
      .where(and(eq(users.id, row.userId), isNull(users.deletedAt)));
  });
}

/**
 * PUT /users/reset-password/{token}: sets the new password (single use, 1 hour), ends the user's
 * sessions and cancels its other pending emailed tokens (other reset links, an email change).
 */
export async function resetPasswordWithToken(
  db: Db,
  token: string,
  newPassword: string,
): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    const row = await consumeToken(tx, token, TokenPurpose.PasswordReset);
    await updateEndingAccess(tx, row.userId, { passwordHash });
  });
}

/**
 * PUT /auth/reset-password?email=: mails a reset link (1 hour) when the address belongs to an
 * account that may sign in, cancelling its older reset links; silently does nothing otherwise
 * (no account enumeration).
 */
export async function requestPasswordReset(deps: UsersDeps, email: string): Promise<void> {
  const [row] = await deps.db
    .select({
      id: users.id,
      firstName: users.firstName,
      active: users.active,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  if (!row || !row.active || row.deletedAt) return;
  const { token, hash } = newEmailToken();
  await deps.db.transaction(async (tx) => {
    await cancelPendingTokens(tx, row.id, [TokenPurpose.PasswordReset]);
    await tx.insert(userTokens).values({
      userId: row.id,
      purpose: TokenPurpose.PasswordReset,
      tokenHash: hash,
      expiresAt: new Date(Date.now() + resetTokenLifetimeMs),
    });
    const link = mailLinks.passwordReset(deps.publicUrl, token);
    await enqueueMail(
      tx,
      accountMails.passwordReset({ to: email, firstName: row.firstName, link }),
    );
  });
}

/**
 * POST /users?roleId= (admin only; 000 §2.9 'Add Admin'): creates a user of any role
 * without a usable password and mails a link to choose one (valid 7 days), through the outbox in
 * the same transaction. An admin belongs to no organization (an `organizationId` is ignored); any
 * other role joins `organizationId`: 400 without it, 404 unknown, 400 inactive, and for a trainee 409
 * 'No trainee seats left' when no seat is free. 409 when the email exists. Answers the new user.
 */
export async function createUser(
  deps: UsersDeps,
  actor: Actor,
  roleId: RoleId,
  body: CreateUserBody,
): Promise<UserRow> {
  requireAllowed(actor, 'admin:create');
  const organizationId = roleId === Role.Admin ? null : (body.organizationId ?? null);
  if (roleId !== Role.Admin && organizationId === null)
    throw new ValidationError(messages.organizationRequired, [
      { path: 'organizationId', message: messages.organizationRequired },
    ]);
  const org = organizationId !== null ? await findOrganization(deps.db, organizationId) : null;
  if (organizationId !== null && !org) throw new NotFoundError();
  if (org && !org.active) throw new ValidationError(messages.organizationInactive);
  if (await emailTaken(deps.db, body.email)) throw new ConflictError(messages.emailAlreadyInUse);
  const { token, hash } = newEmailToken();
  const unusable = `!${newEmailToken().hash}`; // not a PHC string: no password verifies against it
  try {
    const id = await deps.db.transaction(async (tx) => {
      await requireSeatFor(tx, { roleId, organizationId, active: true });
      const [created] = await tx
        .insert(users)
        .values({
          email: body.email,
          firstName: body.firstName,
          lastName: body.lastName,
          passwordHash: unusable,
          roleId,
          organizationId,
        })
        .returning({ id: users.id });
      await tx.insert(userTokens).values({
        userId: created!.id,
        purpose: TokenPurpose.PasswordReset,
        tokenHash: hash,
        expiresAt: new Date(Date.now() + inviteTokenLifetimeMs),
      });
      const link = mailLinks.passwordReset(deps.publicUrl, token);
      const to = { to: body.email, firstName: body.firstName, link };
      await enqueueMail(
        tx,
        org
          ? accountMails.accountWelcome({
              ...to,
              roleName: roleLabels[roleId],
              organizationName: org.name,
            })
          : accountMails.adminWelcome(to),
      );
      return created!.id;
    });
    return (await findUser(deps.db, id))!;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(messages.emailAlreadyInUse);
    throw error;
  }
}

/**
 * In `tx`: when user `row` would come to hold a trainee seat (a trainee of an organization, not
 * soft-deleted once the change is made, active), takes the organization's lock and answers 409
 * 'No trainee seats left' when none is free (organizations/seats.ts). Nothing for other users.
 */
async function requireSeatFor(
  tx: Tx,
  row: { roleId: number; organizationId: number | null; active: boolean },
): Promise<void> {
  if (row.roleId !== Role.Trainee || row.organizationId === null || !row.active) return;
  const org = await lockOrganization(tx, row.organizationId);
  if (org) await requireTraineeSeat(tx, org);
}

/**
 * PUT /users/{id}/activate|deactivate. Deactivation ends the user's sessions and cancels its
 * pending emailed tokens. Activating an inactive trainee takes a trainee seat: 409 'No trainee
 * seats left' when none is free.
 */
export async function setActive(deps: UsersDeps, actor: Actor, id: number, active: boolean) {
  const row = await loadUserFor(deps.db, actor, id, 'user:activate');
  await deps.db.transaction(async (tx) => {
    if (!active) return updateEndingAccess(tx, id, { active });
    if (!row.active && !row.deletedAt) await requireSeatFor(tx, { ...row, active: true });
    await tx.update(users).set({ active, updatedAt: new Date() }).where(eq(users.id, id));
  });
  return (await findUser(deps.db, id))!;
}

/**
 * PUT /users/{id}/enable-creator|disable-creator: never for trainees; enabling respects the
 * organization's creator seats (409 'No creator seats left'), serialized on the organization row.
 */
export async function setCreator(deps: UsersDeps, actor: Actor, id: number, creator: boolean) {
  const row = await loadUserFor(deps.db, actor, id, 'user:enableCreator');
  if (row.roleId === Role.Trainee) throw new ValidationError(messages.creatorNotForTrainees);
  await deps.db.transaction(async (tx) => {
    if (creator && !row.creator && row.organizationId !== null) {
      const [org] = await tx
        .select({ creatorSeats: organizations.creatorSeats })
        .from(organizations)
        .where(eq(organizations.id, row.organizationId))
        .for('update');
      const [used] = await tx
        .select({ n: count() })
        .from(users)
        .where(
          and(
            eq(users.organizationId, row.organizationId),
            eq(users.creator, true),
            isNull(users.deletedAt),
          ),
        );
      if ((used?.n ?? 0) >= (org?.creatorSeats ?? 0))
        throw new ConflictError(messages.noCreatorSeatsLeft);
    }
    await tx.update(users).set({ creator, updatedAt: new Date() }).where(eq(users.id, id));
  });
  return (await findUser(deps.db, id))!;
}

/**
 * PUT /users/{id}/delete (soft delete, admin only; never admin id 1 nor oneself). Ends sessions
 * and cancels pending emailed tokens.
 */
export async function softDelete(deps: UsersDeps, actor: Actor, id: number) {
  const row = await loadUserFor(deps.db, actor, id, 'user:read');
  requireRemovable(actor, row, 'user:softDelete');
  await deps.db.transaction((tx) => updateEndingAccess(tx, id, { deletedAt: new Date() }));
  return (await findUser(deps.db, id))!;
}

/**
 * PUT /users/{id}/restore (admin only). Restoring an active trainee takes a trainee seat: 409 'No
 * trainee seats left' when none is free (an inactive one takes it when activated).
 */
export async function restore(deps: UsersDeps, actor: Actor, id: number) {
  const row = await loadUserFor(deps.db, actor, id, 'user:restore');
  await deps.db.transaction(async (tx) => {
    if (row.deletedAt) await requireSeatFor(tx, row);
    await tx.update(users).set({ deletedAt: null, updatedAt: new Date() }).where(eq(users.id, id));
  });
  return (await findUser(deps.db, id))!;
}

/**
 * DELETE /users/{id} ('erase', admin only; decisions.md#users-organizations-seats): only an already soft-deleted
 * user; removes the row and its personal data, its files included: the videos of its answers
 * (originals, MP4s, posters), every file it uploaded (attached or not, finished or not) and its
 * profile image, unless something else still uses them (an organization's logo chosen as profile
 * image stays; content it authored keeps its audios and images). Rows go in one transaction, which
 * also queues the bytes for removal (storage_deletions); they leave `deps.storage` right after it
 * committed, or through the storage deletion worker if that fails. Its unfinished resumable uploads
 * go right after too (`deps.removePartialUploads`; left to their one-day sweep if the store
 * fails). Rows that point at the user keep existing with the reference cleared.
 */
export async function erase(
  deps: UsersDeps &
    Pick<FilesDeps, 'storage' | 'log'> & {
      removePartialUploads?: (userId: number) => Promise<number>;
    },
  actor: Actor,
  id: number,
): Promise<void> {
  const row = await loadUserFor(deps.db, actor, id, 'user:read');
  requireRemovable(actor, row, 'user:erase');
  if (!row.deletedAt) throw new ValidationError(messages.eraseRequiresSoftDelete);
  const removedKeys = await deps.db.transaction(async (tx) => {
    const fileIds = await personalFileIdsOf(tx, id);
    await tx.delete(users).where(eq(users.id, id));
    return deleteUnusedFiles(tx, fileIds);
  });
  await removeStoredFiles(deps, removedKeys);
  await deps.removePartialUploads?.(id).catch((err: unknown) => {
    deps.log?.warn({ err, userId: id }, 'could not remove an erased user’s partial uploads');
  });
}

/** The messages of 000 §8 for the toggles. */
export const toggleMessages = {
  active: (active: boolean) => format.userStatusChanged(active),
  creator: (creator: boolean) => format.creatorStatusChanged(creator),
};

/** The query of GET /organizations/{id}/users: roles, a search of 3+ characters, paging. */
export interface OrganizationUsersQuery extends PageQuery {
  roles?: RoleId[] | undefined;
  search?: string | undefined;
}

/** GET /organizations/{id}/users (roles, search ≥ 3, paging): the organization's members, not soft-deleted. */
export async function listOrganizationUsersFor(
  db: Db,
  actor: Actor,
  id: number,
  query: OrganizationUsersQuery,
) {
  await loadOrganizationFor(db, actor, id, 'organization:readMembers');
  return listUsers(db, {
    organizationId: id,
    ...(query.roles ? { roles: query.roles } : {}),
    ...(query.search ? { search: query.search } : {}),
    existence: Existence.Existing,
    page: query.page,
    pageSize: query.pageSize,
  });
}
