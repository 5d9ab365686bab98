/**
 * `npm run create-admin -- --email a@b.c --password secret [--first-name X --last-name Y]`:
 * creates an admin on the configured database (DATABASE_URL or the embedded DATA_DIR).
 * Reads ADMIN_EMAIL / ADMIN_PASSWORD when the flags are absent.
 */
import { parseArgs } from 'node:util';
import { passwordMaxLength, passwordMinLength } from '@practica/contract';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { ensureAdmin } from '../seed/first-admin.js';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
  },
});
const email = values.email ?? process.env['ADMIN_EMAIL'];
const password = values.password ?? process.env['ADMIN_PASSWORD'];
if (!email || !password) {
  process.stderr.write('Usage: npm run create-admin -- --email EMAIL --password PASSWORD\n');
  process.exit(2);
}
if (password.length < passwordMinLength || password.length > passwordMaxLength) {
  process.stderr.write(
    `The password must have ${passwordMinLength} to ${passwordMaxLength} characters.\n`,
  );
  process.exit(2);
}
const config = loadConfig({ ...process.env, SEED_DEMO: 'false' });
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  const result = await ensureAdmin(database.db, {
    email,
    password,
    ...(values['first-name'] ? { firstName: values['first-name'] } : {}),
    ...(values['last-name'] ? { lastName: values['last-name'] } : {}),
  });
  process.stdout.write(
    result === 'created' ? `Admin ${email} created.\n` : `A user ${email} exists already.\n`,
  );
} finally {
  await database.close();
}
