/** A second server on the same embedded data folder refuses to start (no corruption). */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, acquireDataDirLock } from '../src/db/data-dir-lock.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Starts `count` processes that each try to take `dir`'s lock at the same moment (a shared start
 * time); one that gets it holds it until every process has answered, then releases it on SIGTERM.
 * Answers how many got it.
 */
async function racers(script: string, dir: string, count: number): Promise<number> {
  const startAt = Date.now() + 500;
  const children = Array.from({ length: count }, () =>
    spawn(process.execPath, [script, dir, String(startAt)]),
  );
  const closed = children.map((child) => new Promise((resolve) => child.on('close', resolve)));
  const outcomes = await Promise.all(
    children.map(
      (child) =>
        new Promise<string>((resolve) => {
          child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString()));
          child.on('close', () => resolve('exited without an answer'));
        }),
    ),
  );
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(closed);
  return outcomes.filter((o) => o === 'locked').length;
}

describe('acquireDataDirLock', () => {
  it('refuses a second holder while the first lives, and frees the folder on release', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'practica-lock-'));
    // A live process (our parent) holds it.
    writeFileSync(path.join(dir, '.lock'), String(process.ppid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(/in use by another Practica server/);
  });

  it('takes over a lock left by a dead process', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'practica-lock-'));
    writeFileSync(path.join(dir, '.lock'), '999999999');
    const release = acquireDataDirLock(dir);
    release();
    const again = acquireDataDirLock(dir);
    again();
  });

  it('lets exactly one of several processes started together take over a stale lock', async () => {
    // The lock module, bundled for plain node children (12 rounds of 6: the old take-over let two
    // in on about one round in four).
    const work = mkdtempSync(path.join(tmpdir(), 'practica-lock-race-'));
    try {
      await build({
        entryPoints: [path.join(here, '../src/db/data-dir-lock.ts')],
        bundle: true,
        platform: 'node',
        format: 'esm',
        outfile: path.join(work, 'lock.mjs'),
        logLevel: 'silent',
      });
      const script = path.join(work, 'racer.mjs');
      writeFileSync(
        script,
        `import { acquireDataDirLock } from './lock.mjs';
const [dir, startAt] = process.argv.slice(2);
// Sleep until 20 ms before the start, then spin: the racers leave the line together.
const sleep = Number(startAt) - 20 - Date.now();
if (sleep > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, sleep);
while (Date.now() < Number(startAt)) {}
try {
  const release = acquireDataDirLock(dir);
  process.on('SIGTERM', () => {
    release();
    process.exit(0);
  });
  process.stdout.write('locked');
  setInterval(() => {}, 1000);
} catch {
  process.stdout.write('refused');
}
`,
      );
      const holders: number[] = [];
      for (let round = 0; round < 12; round++) {
        const dir = mkdtempSync(path.join(work, 'data-'));
        writeFileSync(path.join(dir, '.lock'), '999999999'); // a dead process's
        holders.push(await racers(script, dir, 6));
        expect(readdirSync(dir)).toEqual([]); // released, no private or take-over file left
      }
      expect(holders).toEqual(Array(12).fill(1));
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }, 60_000);
});
