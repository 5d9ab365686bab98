/** A second server on the same embedded data folder refuses to start (no corruption). */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, acquireDataDirLock } from '../src/db/data-dir-lock.js';

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
});
