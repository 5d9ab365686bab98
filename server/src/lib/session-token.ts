/**
 * Session tokens (decisions.md#sessions-and-tokens): HS256 JWTs carrying the user id (`sub`) and
 * the user's token version (`tv`); lifetime from config (12 hours by default).
 */
import { createSecretKey, type KeyObject } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { LRUCache } from 'lru-cache';

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

/** A verified token's claims and its expiry (seconds since the epoch, the JWT's `exp`). */
interface Verified {
  claims: SessionClaims;
  exp: number;
}

/**
 * Tokens whose signature, issuer and audience were already verified, per secret. Every console
 * request carries the same token, so jose's HMAC check (through WebCrypto) runs once per token
 * rather than on every request. Only a token that passed `jwtVerify` is stored, the
 * key is the whole token text (any edited byte misses), and expiry is checked again on every hit.
 * Revocation is unaffected: the account's token version is checked against the database on every
 * request (plugins/auth.ts).
 */
const verifiedTokens = new WeakMap<Uint8Array, LRUCache<string, Verified>>();
const maxCachedTokens = 10_000;

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
  let cache = verifiedTokens.get(secret);
  if (!cache) {
    cache = new LRUCache<string, Verified>({ max: maxCachedTokens });
    verifiedTokens.set(secret, cache);
  }
  const hit = cache.get(token);
  if (hit) {
    if (hit.exp > Math.floor(Date.now() / 1000)) return hit.claims;
    cache.delete(token);
    return null;
  }
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
    const claims = { userId, tokenVersion };
    // jose required `exp` to be a number in the future.
    cache.set(token, { claims, exp: payload.exp as number });
    return claims;
  } catch {
    return null;
  }
}
