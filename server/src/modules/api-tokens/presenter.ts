/**
 * API tokens on the wire (decisions.md#api-tokens): rows to the contract's `ApiToken`; the secret
 * appears only in the create answer (`CreatedApiToken`), never in a list.
 */
import type { ApiToken, ApiTokenScope } from '@practica/contract';
import type { ApiTokenRow } from './repository.js';
import { personName } from '../../lib/person-name.js';

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
      name: personName(row.creatorFirstName, row.creatorLastName),
    },
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}
