/**
 * Invites (000 §2.7, §3 'Invite', §4, §6, §7 'Invites'; decisions.md#sessions-and-tokens,
 * 'Users, organizations, seats'). An invite carries a role (never Admin), an organization and an
 * optional group; it expires 7 days after it was sent or re-sent and is accepted once. Its links
 * carry 256-bit random tokens stored only as hashes, so a copied link is a new token; an invite
 * has one live link, the newest (a re-send or a copy replaces the older ones). Every write
 * that affects trainee seats runs under a row lock on the organization (`SELECT … FOR UPDATE`),
 * so concurrent invites and accepts never exceed the seats, on PGlite and on PostgreSQL.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  Role,
  inviteTokenLifetimeMs,
  messages,
  roleLabels,
  type Action,
  type Actor,
  type InviteAcceptBody,
  type InviteBody,
  type InviteLink,
  type RoleId,
} from '@practica/contract';
import type { Db, Tx } from '../../db/client.js';
import { groupMembers, groups, invites, users } from '../../db/schema/index.js';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.js';
import { loadAuthorized } from '../../lib/load-authorized.js';
import { requireInScope } from '../../lib/scope-for.js';
import { hashEmailToken, newEmailToken } from '../../lib/email-token.js';
import { hashPassword } from '../../lib/password.js';
import { enqueueMail, enqueueMails, type OutgoingMail } from '../mail/index.js';
import { accountMails, mailLinks } from '../mail/index.js';
import { findOrganization, lockOrganization } from '../organizations/index.js';
import { requireTraineeSeat } from '../organizations/index.js';
import { loadOrganizationFor } from '../organizations/index.js';
import { enqueueEvent } from '../webhooks/index.js';
import { inviteExpired } from './presenter.js';
import {
  deleteInviteLinks,
  findInvite,
  findInviteStateByTokenHash,
  findPendingInviteByTokenHash,
  insertInviteLink,
  insertInviteLinks,
  renewInviteRows,
  replaceInviteLinks,
  listOpenInvites,
  pendingInviteExists,
  type InviteRow,
} from './repository.js';

export interface InvitesDeps {
  db: Db;
  /** Base of the registration links, e.g. `https://console.example.com` (no trailing slash). */
  publicUrl: string;
}

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';

/** The expiry of an invite sent or re-sent now: 7 days ahead (000 §2.7). */
export const newInviteExpiry = (): Date => new Date(Date.now() + inviteTokenLifetimeMs);

async function emailTaken(db: Db | Tx, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return Boolean(row);
}

/** The invite mail with a registration link for `token`. */
function inviteMail(
  publicUrl: string,
  invite: Pick<InviteRow, 'email' | 'firstName' | 'roleId' | 'organizationName'>,
  token: string,
): OutgoingMail {
  return accountMails.invite({
    to: invite.email,
    firstName: invite.firstName,
    link: mailLinks.invite(publicUrl, token),
    organizationName: invite.organizationName,
    roleName: roleLabels[invite.roleId as RoleId],
  });
}

/** Enqueues the invite mail with a registration link for `token` (in the caller's transaction). */
async function mailInvite(
  tx: Tx,
  publicUrl: string,
  invite: Pick<InviteRow, 'email' | 'firstName' | 'roleId' | 'organizationName'>,
  token: string,
) {
  await enqueueMail(tx, inviteMail(publicUrl, invite, token));
}

/** A new invite as `sendInvites` mails it. */
export type NewInviteToSend = Pick<
  InviteRow,
  'id' | 'email' | 'firstName' | 'roleId' | 'organizationName'
>;

/**
 * In `tx`, under the caller's organization lock and after its seat check: sends invites by mail —
 * the `renew` ones (the re-send of GET /invites/{id}/resend: expiry 7 days from now, their links
 * replaced by a new one, so older links stop working) and the `created` ones (their first link).
 * Each gets one new link token (hash stored) and one mail through the outbox. A fixed number of
 * statements whatever the count: the renewal (2), the old links' delete, one insert of links, one
 * of mails. Answers the renewed invites as they are now.
 */
export async function sendInvites(
  tx: Tx,
  publicUrl: string,
  { renew = [], created = [] }: { renew?: readonly number[]; created?: readonly NewInviteToSend[] },
): Promise<InviteRow[]> {
  const renewed = await renewInviteRows(tx, renew, newInviteExpiry());
  await deleteInviteLinks(tx, renew);
  const sending = [...renewed, ...created].map((invite) => ({ invite, ...newEmailToken() }));
  await insertInviteLinks(
    tx,
    sending.map(({ invite, hash }) => ({ inviteId: invite.id, tokenHash: hash })),
  );
  await enqueueMails(
    tx,
    sending.map(({ invite, token }) => inviteMail(publicUrl, invite, token)),
  );
  return renewed;
}

/**
 * Loads an open (not accepted) invite for `action` (`loadAuthorized`): 404 when missing, accepted,
 * or — for anyone but an admin — of another organization; 403 when the policy refuses.
 */
export function loadInviteFor(
  db: Db,
  actor: Actor,
  id: number,
  action: Action,
): Promise<InviteRow> {
  return loadAuthorized(actor, action, findInvite(db, id), (row) => ({
    organizationId: row.organizationId,
    roleId: row.roleId as RoleId,
    ...(row.createdById !== null ? { createdById: row.createdById } : {}),
    accepted: row.acceptedAt !== null,
  }));
}

/** GET /invites/{id} with a session: admin, a manager of the organization, or the instructor who sent it. */
export async function getInviteFor(db: Db, actor: Actor, id: number): Promise<InviteRow> {
  return loadInviteFor(db, actor, id, 'invite:read');
}

/**
 * GET /invites/{token} without a session (000 §2.7 registration page): the pending, unexpired
 * invite one of whose links carries `token`. Otherwise 404 (the spec's shape; the page shows the
 * message, then goes to login): messages.inviteUsed when that invite was accepted,
 * messages.inviteExpired when it expired (decisions.md#console-flows §10), messages.inviteInvalid for a token of
 * no invite. Only the holder of a link learns its invite's state.
 */
export async function getInviteByToken(db: Db, token: string): Promise<InviteRow> {
  const tokenHash = hashEmailToken(token);
  const row = await findPendingInviteByTokenHash(db, tokenHash);
  if (row) return row;
  const state = await findInviteStateByTokenHash(db, tokenHash);
  if (state?.accepted) throw new NotFoundError(messages.inviteUsed);
  if (state?.expired) throw new NotFoundError(messages.inviteExpired);
  throw new NotFoundError(messages.inviteInvalid);
}

/** GET /organizations/{id}/invites (admin, manager of the organization): open invites, newest first, expired ones flagged. */
export async function listOrganizationInvitesFor(
  db: Db,
  actor: Actor,
  organizationId: number,
  query: { roles?: RoleId[] | undefined; page: number; pageSize: number },
) {
  await loadOrganizationFor(db, actor, organizationId, 'invite:list');
  return listOpenInvites(db, organizationId, query);
}

/**
 * POST /invites (000 §2.7, §6): admin any organization, a manager its own, an instructor trainees
 * of its own (403 'Instructors may invite trainees only.'). 404 for another organization or a
 * group that is not the organization's; 400 when the organization is inactive; 409 when the email
 * is a user's ('A user with this email address already exists!'), when the organization already
 * has a pending invite for it, or — trainee invites — when no trainee seat is left. Creates the
 * invite (7 days), a link token (hash stored) and the mail in one transaction. Answers the invite
 * and the raw token of its first link.
 */
export async function createInvite(
  deps: InvitesDeps,
  actor: Actor,
  body: InviteBody,
): Promise<{ invite: InviteRow; token: string }> {
  const { db } = deps;
  const org = await loadAuthorized(
    actor,
    'invite:create',
    findOrganization(db, body.organizationId),
    (o) => ({ organizationId: o.id, roleId: body.roleId }),
    actor.roleId === Role.Instructor ? messages.instructorInvitesTraineesOnly : undefined,
  );
  if (!org.active) throw new ValidationError(messages.organizationInactive);
  const groupId = body.groupId ?? null;
  if (groupId !== null) {
    const [group] = await db
      .select({ organizationId: groups.organizationId })
      .from(groups)
      .where(eq(groups.id, groupId))
      .limit(1);
    requireInScope(group?.organizationId, org.id);
  }
  if (await emailTaken(db, body.email)) throw new ConflictError(messages.emailAlreadyInUse);
  const { token, hash } = newEmailToken();
  const id = await db.transaction(async (tx) => {
    const locked = await lockOrganization(tx, org.id);
    if (!locked) throw new NotFoundError();
    if (await pendingInviteExists(tx, org.id, body.email))
      throw new ConflictError(messages.conflict);
    if (body.roleId === Role.Trainee) await requireTraineeSeat(tx, locked);
    const [created] = await tx
      .insert(invites)
      .values({
        firstName: body.firstName,
        lastName: body.lastName,
        email: body.email,
        roleId: body.roleId,
        organizationId: org.id,
        groupId,
        createdById: actor.id,
        expirationDate: newInviteExpiry(),
      })
      .returning({ id: invites.id });
    await insertInviteLink(tx, created!.id, hash);
    await mailInvite(tx, deps.publicUrl, { ...body, organizationName: org.name }, token);
    return created!.id;
  });
  return { invite: (await findInvite(db, id))!, token };
}

/**
 * GET /invites/{id}/resend: renews the expiry to 7 days from now, replaces the invite's links by
 * a new one (older links stop working) and enqueues the mail again, in one transaction
 * (`sendInvites`, which the CSV import's re-sends share). Renewing
 * an expired trainee invite takes a seat again (409 'No trainee seats left' when none is left).
 */
export async function resendInvite(
  deps: InvitesDeps,
  actor: Actor,
  id: number,
): Promise<InviteRow> {
  const { db } = deps;
  const row = await loadInviteFor(db, actor, id, 'invite:resend');
  await db.transaction(async (tx) => {
    const org = await lockOrganization(tx, row.organizationId);
    if (!org) throw new NotFoundError();
    if (!org.active) throw new ValidationError(messages.organizationInactive);
    const current = await findInvite(tx, id);
    if (!current || current.acceptedAt !== null) throw new NotFoundError();
    if (current.roleId === Role.Trainee && inviteExpired(current))
      await requireTraineeSeat(tx, org);
    await sendInvites(tx, deps.publicUrl, { renew: [id] });
  });
  return (await findInvite(db, id))!;
}

/**
 * POST /invites/{id}/link (ours, for 'copy link'): a fresh registration link for the invite, which
 * replaces its earlier links (only hashes are stored, so an old link cannot be shown again; the
 * console copies the newest). 400 'This invite has expired.' for an expired invite (re-send it instead).
 */
export async function newInviteLink(
  deps: InvitesDeps,
  actor: Actor,
  id: number,
): Promise<InviteLink> {
  const row = await loadInviteFor(deps.db, actor, id, 'invite:resend');
  if (inviteExpired(row)) throw new ValidationError(messages.inviteExpired);
  const { token, hash } = newEmailToken();
  await deps.db.transaction((tx) => replaceInviteLinks(tx, id, hash));
  return { token, url: mailLinks.invite(deps.publicUrl, token) };
}

/** DELETE /invites/{id}: admin, a manager of the organization, or the instructor who sent it. Its links go with it. */
export async function deleteInvite(db: Db, actor: Actor, id: number): Promise<void> {
  await loadInviteFor(db, actor, id, 'invite:delete');
  await db.delete(invites).where(and(eq(invites.id, id), isNull(invites.acceptedAt)));
}

/**
 * POST /invites/accept (no session; 000 §2.7 registration): creates the user with the invite's
 * role, organization and group (if the group still exists), the given names and password, and
 * marks the invite accepted — single use — in one transaction under the organization's row lock.
 * Errors: 404 messages.inviteInvalid for an unknown, used or expired token; 400 messages.inviteInvalid (on
 * `email`) when the email is not the invite's; 400 when the organization is inactive; 409 'A user
 * with this email address already exists!'; 409 'No trainee seats left' when a trainee would make
 * the active trainees exceed the seats (the invite's own reservation is what it converts, so other
 * pending invites do not block it). Answers the new user's id.
 */
export async function acceptInvite(db: Db, body: InviteAcceptBody): Promise<number> {
  const tokenHash = hashEmailToken(body.token);
  const found = await findPendingInviteByTokenHash(db, tokenHash);
  if (!found) throw new NotFoundError(messages.inviteInvalid);
  if (found.email !== body.email)
    throw new ValidationError(messages.inviteInvalid, [
      { path: 'email', message: messages.inviteInvalid },
    ]);
  const passwordHash = await hashPassword(body.password);
  return acceptPendingInvite(db, found, {
    firstName: body.firstName,
    lastName: body.lastName,
    passwordHash,
  });
}

/**
 * Accepts the pending invite `found` for a new account of the invite's email, role, organization
 * and group, under the organization's row lock with the seat rule of `acceptInvite` (which calls
 * it; single sign-on calls it too, decisions.md#single-sign-on §3). Errors as `acceptInvite`'s
 * after the token check: 404 used or expired, 400 organization inactive, 409 email in use or no
 * trainee seat. The webhook event `invite.accepted` (decisions.md#webhooks §2) is queued in the
 * same transaction. Answers the new user's id.
 */
export async function acceptPendingInvite(
  db: Db,
  found: { id: number; organizationId: number },
  account: { firstName: string; lastName: string; passwordHash: string },
): Promise<number> {
  const { firstName, lastName, passwordHash } = account;
  try {
    return await db.transaction(async (tx) => {
      const org = await lockOrganization(tx, found.organizationId);
      if (!org) throw new NotFoundError(messages.inviteInvalid);
      if (!org.active) throw new ValidationError(messages.organizationInactive);
      // Claim the invite: only one transaction can flip accepted_at from null.
      const [invite] = await tx
        .update(invites)
        .set({ acceptedAt: new Date() })
        .where(
          and(
            eq(invites.id, found.id),
            isNull(invites.acceptedAt),
            gt(invites.expirationDate, sql`now()`),
          ),
        )
        .returning({
          id: invites.id,
          email: invites.email,
          roleId: invites.roleId,
          groupId: invites.groupId,
        });
      if (!invite) throw new NotFoundError(messages.inviteInvalid);
      if (await emailTaken(tx, invite.email)) throw new ConflictError(messages.emailAlreadyInUse);
      if (invite.roleId === Role.Trainee)
        await requireTraineeSeat(tx, org, { convertsInvite: true });
      const [user] = await tx
        .insert(users)
        .values({
          email: invite.email,
          firstName,
          lastName,
          passwordHash,
          roleId: invite.roleId,
          organizationId: org.id,
        })
        .returning({ id: users.id });
      await tx.update(invites).set({ acceptedUserId: user!.id }).where(eq(invites.id, invite.id));
      if (invite.groupId !== null) {
        const [group] = await tx
          .select({ organizationId: groups.organizationId })
          .from(groups)
          .where(eq(groups.id, invite.groupId))
          .limit(1);
        if (group?.organizationId === org.id) {
          await tx
            .insert(groupMembers)
            .values({ groupId: invite.groupId, userId: user!.id })
            .onConflictDoNothing();
        }
      }
      await enqueueEvent(tx, {
        organizationId: org.id,
        type: 'invite.accepted',
        data: {
          inviteId: invite.id,
          userId: user!.id,
          roleId: invite.roleId,
          acceptedAt: new Date().toISOString(),
        },
      });
      return user!.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(messages.emailAlreadyInUse);
    throw error;
  }
}
