/**
 * Queries on invites and their links (000 §2.7, §3 'Invite', §7 'Invites'; decisions.md#sessions-and-tokens). Only the SHA-256 hash of a link's token is stored (`invite_links`).
 */
import { and, desc, eq, gt, inArray, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { RoleId } from '@practica/contract';
import type { Db, Tx } from '../../db/client.js';
import { readPage, windowTotal } from '../../db/paging.js';
import { groups, inviteLinks, invites, organizations, users } from '../../db/schema/index.js';
import { executeRows } from '../../db/sql-helpers.js';

/** SQL: `column` is one of `values`, passed as one JSON parameter (not one per value). */
function inJsonList(
  column: SQL | AnyColumn,
  values: readonly (string | number)[],
  type: 'text' | 'int',
): SQL {
  const element = type === 'int' ? sql`value::int` : sql`value`;
  return sql`${column} in (select ${element} from jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
}

export interface InviteRow {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  roleId: number;
  organizationId: number;
  organizationName: string;
  groupId: number | null;
  groupName: string | null;
  createdById: number | null;
  expirationDate: Date;
  acceptedAt: Date | null;
  createdAt: Date;
}

const inviteColumns = {
  id: invites.id,
  firstName: invites.firstName,
  lastName: invites.lastName,
  email: invites.email,
  roleId: invites.roleId,
  organizationId: invites.organizationId,
  organizationName: organizations.name,
  groupId: invites.groupId,
  groupName: groups.name,
  createdById: invites.createdById,
  expirationDate: invites.expirationDate,
  acceptedAt: invites.acceptedAt,
  createdAt: invites.createdAt,
};

function selectInvites(db: Db | Tx) {
  return db
    .select(inviteColumns)
    .from(invites)
    .innerJoin(organizations, eq(organizations.id, invites.organizationId))
    .leftJoin(groups, eq(groups.id, invites.groupId));
}

/** The invite with this id (accepted or not), with its organization and group names, or undefined. */
export async function findInvite(db: Db | Tx, id: number): Promise<InviteRow | undefined> {
  const [row] = await selectInvites(db).where(eq(invites.id, id)).limit(1);
  return row;
}

/**
 * The pending (not accepted, not expired) invite one of whose links has this token hash, or
 * undefined — used by the registration page and the accept call.
 */
export async function findPendingInviteByTokenHash(
  db: Db | Tx,
  tokenHash: string,
): Promise<InviteRow | undefined> {
  const [row] = await selectInvites(db)
    .innerJoin(inviteLinks, eq(inviteLinks.inviteId, invites.id))
    .where(
      and(
        eq(inviteLinks.tokenHash, tokenHash),
        isNull(invites.acceptedAt),
        gt(invites.expirationDate, sql`now()`),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Why a link's invite is not pending (decisions.md#console-flows §10): whether the invite one of whose links has
 * this token hash was accepted, or has expired; undefined when no invite has such a link. One
 * statement; read only after `findPendingInviteByTokenHash` found nothing.
 */
export async function findInviteStateByTokenHash(
  db: Db | Tx,
  tokenHash: string,
): Promise<{ accepted: boolean; expired: boolean } | undefined> {
  const [row] = await db
    .select({
      accepted: sql<boolean>`${invites.acceptedAt} is not null`,
      expired: sql<boolean>`${invites.expirationDate} <= now()`,
    })
    .from(invites)
    .innerJoin(inviteLinks, eq(inviteLinks.inviteId, invites.id))
    .where(eq(inviteLinks.tokenHash, tokenHash))
    .limit(1);
  return row ? { accepted: Boolean(row.accepted), expired: Boolean(row.expired) } : undefined;
}

/**
 * One page of an organization's invites not yet accepted (expired ones included, flagged by the
 * presenter), newest first, optionally by roles, with the total. One statement (two past the
 * last page, `readPage`).
 */
export async function listOpenInvites(
  db: Db,
  organizationId: number,
  filter: { roles?: RoleId[] | undefined; page: number; pageSize: number },
): Promise<{ rows: InviteRow[]; count: number }> {
  const where: SQL | undefined = and(
    eq(invites.organizationId, organizationId),
    isNull(invites.acceptedAt),
    filter.roles && filter.roles.length > 0 ? inArray(invites.roleId, filter.roles) : undefined,
  );
  return readPage(filter, ({ limit, offset }) =>
    db
      .select({ ...inviteColumns, total: windowTotal() })
      .from(invites)
      .innerJoin(organizations, eq(organizations.id, invites.organizationId))
      .leftJoin(groups, eq(groups.id, invites.groupId))
      .where(where)
      .orderBy(desc(invites.createdAt), desc(invites.id))
      .limit(limit)
      .offset(offset),
  );
}

/**
 * The organization's pending (not accepted, not expired) invite for `email`, or undefined — the
 * single sign-on callback's lookup (decisions.md#single-sign-on §3). One statement.
 */
export async function findPendingInviteForEmail(
  db: Db | Tx,
  organizationId: number,
  email: string,
): Promise<InviteRow | undefined> {
  const [row] = await selectInvites(db)
    .where(
      and(
        eq(invites.organizationId, organizationId),
        eq(invites.email, email),
        isNull(invites.acceptedAt),
        gt(invites.expirationDate, sql`now()`),
      ),
    )
    .limit(1);
  return row;
}

/** Whether the organization already has a pending (not accepted, not expired) invite for `email`. */
export async function pendingInviteExists(
  db: Db | Tx,
  organizationId: number,
  email: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: invites.id })
    .from(invites)
    .where(
      and(
        eq(invites.organizationId, organizationId),
        eq(invites.email, email),
        isNull(invites.acceptedAt),
        gt(invites.expirationDate, sql`now()`),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Stores the hash of a new link token for the invite. */
export async function insertInviteLink(
  db: Db | Tx,
  inviteId: number,
  tokenHash: string,
): Promise<void> {
  await insertInviteLinks(db, [{ inviteId, tokenHash }]);
}

/** A link token's hash for an invite. */
export interface InviteLinkValue {
  inviteId: number;
  tokenHash: string;
}

/** Stores the hashes of new link tokens, one statement for all of them (nothing for none). */
export async function insertInviteLinks(
  db: Db | Tx,
  links: readonly InviteLinkValue[],
): Promise<void> {
  if (links.length === 0) return;
  if (links.length === 1) {
    await db.insert(inviteLinks).values(links[0]!);
    return;
  }
  const input = JSON.stringify(
    links.map((l) => ({ invite_id: l.inviteId, token_hash: l.tokenHash })),
  );
  await db.execute(sql`
    insert into ${inviteLinks} (invite_id, token_hash)
    select l.invite_id, l.token_hash
    from jsonb_to_recordset(${input}::jsonb) as l(invite_id integer, token_hash text)
  `);
}

/**
 * In `tx`: makes `tokenHash` the invite's only link — the older links stop working: re-sending
 * or copying a link leaves one live token. Locks the invite row first, so two concurrent calls
 * leave exactly one link.
 */
export async function replaceInviteLinks(
  tx: Tx,
  inviteId: number,
  tokenHash: string,
): Promise<void> {
  await tx.select({ id: invites.id }).from(invites).where(eq(invites.id, inviteId)).for('update');
  await tx.delete(inviteLinks).where(eq(inviteLinks.inviteId, inviteId));
  await insertInviteLink(tx, inviteId, tokenHash);
}

/** Deletes every link of the invites `ids` (their emailed links stop working). One statement. */
export async function deleteInviteLinks(tx: Tx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.delete(inviteLinks).where(inJsonList(inviteLinks.inviteId, ids, 'int'));
}

/**
 * In `tx`: sets the expiry of the invites `ids` to `expirationDate` (the update locks their rows
 * until the transaction ends) and answers them as they are then, with organization and group
 * names. Two statements whatever their number.
 */
export async function renewInviteRows(
  tx: Tx,
  ids: readonly number[],
  expirationDate: Date,
): Promise<InviteRow[]> {
  if (ids.length === 0) return [];
  await tx
    .update(invites)
    .set({ expirationDate })
    .where(inJsonList(invites.id, ids, 'int'));
  return selectInvites(tx).where(inJsonList(invites.id, ids, 'int'));
}

/**
 * Of `emails` (lower-cased, as stored), those that are a user's — any user, deleted ones too:
 * the email of a user cannot be invited (000 §2.7) — each with the user's organization id (null
 * for an admin). One statement.
 */
export async function userEmailsAmong(
  db: Db | Tx,
  emails: readonly string[],
): Promise<Map<string, number | null>> {
  if (emails.length === 0) return new Map();
  const rows = await db
    .select({ email: users.email, organizationId: users.organizationId })
    .from(users)
    .where(inJsonList(users.email, emails, 'text'));
  return new Map(rows.map((r) => [r.email, r.organizationId]));
}

/**
 * The organization's open (not accepted) invites for any of `emails`, expired ones included, the
 * newest first; `lock`: `FOR UPDATE` (in the transaction that renews them). One statement.
 */
export async function openInvitesForEmails(
  db: Db | Tx,
  organizationId: number,
  emails: readonly string[],
  { lock = false }: { lock?: boolean } = {},
): Promise<InviteRow[]> {
  if (emails.length === 0) return [];
  const query = selectInvites(db)
    .where(
      and(
        eq(invites.organizationId, organizationId),
        isNull(invites.acceptedAt),
        inJsonList(invites.email, emails, 'text'),
      ),
    )
    .orderBy(desc(invites.id));
  return lock ? query.for('update', { of: invites }) : query;
}

/** A new invite of a batch (`insertInvites`); the batch gives organization, sender and expiry. */
export interface NewInvite {
  firstName: string;
  lastName: string;
  email: string;
  roleId: number;
  groupId: number | null;
}

/**
 * Inserts `rows` as new invites of `organizationId`, sent by `createdById`, expiring at
 * `expirationDate`, in one statement (the rows as one JSON parameter); answers their ids with
 * their emails (an email is once in a batch, so callers match ids by email).
 */
export async function insertInvites(
  tx: Tx,
  rows: readonly NewInvite[],
  batch: { organizationId: number; createdById: number; expirationDate: Date },
): Promise<{ id: number; email: string }[]> {
  if (rows.length === 0) return [];
  const input = JSON.stringify(
    rows.map((r) => ({
      first_name: r.firstName,
      last_name: r.lastName,
      email: r.email,
      role_id: r.roleId,
      group_id: r.groupId,
    })),
  );
  const inserted = await executeRows<{ id: number; email: string }>(
    tx,
    sql`
      insert into ${invites} (first_name, last_name, email, role_id, organization_id, group_id, created_by_id, expiration_date)
      select r.first_name, r.last_name, r.email, r.role_id, ${batch.organizationId}, r.group_id,
        ${batch.createdById}, ${batch.expirationDate.toISOString()}::timestamptz
      from jsonb_to_recordset(${input}::jsonb)
        as r(first_name text, last_name text, email text, role_id smallint, group_id integer)
      returning id, email
    `,
  );
  return inserted.map((r) => ({ id: Number(r.id), email: r.email }));
}

/** Of the group ids, those of the organization. One statement. */
export async function groupIdsOfOrganization(
  db: Db | Tx,
  organizationId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.organizationId, organizationId), inJsonList(groups.id, ids, 'int')));
  return new Set(rows.map((r) => r.id));
}
