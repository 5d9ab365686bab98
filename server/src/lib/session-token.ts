/**
 * Session tokens (DECISIONS.md 'Sessions and tokens'): HS256 JWTs carrying the user id (`sub`) and
 * the user's token version (`tv`); lifetime from config (12 hours by default).
 */
import { createSecretKey, type KeyObject } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export interface SessionClaims {
  userId: number;
  tokenVersion: number;
}

const issuer = 'practica';
const audience = 'practica-console';

/**
 * The secret as a key object, made once per secret: jose would otherwise import the raw bytes as a
 * key on every call, which showed as a measurable share of each request's CPU in the benchmark.
 */
const keys = new WeakMap<Uint8Array, KeyObject>();
function keyOf(secret: Uint8Array): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(secret);
    keys.set(secret, key);
  }
  return key;
}

/** Signs a session token for `claims`, valid `ttlSeconds` from now. */
export async function signSessionToken(
  secret: Uint8Array,
  claims: SessionClaims,
  ttlSeconds: number,
): Promise<string> {
  return new SignJWT({ tv: claims.tokenVersion })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuer(issuer)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(keyOf(secret));
}

/**
 * Verifies signature (HS256 only: `alg: none` and other algorithms are refused), issuer, audience
 * and expiry (required). Returns the claims, or null for any invalid token.
 */
export async function verifySessionToken(
  secret: Uint8Array,
  token: string,
): Promise<SessionClaims | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ['HS256'],
      issuer,
      audience,
      requiredClaims: ['exp', 'sub', 'tv'],
    });
    const userId = Number(payload.sub);
    const tokenVersion = payload['tv'];
    if (!Number.isInteger(userId) || userId <= 0 || typeof tokenVersion !== 'number') return null;
    return { userId, tokenVersion };
  } catch {
    return null;
  }
}
