/**
 * The cost of password hashing (decisions.md#sessions-and-secrets §6): argon2id at the
 * OWASP-recommended parameters, which production, `npm start` and every CLI use. The variable
 * config.ts checks at start-up and lib/password.ts reads at each hash:
 *
 * - `PASSWORD_HASH_COST=standard` (the default): m = 19 MiB, t = 2, p = 1 (≈27 ms of CPU a hash
 *   or a verification).
 * - `test`: m = 8 KiB, t = 1, p = 1, for a test run only (the server's Vitest project sets it:
 *   each test file seeds and signs in accounts, and the full cost was CPU spent on nothing the
 *   tests check). Refused unless NODE_ENV=test: `loadConfig` throws a ConfigError, and
 *   `hashPassword` throws, so neither a server nor a CLI can store a cheap hash.
 *
 * A verification reads the parameters from the stored hash, so hashes of either cost verify.
 */
import { z } from 'zod';

/** The costs `PASSWORD_HASH_COST` names. */
export const passwordHashCosts = ['standard', 'test'] as const;
export type PasswordHashCost = (typeof passwordHashCosts)[number];

/** The environment variable of the hashing cost, with its default. */
export const passwordHashEnvShape = {
  PASSWORD_HASH_COST: z
    .enum(passwordHashCosts, { error: 'must be standard or test' })
    .default('standard'),
};

/** argon2id parameters: memory in KiB, passes, lanes. */
export interface PasswordHashParameters {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** The parameters of each cost; `standard` is what every stored production hash carries. */
export const passwordHashParameters: Readonly<Record<PasswordHashCost, PasswordHashParameters>> =
  Object.freeze({
    standard: Object.freeze({ memoryCost: 19_456, timeCost: 2, parallelism: 1 }),
    test: Object.freeze({ memoryCost: 8, timeCost: 1, parallelism: 1 }),
  });

/** The message of a low cost outside a test run. */
export const passwordHashCostRefused =
  'PASSWORD_HASH_COST=test is for test runs only (NODE_ENV=test); production hashes at the standard cost.';

/**
 * The cost `value` (a PASSWORD_HASH_COST, default standard) names under `nodeEnv`; throws an
 * Error (`passwordHashCostRefused`) for `test` unless `nodeEnv` is 'test', and for an unknown value.
 */
export function passwordHashCostFrom(
  value: string | undefined,
  nodeEnv: string | undefined,
): PasswordHashCost {
  const cost = value === undefined || value === '' ? 'standard' : value;
  if (cost === 'standard') return cost;
  if (cost !== 'test') throw new Error('PASSWORD_HASH_COST must be standard or test.');
  if (nodeEnv !== 'test') throw new Error(passwordHashCostRefused);
  return cost;
}
