/**
 * What single sign-on does once a provider vouched for an email, whatever the protocol
 * (decisions.md#single-sign-on): OpenID Connect (service.ts) and SAML 2.0 (saml.ts) both end in
 * `sessionForVerifiedEmail`. It finds the account by the email in the organization — or creates
 * it from a pending invite (invites' `acceptPendingInvite`, its seat rule) or, when the
 * organization allows it, just in time (a seat checked as at every other way in, the role from
 * the role claim's mapping) — and answers a session token exactly like a password sign-in's.
 * Every refusal is an `SsoFailure` with the code the sign-in page shows; a refusal writes nothing.
 */
import { randomBytes } from 'node:crypto';
import { Role, messages, ssoErrorMessages, type SsoErrorCode } from '@practica/contract';
import type { Db } from '../../db/client.js';
import { AppError, ConflictError } from '../../errors.js';
import { hashPassword } from '../../lib/password.js';
import { signSessionToken } from '../../lib/session-token.js';
import { acceptPendingInvite, findPendingInviteForEmail } from '../invites/index.js';
import { lockOrganization, requireTraineeSeat } from '../organizations/index.js';
import { accountCanAct, findAccountByEmail, findAccountById } from '../users/index.js';
import { insertJitUser, type SsoRow } from './repository.js';

/** What the settings and the flow need from the app. */
export interface SsoDeps {
  db: Db;
  jwtSecret: string;
  publicUrl: string;
  sessionTtlSeconds: number;
}

/** A refused sign-in: `code` is what the callback hands to the sign-in page. */
export class SsoFailure extends Error {
  constructor(
    readonly code: SsoErrorCode,
    cause?: unknown,
  ) {
    super(ssoErrorMessages[code], { cause });
  }
}

/** The role a just-in-time account gets: the first mapped value of the role claim, else Trainee. */
function roleFromClaims(row: SsoRow, claims: Record<string, unknown>): number {
  if (!row.roleClaim) return Role.Trainee;
  const raw = claims[row.roleClaim];
  const values = (Array.isArray(raw) ? raw : [raw]).map(String);
  const hit = row.roleMap.find((entry) => values.includes(entry.value));
  return hit?.roleId ?? Role.Trainee;
}

/** First and last name from the claims (given/family name, else name, else the email's local part). */
function namesOf(claims: Record<string, unknown>, email: string) {
  const text = (v: unknown) => (typeof v === 'string' ? v.trim().slice(0, 100) : '');
  const [first, ...rest] = text(claims.name).split(/\s+/);
  return {
    firstName: text(claims.given_name) || first || email.split('@')[0]!.slice(0, 100),
    lastName: text(claims.family_name) || rest.join(' '),
  };
}

/** A password no one knows, for an account made by sign-on (a reset link sets a real one). */
const unusablePasswordHash = () => hashPassword(randomBytes(32).toString('base64url'));

/**
 * The id of the account `email` signs in as in the organization of `row`: the existing account
 * (refused when of another organization or unable to act), else one made from a pending invite,
 * else — when the organization allows it — a just-in-time one. Seats are checked as accepting an
 * invite does; a refusal writes nothing.
 */
async function accountFor(
  deps: SsoDeps,
  row: SsoRow,
  email: string,
  claims: Record<string, unknown>,
): Promise<number> {
  const account = await findAccountByEmail(deps.db, email);
  if (account) {
    if (account.organizationId !== row.organizationId) throw new SsoFailure('other_organization');
    if (!accountCanAct(account)) throw new SsoFailure('deactivated');
    return account.id;
  }
  const names = namesOf(claims, email);
  const invite = await findPendingInviteForEmail(deps.db, row.organizationId, email);
  try {
    if (invite)
      return await acceptPendingInvite(deps.db, invite, {
        ...names,
        passwordHash: await unusablePasswordHash(),
      });
    if (!row.jitEnabled) throw new SsoFailure('unknown_user');
    const roleId = roleFromClaims(row, claims);
    const passwordHash = await unusablePasswordHash();
    return await deps.db.transaction(async (tx) => {
      const org = await lockOrganization(tx, row.organizationId);
      if (!org?.active) throw new SsoFailure('deactivated');
      if (roleId === Role.Trainee) await requireTraineeSeat(tx, org);
      return insertJitUser(tx, {
        email,
        ...names,
        roleId,
        organizationId: org.id,
        passwordHash,
      });
    });
  } catch (error) {
    if (error instanceof SsoFailure) throw error;
    if (error instanceof ConflictError && error.message === messages.noTraineeSeatsLeft)
      throw new SsoFailure('no_seats', error);
    if (error instanceof AppError) throw new SsoFailure('flow_invalid', error);
    throw error;
  }
}

/**
 * The session of `email`, which the organization's provider (settings `row`) vouched for, with
 * `claims` in OpenID Connect's names (given_name, family_name, name, and the role claim): the
 * account as `accountFor` finds or makes it, which must be able to act. Answers a session token
 * as POST /auth does (`sessionTtlSeconds`), or throws SsoFailure.
 */
export async function sessionForVerifiedEmail(
  deps: SsoDeps,
  row: SsoRow,
  email: string,
  claims: Record<string, unknown>,
): Promise<string> {
  const userId = await accountFor(deps, row, email, claims);
  const account = await findAccountById(deps.db, userId);
  if (!account || !accountCanAct(account)) throw new SsoFailure('deactivated');
  return signSessionToken(
    new TextEncoder().encode(deps.jwtSecret),
    { userId: account.id, tokenVersion: account.tokenVersion },
    deps.sessionTtlSeconds,
  );
}
