/**
 * The SQL of single sign-on (decisions.md#single-sign-on, table `organization_sso`): one
 * organization's settings, the organization an email domain routes to, the save, and the insert
 * of a just-in-time account.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { organizationSso, organizations } from '../../db/schema/index.js';
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

/** What a save writes; `clientSecretEncrypted` undefined keeps the stored one. */
export type SsoWrite = Omit<SsoRow, 'organizationId' | 'updatedAt' | 'clientSecretEncrypted'> & {
  clientSecretEncrypted?: string | null | undefined;
};

/** Inserts or replaces the organization's settings at `now`. One statement. */
export async function upsertSsoSettings(
  db: Db,
  organizationId: number,
  write: SsoWrite,
  now: Date,
): Promise<void> {
  const values = { ...write, organizationId, updatedAt: now };
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
