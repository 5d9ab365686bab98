/**
 * Sign-in (000 §2.3, §7 POST /auth; decisions.md#api, 'Sessions and tokens').
 */
import { messages, type LoginAnswer, type LoginBody } from '@practica/contract';
import type { Db } from '../../db/client.js';
import { RateLimitedError, ValidationError } from '../../errors.js';
import type { AttemptLimiter } from '../../lib/attempt-limiter.js';
import { burnVerification, verifyPassword } from '../../lib/password.js';
import { signSessionToken } from '../../lib/session-token.js';
import { accountCanAct, findAccountByEmail } from '../users/index.js';
import { presentSessionUser } from './presenter.js';

export interface AuthDeps {
  db: Db;
  secret: Uint8Array;
  sessionTtlSeconds: number;
  failedLogins: AttemptLimiter;
}

/**
 * Checks the credentials and answers the session user with a fresh token.
 * Throws 400 messages.emailOrPasswordIncorrect for an unknown email, a wrong password, or an
 * account that may not act (deactivated, soft-deleted, inactive organization) — the same answer
 * for all, so accounts cannot be enumerated. Throws 429 after too many failures for the address.
 */
export async function login(deps: AuthDeps, body: LoginBody): Promise<LoginAnswer> {
  const key = body.email;
  const wait = await deps.failedLogins.retryAfterSeconds(key);
  if (wait > 0) throw new RateLimitedError(messages.tooManyRequests, wait);

  const account = await findAccountByEmail(deps.db, body.email);
  let valid = false;
  if (account) valid = await verifyPassword(account.passwordHash, body.password);
  else await burnVerification(body.password);

  if (!account || !valid || !accountCanAct(account)) {
    await deps.failedLogins.hit(key);
    throw new ValidationError(messages.emailOrPasswordIncorrect);
  }
  await deps.failedLogins.reset(key);
  const token = await signSessionToken(
    deps.secret,
    { userId: account.id, tokenVersion: account.tokenVersion },
    deps.sessionTtlSeconds,
  );
  return { ...presentSessionUser(account), token };
}
