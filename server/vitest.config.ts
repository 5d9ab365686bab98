import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite is single-connection and in-process; files run in parallel workers, each with its own database.
    pool: 'forks',
    // A worker runs its files one after another in one process and one module cache, instead of a
    // fresh import of the app per file (1.5–2.4 s of CPU each; docs/testing.md, 'Where the time
    // goes'). So each file leaves the process as it found it (testing.md 'Test files share a
    // worker'): test/file-setup.ts undoes stubs and fake timers after every file and fails a file
    // that leaks environment or exit code.
    isolate: false,
    setupFiles: ['./test/file-setup.ts'],
    // argon2id at the lowest cost for the accounts tests make and sign in (settings/password-hash.ts;
    // refused outside NODE_ENV=test, which Vitest sets). The tests of hashing itself switch back.
    env: { PASSWORD_HASH_COST: 'test' },
    // One migrated database per run, copied by each file (test/helpers/database.ts).
    globalSetup: ['./test/global-setup.ts'],
  },
});
