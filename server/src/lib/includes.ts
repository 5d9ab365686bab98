/**
 * The `includes` query option of 000 §7 (`GET /groups`, `GET /groups/{id}`, `GET /users/{id}`,
 * `GET /users/{id}/groups`, `GET /organizations/{id}/groups`): names of relations to embed,
 * comma-joined (`includes=users,groups`), repeated (`includes=users&includes=groups`) or both.
 */
import { z } from 'zod';
import { queryNamesSchema } from '@practica/contract';

/** Query `{includes?}`: the names, lower-cased (see `queryNamesSchema`). */
export const includesQuerySchema = z.object({ includes: queryNamesSchema });

/** True when the parsed `includes` names `name`. */
export function includesName(includes: readonly string[] | undefined, name: string): boolean {
  return includes?.includes(name) ?? false;
}

/** True when `includes` names `users`, or the contract's `includeUsers=true` was given. */
export function includesUsers(query: {
  includes?: readonly string[] | undefined;
  includeUsers?: boolean | undefined;
}): boolean {
  return query.includeUsers === true || includesName(query.includes, 'users');
}
