/**
 * Password hashing with argon2id at the OWASP-recommended cost (m = 19 MiB, t = 2, p = 1).
 */
import { hash, verify } from '@node-rs/argon2';

const options = {
  algorithm: 2 /* Argon2id */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** Hashes `password`; returns the PHC string (`$argon2id$v=19$m=19456,t=2,p=1$…`). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

/** True when `password` matches `phc`; a malformed hash counts as no match. */
export async function verifyPassword(phc: string, password: string): Promise<boolean> {
  try {
    return await verify(phc, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/** Spends the time of one verification so that an unknown email answers as slowly as a wrong password. */
export async function burnVerification(password: string): Promise<void> {
  dummy ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummy, password);
}
