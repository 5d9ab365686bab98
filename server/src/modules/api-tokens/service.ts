/**
 * API tokens (decisions.md#api-tokens): an organization's tokens are listed, created and revoked
 * by an Admin or a Manager of the organization (`apiToken:manage`; another organization's are a
 * 404, as a missing one), and every request made with one is judged here.
 *
 * A token is `pra_` and 32 random bytes in base64url. Only its SHA-256 is stored, and a request's
 * token is found by that hash: 256 random bits need no slow password hash (argon2 would only cost
 * CPU at every call), the hash only keeps a leaked table from being usable as tokens.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  Role,
  apiTokenLastUseIntervalMs,
  apiTokenScopes,
  type Actor,
  type ApiTokenList,
  type ApiTokenScope,
  type CreatedApiToken,
} from '@practica/contract';
import type { Db } from '../../db/client.js';
import { NotFoundError } from '../../errors.js';
import { recordAudit } from '../audit/index.js';
import { loadOrganizationFor } from '../organizations/index.js';
import { accountCanAct, findAccountById } from '../users/index.js';
import { presentApiToken } from './presenter.js';
import {
  findApiToken,
  findTokenByHash,
  insertApiToken,
  listApiTokens,
  revokeApiToken,
  touchApiToken,
} from './repository.js';

/** The marker every API token starts with (a session's JWT never does). */
export const apiTokenMarker = 'pra_';

/** How many characters of a token are kept and shown to tell tokens apart ('pra_' and 6). */
const prefixLength = 10;

/** Whether a bearer value is an API token rather than a session's JWT. */
export function isApiToken(bearer: string): boolean {
  return bearer.startsWith(apiTokenMarker);
}

/** The hex SHA-256 of a token, as stored. */
function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * GET /organizations/{id}/api-tokens: the organization's tokens not revoked, newest first. 404 for
 * a missing or another organization, 403 for a role that may not.
 */
export async function listApiTokensFor(
  db: Db,
  actor: Actor,
  organizationId: number,
): Promise<ApiTokenList> {
  await authorizeApiTokens(db, actor, organizationId);
  const rows = await listApiTokens(db, organizationId);
  return { list: rows.map(presentApiToken), count: rows.length };
}

/**
 * Who may manage the organization's tokens (the routes call it before the body is validated):
 * 404 for a missing or another organization, 403 for a role that may not.
 */
export async function authorizeApiTokens(
  db: Db,
  actor: Actor,
  organizationId: number,
): Promise<void> {
  await loadOrganizationFor(db, actor, organizationId, 'apiToken:manage');
}

/**
 * POST /organizations/{id}/api-tokens: makes a token (expiring `expiresInDays` days after `now`,
 * or never) and answers it with its secret, which is never shown again. Authorized first as
 * `authorizeApiTokens`.
 */
export async function createApiTokenFor(
  db: Db,
  actor: Actor,
  organizationId: number,
  body: { name: string; scopes: ApiTokenScope[]; expiresInDays?: number | null | undefined },
  now = new Date(),
): Promise<CreatedApiToken> {
  await authorizeApiTokens(db, actor, organizationId);
  const token = `${apiTokenMarker}${randomBytes(32).toString('base64url')}`;
  const scopes = apiTokenScopes.filter((s) => body.scopes.includes(s));
  const expiresAt =
    body.expiresInDays === undefined || body.expiresInDays === null
      ? null
      : new Date(now.getTime() + body.expiresInDays * 86_400_000);
  const id = await insertApiToken(db, {
    organizationId,
    name: body.name,
    scopes,
    tokenHash: hashOf(token),
    prefix: token.slice(0, prefixLength),
    createdById: actor.id,
    expiresAt,
  });
  const row = await findApiToken(db, organizationId, id);
  return { ...presentApiToken(row!), token };
}

/**
 * DELETE /organizations/{id}/api-tokens/{tokenId}: revokes the token; its next request is a 401.
 * 404 for a token that is missing, revoked already or of another organization.
 */
export async function revokeApiTokenFor(
  db: Db,
  actor: Actor,
  organizationId: number,
  tokenId: number,
  now = new Date(),
): Promise<void> {
  await authorizeApiTokens(db, actor, organizationId);
  const row = await findApiToken(db, organizationId, tokenId);
  if (!row) throw new NotFoundError();
  await revokeApiToken(db, tokenId, now);
}

/** A token request's actor and the token's last use when the request began. */
export interface ApiTokenSession {
  actor: Actor;
  lastUsedAt: Date | null;
}

/**
 * The actor of a request that came with the API token `token` (with the token's last use, which
 * `recordApiTokenUse` is handed back), or null when the token is unknown,
 * revoked or expired at `now`, its organization inactive, or its creator can no longer act
 * (deactivated, deleted) or manage that organization (neither an Admin nor a Manager of it): a
 * Manager of the token's organization whose `id` is the creator's, limited by the policy to the
 * token's scopes (`apiToken`). Two statements: the token, then its creator.
 */
export async function authenticateApiToken(
  db: Db,
  token: string,
  now = new Date(),
): Promise<ApiTokenSession | null> {
  const row = await findTokenByHash(db, hashOf(token));
  if (!row || row.revokedAt !== null || !row.organizationActive) return null;
  if (row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime()) return null;
  const creator = await findAccountById(db, row.createdById);
  if (!creator || !accountCanAct(creator)) return null;
  const manages =
    creator.roleId === Role.Admin ||
    (creator.roleId === Role.Manager && creator.organizationId === row.organizationId);
  if (!manages) return null;
  const actor: Actor = {
    id: creator.id,
    roleId: Role.Manager,
    organizationId: row.organizationId,
    creator: false,
    apiToken: {
      id: row.id,
      name: row.name,
      prefix: row.prefix,
      scopes: apiTokenScopes.filter((s) => row.scopes.includes(s)),
    },
  };
  return { actor, lastUsedAt: row.lastUsedAt };
}

/** What a token's request did: its method, route pattern ('/api/answers') and status. */
export interface ApiTokenUse {
  method: string;
  route: string;
  status: number;
}

/**
 * Records one request of a token's `actor` (from `authenticateApiToken`): an `apiToken.used`
 * audit event (the token's id, name and prefix, the route and status; the actor is its creator)
 * and the token's last use at `now`, written at most once a minute per token
 * (`apiTokenLastUseIntervalMs`; skipped without a statement when the session's `lastUsedAt` is
 * recent). Nothing for an actor without a token.
 */
export async function recordApiTokenUse(
  db: Db,
  { actor, lastUsedAt }: ApiTokenSession,
  use: ApiTokenUse,
  now = new Date(),
): Promise<void> {
  const token = actor.apiToken;
  if (!token || actor.organizationId === null) return;
  const stale = !lastUsedAt || now.getTime() - lastUsedAt.getTime() >= apiTokenLastUseIntervalMs;
  await Promise.all([
    recordAudit(db, [
      {
        organizationId: actor.organizationId,
        assignmentId: null,
        actorId: actor.id,
        action: 'apiToken.used',
        after: {
          tokenId: token.id,
          tokenName: token.name,
          tokenPrefix: token.prefix,
          method: use.method,
          route: use.route,
          status: use.status,
        },
      },
    ]),
    stale ? touchApiToken(db, token.id, now, apiTokenLastUseIntervalMs) : undefined,
  ]);
}
