/**
 * The SQL of single sign-on (decisions.md#single-sign-on, tables `organization_sso` and
 * `saml_message_ids`): one organization's settings, the organization an email domain routes to,
 * the save, the insert of a just-in-time account, and the SAML request and assertion ids that
 * every copy of the server shares (times by the database's clock).
 */
import { and, eq, gt, lte, ne, sql } from 'drizzle-orm';
import { organizationSso, organizations, samlMessageIds } from '../../db/schema/index.js';
import type { Db, Tx } from '../../db/client.js';
import { insertAccount } from '../users/index.js';

/** One organization's stored settings (the secret still sealed). */
export type SsoRow = typeof organizationSso.$inferSelect;

/** The organization's settings, or undefined when none are saved. One statement. */
export async function findSsoSettings(db: Db, organizationId: number): Promise<SsoRow | undefined> {
  const [row] = await db
    .select()
    .from(organizationSso)
    .where(eq(organizationSso.organizationId, organizationId))
    .limit(1);
  return row;
}

/** The settings of the active organization that routes email `domain`, or undefined. */
export async function findSsoForDomain(db: Db, domain: string): Promise<SsoRow | undefined> {
  const [row] = await db
    .select({ sso: organizationSso })
    .from(organizationSso)
    .innerJoin(organizations, eq(organizations.id, organizationSso.organizationId))
    .where(
      and(eq(organizations.active, true), sql`${domain} = any(${organizationSso.emailDomains})`),
    )
    .limit(1);
  return row?.sso;
}

/** The domains of `domains` another organization already routes. One statement. */
export async function domainsTakenElsewhere(
  db: Db,
  organizationId: number,
  domains: readonly string[],
): Promise<string[]> {
  if (domains.length === 0) return [];
  const rows = await db
    .select({ domains: organizationSso.emailDomains })
    .from(organizationSso)
    .where(ne(organizationSso.organizationId, organizationId));
  const taken = new Set(rows.flatMap((r) => r.domains));
  return domains.filter((d) => taken.has(d));
}

/** What a save writes; a field left undefined keeps the stored value (a new row: its default). */
export type SsoWrite = Partial<Omit<SsoRow, 'organizationId' | 'updatedAt'>>;

/** Inserts or updates the organization's settings at `now`. One statement. */
export async function upsertSsoSettings(
  db: Db,
  organizationId: number,
  write: SsoWrite,
  now: Date,
): Promise<void> {
  const values = { issuer: '', clientId: '', ...write, organizationId, updatedAt: now };
  await db
    .insert(organizationSso)
    .values(values)
    .onConflictDoUpdate({
      target: organizationSso.organizationId,
      set: { ...write, updatedAt: now },
    });
}

/** A just-in-time account: the verified email, names, role, organization; no usable password. */
export interface JitUser {
  email: string;
  firstName: string;
  lastName: string;
  roleId: number;
  organizationId: number;
  passwordHash: string;
}

/** Inserts the account in `tx` (the caller holds the organization lock); answers its id. */
export async function insertJitUser(tx: Tx, user: JitUser): Promise<number> {
  return insertAccount(tx, user);
}

/** What `saml_message_ids` keeps: a request we sent, or an assertion we accepted. */
type SamlMessageKind = (typeof samlMessageIds.$inferSelect)['kind'];

const messageOf = (kind: SamlMessageKind, organizationId: number, messageId: string) =>
  and(
    eq(samlMessageIds.kind, kind),
    eq(samlMessageIds.organizationId, organizationId),
    eq(samlMessageIds.messageId, messageId),
  );

/**
 * Remembers the AuthnRequest `requestId` sent for the organization for `lifetimeSeconds`, and
 * removes the rows that expired (of any organization). Two statements.
 */
export async function rememberSamlRequest(
  db: Db,
  organizationId: number,
  requestId: string,
  lifetimeSeconds: number,
): Promise<void> {
  await db.delete(samlMessageIds).where(lte(samlMessageIds.expiresAt, sql`now()`));
  await db
    .insert(samlMessageIds)
    .values({
      kind: 'request',
      organizationId,
      messageId: requestId,
      expiresAt: sql`now() + make_interval(secs => ${lifetimeSeconds})`,
    })
    .onConflictDoNothing();
}

/** Whether the organization's AuthnRequest `requestId` is remembered and not expired. */
export async function samlRequestPending(
  db: Db,
  organizationId: number,
  requestId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: samlMessageIds.messageId })
    .from(samlMessageIds)
    .where(
      and(
        messageOf('request', organizationId, requestId),
        gt(samlMessageIds.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Takes the organization's AuthnRequest `requestId` once: true for the one caller that removed a
 * remembered, unexpired request; false for an unknown, expired or already answered one.
 */
export async function takeSamlRequest(
  db: Db,
  organizationId: number,
  requestId: string,
): Promise<boolean> {
  const rows = await db
    .delete(samlMessageIds)
    .where(
      and(
        messageOf('request', organizationId, requestId),
        gt(samlMessageIds.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: samlMessageIds.messageId });
  return rows.length > 0;
}

/**
 * Records the accepted assertion `assertionId` of the organization until `expiresAt` (its
 * NotOnOrAfter): true the first time, false when it was recorded before (a replay). One
 * statement.
 */
export async function recordSamlAssertion(
  db: Db,
  organizationId: number,
  assertionId: string,
  expiresAt: Date,
): Promise<boolean> {
  const rows = await db
    .insert(samlMessageIds)
    .values({ kind: 'assertion', organizationId, messageId: assertionId, expiresAt })
    .onConflictDoNothing()
    .returning({ id: samlMessageIds.messageId });
  return rows.length > 0;
}
