/**
 * The cost of password hashing (settings/password-hash.ts, decisions.md#sessions-and-secrets §6):
 * production keeps argon2id at m = 19 MiB, t = 2, p = 1; only a test run may lower it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { hashPassword, verifyPassword } from '../src/lib/password.js';
import { passwordHashCostRefused } from '../src/settings/password-hash.js';

const standardHash = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/;
const production = {
  NODE_ENV: 'production',
  DATA_DIR: 'memory://',
  JWT_SECRET: 'a-production-secret-of-at-least-32-characters',
} as const;

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('PASSWORD_HASH_COST', () => {
  it('is refused at start-up outside a test run: production and development keep the standard cost', () => {
    for (const env of [production, { NODE_ENV: 'development', DATA_DIR: 'memory://' }] as const) {
      expect(() => loadConfig({ ...env, PASSWORD_HASH_COST: 'test' })).toThrow(ConfigError);
      expect(() => loadConfig({ ...env, PASSWORD_HASH_COST: 'test' })).toThrow(
        passwordHashCostRefused,
      );
      expect(() => loadConfig({ ...env, PASSWORD_HASH_COST: 'standard' })).not.toThrow();
      expect(() => loadConfig(env)).not.toThrow();
    }
    expect(() => loadConfig({ ...production, PASSWORD_HASH_COST: 'cheap' })).toThrow(ConfigError);
    expect(() =>
      loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', PASSWORD_HASH_COST: 'test' }),
    ).not.toThrow();
  });

  it('makes no hash outside a test run, even when the configuration was never loaded (a CLI)', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('PASSWORD_HASH_COST', 'test');
    await expect(hashPassword('pass1234')).rejects.toThrow(passwordHashCostRefused);
  });

  it('hashes at m = 19 MiB, t = 2, p = 1 by default, in production too', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('PASSWORD_HASH_COST', undefined);
    const phc = await hashPassword('pass1234');
    expect(phc).toMatch(standardHash);
    expect(await verifyPassword(phc, 'pass1234')).toBe(true);
    expect(await verifyPassword(phc, 'pass1235')).toBe(false);
  });

  it("is the test cost in the server's test run, whose hashes verify like the standard ones", async () => {
    expect(process.env['PASSWORD_HASH_COST']).toBe('test');
    const phc = await hashPassword('pass1234');
    expect(phc).toMatch(/^\$argon2id\$v=19\$m=8,t=1,p=1\$/);
    expect(await verifyPassword(phc, 'pass1234')).toBe(true);
    expect(await verifyPassword(phc, 'pass1235')).toBe(false);
  });
});
