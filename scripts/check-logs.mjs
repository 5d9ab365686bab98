#!/usr/bin/env node
/**
 * Fails when a server log holds a secret (decisions.md#reliability-and-security 'Sessions and secrets': after the whole
 * end-to-end run, the logs contain no password, bearer token or emailed token).
 *
 * Usage: node scripts/check-logs.mjs [--mailbox <base URL>] [--tokens <file>] <log file> [more]
 *
 * Looks for:
 * - the demo password and every password literal of the end-to-end specs (web/e2e/*.ts);
 * - `Bearer <token>` and anything shaped like a JWT (`eyJ….….…`);
 * - anything shaped like an invite link token in a path (`/invite-registration/<43 chars>`,
 *   `/invites/<43 chars>`), known or not (decisions.md#hardening);
 * - with --mailbox, the tokens of every emailed link in the dev mailbox of the running server
 *   (`/dev/mailbox.json`): invites, password resets, email changes;
 * - with --tokens, every token listed in that file, one a line: the tokens the end-to-end specs
 *   used that no mail carries, e.g. copied invite links (web/e2e/helpers.ts `rememberTokens`).
 *
 * Exit code 0 when clean, 1 when a secret was found (each finding is printed, masked), 2 on a
 * usage error. Used by web/e2e/global-teardown.ts and scripts/e2e-isolated.sh.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/* global fetch */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Password literals of the end-to-end specs, plus the demo seed's. */
export function knownPasswords() {
  const found = new Set(['demo1234']);
  const dir = path.join(repoRoot, 'web', 'e2e');
  for (const name of existsSync(dir) ? readdirSync(dir) : []) {
    if (!name.endsWith('.ts')) continue;
    const text = readFileSync(path.join(dir, name), 'utf8');
    for (const m of text.matchAll(/[pP]assword\w*\s*[:=]\s*['"`]([^'"`\s]{4,64})['"`]/g)) {
      found.add(m[1]);
    }
  }
  return [...found];
}

/** Token values of the links in the dev mailbox at `baseUrl` (none when it cannot be read). */
export async function mailedTokens(baseUrl) {
  let body;
  try {
    const res = await fetch(new URL('/dev/mailbox.json?limit=500', baseUrl));
    if (!res.ok) return [];
    body = await res.json();
  } catch {
    return [];
  }
  const tokens = new Set();
  for (const mail of body?.data?.list ?? []) {
    const texts = [mail.text ?? '', mail.html ?? '', ...(mail.links ?? [])];
    for (const text of texts) {
      for (const m of text.matchAll(/[?&](?:token|code)=([\w.~-]{16,})/g)) tokens.add(m[1]);
      for (const m of text.matchAll(
        /\/(?:validate-email|reset-password|accept[\w-]*|invite-registration|invites)\/([\w.~-]{16,})/g,
      ))
        tokens.add(m[1]);
    }
  }
  return [...tokens];
}

/** The tokens listed in `file`, one a line (none when there is no such file). */
export function listedTokens(file) {
  if (!file || !existsSync(file)) return [];
  const lines = readFileSync(file, 'utf8').split('\n');
  return [...new Set(lines.map((line) => line.trim()).filter((line) => line.length >= 16))];
}

const mask = (secret) => `${secret.slice(0, 3)}…(${secret.length} chars)`;

/**
 * The findings in `text`: `{line, kind, value}` for each literal secret of `secrets` and each
 * bearer token or JWT. `value` is masked.
 */
export function findSecrets(text, secrets) {
  const findings = [];
  const lines = text.split('\n');
  const patterns = [
    ['bearer token', /Bearer\s+(?!\[redacted\])[A-Za-z0-9._~+/=-]{8,}/g],
    ['JWT', /eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/g],
    ['invite token', /\/(?:invite-registration|invites)\/[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g],
  ];
  lines.forEach((line, i) => {
    for (const [kind, re] of patterns) {
      for (const m of line.matchAll(re)) findings.push({ line: i + 1, kind, value: mask(m[0]) });
    }
    for (const secret of secrets) {
      if (secret && line.includes(secret)) {
        findings.push({ line: i + 1, kind: 'password or emailed token', value: mask(secret) });
      }
    }
  });
  return findings;
}

async function main(argv) {
  const files = [];
  let mailbox;
  let tokensFile;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--mailbox') mailbox = argv[++i];
    else if (argv[i] === '--tokens') tokensFile = argv[++i];
    else files.push(argv[i]);
  }
  if (files.length === 0) {
    process.stderr.write(
      'usage: node scripts/check-logs.mjs [--mailbox <base URL>] [--tokens <file>] <log file>...\n',
    );
    return 2;
  }
  const passwords = knownPasswords();
  const tokens = [
    ...new Set([...(mailbox ? await mailedTokens(mailbox) : []), ...listedTokens(tokensFile)]),
  ];
  let total = 0;
  let lines = 0;
  for (const file of files) {
    if (!existsSync(file)) {
      process.stderr.write(`check-logs: no log at ${file}\n`);
      return 2;
    }
    const text = readFileSync(file, 'utf8');
    lines += text.split('\n').length - 1;
    for (const f of findSecrets(text, [...passwords, ...tokens])) {
      total += 1;
      process.stderr.write(`check-logs: ${file}:${f.line}: ${f.kind} ${f.value}\n`);
    }
  }
  const what =
    `${lines} log lines, ${passwords.length} passwords, ${tokens.length} emailed and used tokens, ` +
    'bearer tokens, JWTs and invite-shaped tokens';
  if (total > 0) {
    process.stderr.write(`check-logs: FAILED: ${total} secret(s) in the log (${what})\n`);
    return 1;
  }
  process.stdout.write(`check-logs: no secrets in ${files.join(', ')} (${what})\n`);
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exit(await main(process.argv.slice(2)));
}
