/**
 * Finding ffmpeg and ffprobe: without Debian's, `npm install && npm start` runs the binaries the
 * `@ffmpeg-installer` / `@ffprobe-installer` packages ship. npm installs ffprobe's without its
 * execute bit (its install script, which sets it, is declined by `allowScripts`), so the lookup
 * sets it, or media processing would be off on such a machine.
 */
import { chmodSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { fromPackage } from '../src/modules/media/tools.js';

describe('the packaged ffprobe', () => {
  it('is made executable when npm left it without its execute bit', () => {
    const file = (createRequire(import.meta.url)('@ffprobe-installer/ffprobe') as { path: string })
      .path;
    const mode = statSync(file).mode;
    try {
      chmodSync(file, 0o644);
      expect(fromPackage('@ffprobe-installer/ffprobe')).toBe(file);
      expect(statSync(file).mode & 0o100).toBe(0o100);
    } finally {
      chmodSync(file, mode | 0o100);
    }
  });

  it('answers null for a package that is not installed', () => {
    expect(fromPackage('@ffprobe-installer/no-such-package')).toBeNull();
  });
});
