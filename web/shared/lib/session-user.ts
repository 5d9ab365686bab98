/**
 * The check of the session user kept in local storage (000 §3 'Logged-in user'), written out so the
 * first page needs no schema code: it accepts exactly what the contract's `sessionUserSchema`
 * accepts and, like it, keeps only the session fields (session-user.test.ts holds the two together).
 */
import { roleIds, type RoleId, type SessionUser } from '@practica/contract';

type Check = (value: unknown) => boolean;

const isString: Check = (value) => typeof value === 'string';
const isId: Check = (value) => Number.isSafeInteger(value) && (value as number) > 0;
const orNull =
  (check: Check): Check =>
  (value) =>
    value === null || check(value);
const isRoleId: Check = (value) => roleIds.includes(value as RoleId);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isOrganization: Check = (value) => isRecord(value) && isId(value.id) && isString(value.name);

/** One check per field of `SessionUser`: TypeScript fails here when the contract adds a field. */
const fieldChecks: { [K in keyof SessionUser]-?: Check } = {
  id: isId,
  firstName: isString,
  lastName: isString,
  roleId: isRoleId,
  role: isString,
  organization: orNull(isOrganization),
  organizationId: orNull(isId),
  email: isString,
  phoneNumber: orNull(isString),
  creator: (value) => typeof value === 'boolean',
  imageUrl: orNull(isString),
};

const fields = Object.keys(fieldChecks) as (keyof SessionUser)[];

/**
 * The session user in `value` (its session fields only), or null when a field is missing or of the
 * wrong type.
 */
export function toSessionUser(value: unknown): SessionUser | null {
  if (!isRecord(value)) return null;
  for (const field of fields) {
    if (!fieldChecks[field](value[field])) return null;
  }
  const organization = value.organization as SessionUser['organization'];
  const user = Object.fromEntries(fields.map((field) => [field, value[field]])) as SessionUser;
  user.organization = organization && { id: organization.id, name: organization.name };
  return user;
}
