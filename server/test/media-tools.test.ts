/**
 * Finding ffmpeg and ffprobe: without Debian's, `npm install && npm start` runs the binaries the
 * `@ffmpeg-installer` / `@ffprobe-installer` packages ship. npm installs ffprobe's without its
 * execute bit (its install script, which sets it, is declined by `allowScripts`), so the lookup
 * sets it, or media processing would be off on such a machine. An encode runs on the threads
 * MEDIA_ENCODE_THREADS allows.
 */
import { chmodSync, statSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  encodeToMp4,
  findMediaTools,
  fromPackage,
  probeVideo,
  type MediaTools,
} from '../src/modules/media/tools.js';
import { chromeWebm } from './helpers/media-answers.js';

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

describe('an encode', () => {
  const tools = findMediaTools();
  let tmp: string;
  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'practica-encode-'));
  });
  afterAll(() => rm(tmp, { recursive: true, force: true }));

  /** Encodes the Chrome WebM fixture with `threads`; answers ffmpeg's arguments and the output's probe. */
  async function encodeWith(threads: number | undefined) {
    const argsFile = path.join(tmp, `args-${threads ?? 'auto'}`);
    const script = path.join(tmp, `ffmpeg-${threads ?? 'auto'}`);
    await writeFile(script, `#!/bin/sh\necho "$*" > '${argsFile}'\nexec '${tools!.ffmpeg}' "$@"\n`);
    await chmod(script, 0o755);
    const input = path.join(tmp, 'source.webm');
    await writeFile(input, chromeWebm);
    const boxed: MediaTools = { ...tools!, ffmpeg: script, encodeThreads: threads };
    const probe = await probeVideo(boxed, input, 'webm');
    const output = path.join(tmp, `out-${threads ?? 'auto'}.mp4`);
    await encodeToMp4(boxed, input, 'webm', probe, output);
    return { args: await readFile(argsFile, 'utf8'), out: await probeVideo(tools!, output, 'mp4') };
  }

  it.skipIf(!tools)(
    'runs on MEDIA_ENCODE_THREADS threads when set, so a worker leaves cores to the web copies',
    async () => {
      const one = await encodeWith(1);
      expect(one.args).toMatch(/ -threads 1 /);
      expect(one.out.videoCodec).toBe('h264');
      const auto = await encodeWith(undefined);
      expect(auto.args).not.toMatch(/ -threads /);
      expect(auto.out.videoCodec).toBe('h264');
    },
    60_000,
  );
});
