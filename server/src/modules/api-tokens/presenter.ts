/**
 * API tokens on the wire (decisions.md#api-tokens): rows to the contract's `ApiToken`; the secret
 * appears only in the create answer (`CreatedApiToken`), never in a list.
 */
import { messages, type ApiToken, type ApiTokenScope } from '@practica/contract';
import type { ApiTokenRow } from './repository.js';

/** One token as listed: its prefix, never its secret; times as ISO 8601. */
export function presentApiToken(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    organizationId: row.organizationId,
    name: row.name,
    scopes: row.scopes as ApiTokenScope[],
    prefix: row.prefix,
    createdBy: {
      id: row.createdById,
      name:
        row.creatorFirstName === null
          ? messages.deletedUser
          : `${row.creatorFirstName} ${row.creatorLastName ?? ''}`.trim(),
    },
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}
