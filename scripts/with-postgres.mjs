// Runs one command with DATABASE_URL pointing at a throwaway PostgreSQL cluster, then removes it.
// Usage: node scripts/with-postgres.mjs npx vitest run --project server server/test/routes/x.test.ts
import { spawnSync } from 'node:child_process';
import { startPostgres } from './lib/postgres.mjs';

const [cmd, ...args] = process.argv.slice(2);
if (!cmd) {
  console.error('usage: node scripts/with-postgres.mjs <command> [args...]');
  process.exit(2);
}
const pg = await startPostgres();
let status = 1;
try {
  status =
    spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, DATABASE_URL: pg.url } })
      .status ?? 1;
} finally {
  pg.stop();
}
process.exit(status);
