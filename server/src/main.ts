/**
 * The server process: configuration, migrations, first admin and optional demo seed (whichever copy
 * starts first, whatever its role), listen (with a loud warning when a server not in production
 * listens beyond loopback), a ready line naming its PRACTICA_ROLE (operations.md 'Roles'), graceful
 * close on SIGTERM/SIGINT (readiness fails first, requests in flight finish).
 */
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { startWarning } from './lib/loopback.js';
import { createFileUrls } from './modules/files/index.js';
import { findMediaTools } from './modules/media/index.js';
import { StorageUnavailableError, createStorage } from './lib/storage/index.js';
import { demoAccounts, demoPassword, seedDemo } from './seed/demo.js';
import { ensureAdmin, hasAdmin } from './seed/first-admin.js';
import { dutiesOf } from './settings/role.js';

/** How long a production server keeps serving after SIGTERM with /readyz failing, before it closes. */
const shutdownDrainMs = 2_000;

async function main(): Promise<void> {
  const started = performance.now();
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  // The demo seed saves videos before the app (and its media plugin) exists: its items queue their
  // media jobs when this machine has ffmpeg, as the app's uploads will.
  const mediaTools = findMediaTools({
    FFMPEG_PATH: config.media.ffmpegPath,
    FFPROBE_PATH: config.media.ffprobePath,
    PATH: process.env['PATH'],
  });
  // Copies started together on one PostgreSQL take turns: migrations, first admin and seed.
  const seeded = await database.exclusive(async () => {
    await database.migrate();
    if (config.admin) await ensureAdmin(database.db, config.admin);
    // The demo images and audio go to the same storage the files plugin serves from; a bad or
    // unreachable bucket stops the start here with its message, before the seed writes to it.
    if (!config.seedDemo) return false;
    const storage = createStorage(config.storage, config.dataDir);
    try {
      await storage.check?.();
      return await seedDemo(database.db, storage, {
        mediaProcessing: mediaTools !== null,
        urls: createFileUrls(config),
      });
    } finally {
      if (config.storage.driver === 's3') await storage.close?.();
    }
  });

  const app = await buildApp(config, { database });
  app.addHook('onClose', async () => database.close());
  await app.listen({ host: config.host, port: config.port });

  const url = `http://localhost:${config.port}`;
  const where =
    database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
  const took = `${where}, ${Math.round(performance.now() - started)} ms`;
  const { servesHttp } = dutiesOf(config.role);
  const lines = servesHttp
    ? [
        '',
        `  Practica ${config.version} (role ${config.role}) is ready at ${url}  (${took})`,
        `  API docs: ${url}/api/docs`,
      ]
    : [
        '',
        `  Practica ${config.version} (role worker) is ready  (${took})`,
        '  Runs media jobs, mail, notifications and file clean-up; serves no console nor API:',
        `  only ${url}/healthz and ${url}/readyz.`,
      ];
  if (config.seedDemo && servesHttp) {
    lines.push(`  Demo accounts${seeded ? ' (just created)' : ''}, password ${demoPassword}:`);
    for (const a of demoAccounts) lines.push(`    ${a.email.padEnd(24)} ${a.role}`);
  } else if (!(await hasAdmin(database.db))) {
    lines.push(
      '  No admin yet: set ADMIN_EMAIL and ADMIN_PASSWORD, or run `npm run create-admin`.',
    );
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
  // The embedded database is one process's: a web copy on it has no worker to run its jobs.
  if (config.role === 'web' && database.kind === 'pglite') {
    const lonely =
      'PRACTICA_ROLE=web on the embedded database: no worker can share it, so media jobs and mails stay queued. Use PostgreSQL (DATABASE_URL) or PRACTICA_ROLE=all.';
    process.stderr.write(`\n${lonely}\n\n`);
    app.log.warn(lonely);
  }
  // Loud, on stderr and in the log: a development server reachable from other machines.
  const warning = startWarning(config);
  if (warning) {
    process.stderr.write(`\n${warning}\n\n`);
    app.log.warn({ host: config.host, port: config.port }, warning.replace(/^!+\n|\n!+$/g, ''));
  }
  const drainMs = config.env === 'production' ? shutdownDrainMs : 0;

  closeWithGrace({ delay: 15_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.info({ signal }, 'closing');
    app.lifecycle.closing = true;
    // Readiness fails first: /readyz answers 503 while requests are still served for a moment, so
    // a load balancer stops routing here before the listener closes; then requests in flight finish.
    if (!err && drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
    await app.close();
  });
}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof StorageUnavailableError
  ) {
    process.stderr.write(`\n${error.message}\n\n`);
  } else {
    // The whole cause chain: a Drizzle query error says what failed only in its cause.
    const lines: string[] = [];
    let current: unknown = error;
    for (let depth = 0; depth < 5 && current !== undefined; depth++) {
      const text = current instanceof Error ? (current.stack ?? current.message) : String(current);
      lines.push(depth === 0 ? text : `caused by: ${text}`);
      current = current instanceof Error ? current.cause : undefined;
    }
    process.stderr.write(`${lines.join('\n')}\n`);
  }
  process.exit(1);
});
