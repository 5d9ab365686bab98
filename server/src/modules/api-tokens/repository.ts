/**
 * The SQL of API tokens (decisions.md#api-tokens, table `api_tokens`): insert, the organization's
 * list, one token, revoke, the lookup by hash at every token request and the last-use stamp.
 */
import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import { apiTokens, organizations, users } from '../../db/schema/index.js';
import type { Db } from '../../db/client.js';
import type { ApiTokenScope } from '@practica/contract';

/** A token as listed, with its creator's name (null once erased; the token goes with them). */
export interface ApiTokenRow {
  id: number;
  organizationId: number;
  name: string;
  scopes: string[];
  prefix: string;
  createdById: number;
  creatorFirstName: string | null;
  creatorLastName: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
}

const listColumns = {
  id: apiTokens.id,
  organizationId: apiTokens.organizationId,
  name: apiTokens.name,
  scopes: apiTokens.scopes,
  prefix: apiTokens.prefix,
  createdById: apiTokens.createdById,
  creatorFirstName: users.firstName,
  creatorLastName: users.lastName,
  createdAt: apiTokens.createdAt,
  lastUsedAt: apiTokens.lastUsedAt,
  expiresAt: apiTokens.expiresAt,
};

/** What creating a token stores (the hash of the secret, never the secret). */
export interface NewApiToken {
  organizationId: number;
  name: string;
  scopes: readonly ApiTokenScope[];
  tokenHash: string;
  prefix: string;
  createdById: number;
  expiresAt: Date | null;
}

/** Inserts a token; answers its id. One statement. */
export async function insertApiToken(db: Db, token: NewApiToken): Promise<number> {
  const [row] = await db
    .insert(apiTokens)
    .values({ ...token, scopes: [...token.scopes] })
    .returning({ id: apiTokens.id });
  return row!.id;
}

/** The organization's tokens that are not revoked, newest first (expired ones included). */
export function listApiTokens(db: Db, organizationId: number): Promise<ApiTokenRow[]> {
  return db
    .select(listColumns)
    .from(apiTokens)
    .leftJoin(users, eq(users.id, apiTokens.createdById))
    .where(and(eq(apiTokens.organizationId, organizationId), isNull(apiTokens.revokedAt)))
    .orderBy(desc(apiTokens.id));
}

/** One token of the organization, not revoked; undefined otherwise. */
export async function findApiToken(
  db: Db,
  organizationId: number,
  tokenId: number,
): Promise<ApiTokenRow | undefined> {
  const [row] = await db
    .select(listColumns)
    .from(apiTokens)
    .leftJoin(users, eq(users.id, apiTokens.createdById))
    .where(
      and(
        eq(apiTokens.id, tokenId),
        eq(apiTokens.organizationId, organizationId),
        isNull(apiTokens.revokedAt),
      ),
    )
    .limit(1);
  return row;
}

/** Revokes the token `tokenId` (if not revoked already) at `now`. */
export async function revokeApiToken(db: Db, tokenId: number, now: Date): Promise<void> {
  await db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(eq(apiTokens.id, tokenId), isNull(apiTokens.revokedAt)));
}

/** What a token request needs to judge the token: its row and its organization's active flag. */
export interface TokenForUse {
  id: number;
  organizationId: number;
  organizationActive: boolean;
  name: string;
  prefix: string;
  scopes: string[];
  createdById: number;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  expiresAt: Date | null;
}

/** The token whose SHA-256 is `tokenHash` (hex), revoked or not; undefined when none. One statement. */
export async function findTokenByHash(db: Db, tokenHash: string): Promise<TokenForUse | undefined> {
  const [row] = await db
    .select({
      id: apiTokens.id,
      organizationId: apiTokens.organizationId,
      organizationActive: organizations.active,
      name: apiTokens.name,
      prefix: apiTokens.prefix,
      scopes: apiTokens.scopes,
      createdById: apiTokens.createdById,
      lastUsedAt: apiTokens.lastUsedAt,
      revokedAt: apiTokens.revokedAt,
      expiresAt: apiTokens.expiresAt,
    })
    .from(apiTokens)
    .innerJoin(organizations, eq(organizations.id, apiTokens.organizationId))
    .where(eq(apiTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/**
 * Stamps the token's last use at `now` unless it was stamped less than `intervalMs` ms before
 * (the condition is in the statement, so two copies of the server racing write once).
 */
export async function touchApiToken(
  db: Db,
  tokenId: number,
  now: Date,
  intervalMs: number,
): Promise<void> {
  const since = new Date(now.getTime() - intervalMs);
  await db
    .update(apiTokens)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(apiTokens.id, tokenId),
        or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, since)),
      ),
    );
}
