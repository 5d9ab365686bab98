/**
 * Password hashing with argon2id at the OWASP-recommended cost (m = 19 MiB, t = 2, p = 1;
 * decisions.md#sessions-and-secrets §6). The one place hashing reads its cost: PASSWORD_HASH_COST
 * (settings/password-hash.ts), which only a test run (NODE_ENV=test) may lower.
 */
import { hash, verify } from '@node-rs/argon2';
import { passwordHashCostFrom, passwordHashParameters } from '../settings/password-hash.js';

/**
 * The argon2id options of this process's cost, read from the environment at each hash (a test
 * file may switch back to the standard cost). Throws when PASSWORD_HASH_COST=test outside a test run.
 */
function hashOptions() {
  const cost = passwordHashCostFrom(process.env['PASSWORD_HASH_COST'], process.env['NODE_ENV']);
  return { algorithm: 2 /* Argon2id */, ...passwordHashParameters[cost] } as const;
}

/**
 * Hashes `password`; returns the PHC string (`$argon2id$v=19$m=19456,t=2,p=1$…`). Rejects when
 * PASSWORD_HASH_COST asks for the test cost outside a test run.
 */
export async function hashPassword(password: string): Promise<string> {
  return hash(password, hashOptions());
}

/** True when `password` matches `phc` (at the parameters `phc` names); a malformed hash counts as no match. */
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
