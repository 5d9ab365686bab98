#!/usr/bin/env node
/**
 * `npm run lint:openapi`: dumps the API's OpenAPI document (server/src/cli/openapi.ts: the app
 * built in-process on an in-memory database) to a temporary file and lints it with Redocly's
 * `recommended` rules. Errors fail; the warnings left are listed in decisions.md#openapi-document.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const folder = mkdtempSync(path.join(tmpdir(), 'practica-openapi-'));
const file = path.join(folder, 'openapi.json');
const run = (command, args) =>
  spawnSync(command, args, { stdio: 'inherit', shell: process.platform === 'win32' }).status ?? 1;
try {
  let status = run('npx', ['tsx', 'server/src/cli/openapi.ts', file]);
  if (status === 0)
    status = run('npx', [
      'redocly',
      'lint',
      '--extends',
      'recommended',
      '--format',
      'summary',
      file,
    ]);
  process.exitCode = status;
} finally {
  rmSync(folder, { recursive: true, force: true });
}
