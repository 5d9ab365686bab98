/**
 * `tsx server/src/cli/openapi.ts <file>`: writes the API's OpenAPI document (what `/api/docs/json`
 * answers, plugins/openapi.ts) to `<file>` as JSON, without a database of its own (an in-memory
 * PGlite, neither migrated nor seeded) and without listening. `npm run lint:openapi` lints it.
 * Exit code 0, or 1 with a message.
 */
import { writeFile } from 'node:fs/promises';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';

const [file] = process.argv.slice(2);
if (!file) {
  process.stderr.write('Usage: tsx server/src/cli/openapi.ts <file>\n');
  process.exit(1);
}
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: 'memory://',
  JWT_SECRET: 'openapi-document-openapi-document-0123456789',
  LOG_LEVEL: 'silent',
  WEB_DIST: '/nonexistent',
  PRACTICE_DIST: '/nonexistent',
});
const app = await buildApp(config, { logger: false, metrics: false });
await app.ready();
await writeFile(file, `${JSON.stringify(app.swagger(), null, 2)}\n`);
await app.close();
