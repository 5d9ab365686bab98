/**
 * The secrets and signatures of webhooks (decisions.md#webhooks §3; operations.md 'Webhooks'):
 *
 * - An endpoint's secret is `whsec_` and 32 random bytes in base64url, shown once when the
 *   endpoint is created. It is stored encrypted with AES-256-GCM under a key derived from
 *   JWT_SECRET (HKDF-SHA256), as `<iv>.<tag>.<ciphertext>` in base64url: the worker must sign with
 *   it, so a hash would not do, and a copy of the table alone signs nothing.
 * - A delivery carries `Practica-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret,
 *   "<t>.<body>")>`, as Stripe signs its events; the receiver recomputes it over the raw body.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/** The marker every webhook secret starts with. */
export const webhookSecretMarker = 'whsec_';

/** A new signing secret: `whsec_` and 32 random bytes in base64url. */
export function newWebhookSecret(): string {
  return `${webhookSecretMarker}${randomBytes(32).toString('base64url')}`;
}

/** The 32-byte AES key of the secrets, derived from the server's JWT_SECRET. */
function keyOf(serverSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'practica', 'webhook endpoint secrets', 32));
}

/** Encrypts `secret` (AES-256-GCM, a random 12-byte IV) for the table; answers `iv.tag.data` in base64url. */
export function encryptSecret(secret: string, serverSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(serverSecret), iv);
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
}

/**
 * The secret `encryptSecret` stored. Throws when the value was altered or JWT_SECRET changed
 * since (the endpoint then needs a new secret: delete it and create it again).
 */
export function decryptSecret(stored: string, serverSecret: string): string {
  const [iv, tag, data] = stored.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !data) throw new Error('malformed webhook secret');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(serverSecret), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
}

/** The `Practica-Signature` header of `body` signed with `secret` at `timestampS` (unix seconds). */
export function signatureHeader(secret: string, body: string, timestampS: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestampS}.${body}`).digest('hex');
  return `t=${timestampS},v1=${v1}`;
}
