/**
 * After the whole end-to-end run (decisions.md#reliability-and-security 'Sessions and secrets'): the server's log holds no
 * password, bearer token or emailed token. Runs scripts/check-logs.mjs on the log the server
 * wrote (LOG_FILE, set by playwright.config.ts, or E2E_LOG_FILE for an external server), with
 * the tokens of the dev mailbox while the server is still up and every invite token the specs
 * used (E2E_TOKENS_FILE, decisions.md#hardening). Skipped when there is no log.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FullConfig } from '@playwright/test';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');

/** Fails the run when the server log holds a secret. */
export default async function globalTeardown(config: FullConfig): Promise<void> {
  const log = process.env.E2E_LOG_FILE;
  if (!log || !existsSync(log)) {
    process.stdout.write(`check-logs: skipped (no server log${log ? ` at ${log}` : ''})\n`);
    return;
  }
  // The log is written asynchronously: let the last lines land.
  await new Promise((r) => setTimeout(r, 500));
  const baseURL = config.projects[0]?.use.baseURL;
  const used = process.env.E2E_TOKENS_FILE;
  const args = [
    'scripts/check-logs.mjs',
    ...(baseURL ? ['--mailbox', baseURL] : []),
    ...(used && existsSync(used) ? ['--tokens', used] : []),
    log,
  ];
  const result = spawnSync(process.execPath, args, { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) {
    throw new Error(`the server log ${log} holds secrets (see check-logs above)`);
  }
}
