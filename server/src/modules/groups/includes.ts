/**
 * The `includes` query option of 000 §7 (`GET /groups`, `GET /users/{id}`, `GET /users/{id}/groups`):
 * comma-separated names of relations to embed, e.g. `includes=users` or `includes=groups`.
 */
import { z } from 'zod';

/** Query `{includes?}`: at most 100 characters of comma-separated names. */
export const includesQuerySchema = z.object({ includes: z.string().max(100).optional() });

/** True when the comma-separated `includes` names `name` (ignoring blanks around names). */
export function includesName(includes: string | undefined, name: string): boolean {
  return (includes ?? '')
    .split(',')
    .map((s) => s.trim())
    .includes(name);
}

/** True when `includes` names `users`, or the contract's `includeUsers=true` was given. */
export function includesUsers(query: {
  includes?: string | undefined;
  includeUsers?: boolean | undefined;
}): boolean {
  return query.includeUsers === true || includesName(query.includes, 'users');
}
