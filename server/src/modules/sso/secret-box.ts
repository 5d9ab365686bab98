/**
 * The client secret at rest (decisions.md#single-sign-on §2): AES-256-GCM through node:crypto,
 * with a key derived from JWT_SECRET by HKDF-SHA256 (its own `info`, so the key is no session key).
 * A sealed value is base64url of iv (12 bytes) ‖ tag (16 bytes) ‖ ciphertext.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** The 32-byte key of `jwtSecret` for client secrets. */
export function secretBoxKey(jwtSecret: string): Buffer {
  return Buffer.from(
    hkdfSync('sha256', jwtSecret, 'practica', 'practica sso client secret v1', 32),
  );
}

/** Encrypts `plain` (UTF-8) under `key`; answers the sealed text. */
export function seal(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** Decrypts a `seal` answer; throws when it was altered or sealed under another key. */
export function open(key: Buffer, sealed: string): string {
  const bytes = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}
