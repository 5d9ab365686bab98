/**
 * The server process: configuration, migrations, first admin and optional demo seed, listen,
 * graceful close on SIGTERM/SIGINT (readiness fails first, requests in flight finish).
 */
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { createLocalStorage } from './lib/storage/index.js';
import { demoAccounts, demoPassword, seedDemo } from './seed/demo.js';
import { ensureAdmin, hasAdmin } from './seed/first-admin.js';

async function main(): Promise<void> {
  const started = performance.now();
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  await database.migrate();
  if (config.admin) await ensureAdmin(database.db, config.admin);
  // The demo images and audio go to the same storage the files plugin serves from.
  const seeded = config.seedDemo
    ? await seedDemo(database.db, createLocalStorage(config.dataDir))
    : false;

  const app = await buildApp(config, { database });
  app.addHook('onClose', async () => database.close());
  await app.listen({ host: config.host, port: config.port });

  const url = `http://localhost:${config.port}`;
  const where =
    database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
  const lines = [
    '',
    `  Practica ${config.version} is ready at ${url}  (${where}, ${Math.round(performance.now() - started)} ms)`,
    `  API docs: ${url}/api/docs`,
  ];
  if (config.seedDemo) {
    lines.push(`  Demo accounts${seeded ? ' (just created)' : ''}, password ${demoPassword}:`);
    for (const a of demoAccounts) lines.push(`    ${a.email.padEnd(24)} ${a.role}`);
  } else if (!(await hasAdmin(database.db))) {
    lines.push(
      '  No admin yet: set ADMIN_EMAIL and ADMIN_PASSWORD, or run `npm run create-admin`.',
    );
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);

  closeWithGrace({ delay: 15_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.info({ signal }, 'closing');
    app.lifecycle.closing = true;
    await app.close();
  });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    process.stderr.write(`\n${error.message}\n\n`);
  } else {
    process.stderr.write(
      `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
