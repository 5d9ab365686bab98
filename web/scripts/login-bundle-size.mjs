#!/usr/bin/env node
/**
 * Sums the gzipped JavaScript the console's /login page loads (the entry chunk, the login route's
 * chunk and every chunk they import statically, recursively, read from the build's
 * .vite/manifest.json) and, when the practice app is built, its sign-in page's the same way.
 * Usage: node web/scripts/login-bundle-size.mjs [--max-kb 200] [--dist <console build>]
 *        [--practice-max-kb 120] [--practice-dist <practice build>]
 * (`npm run size -w web` checks the console's 200 KB budget on web/dist and the practice app's
 * 120 KB on web/dist-practice). Exits 1 when a budget is exceeded.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  defaultDist,
  defaultPracticeDist,
  kb,
  loginBundle,
  practiceSignInBundle,
  readBuild,
} from './bundle-stats.mjs';

const option = (name) => {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : undefined;
};

/** Prints one page's files and total; answers whether it is within `maxKb`. */
function report(title, { bytes, files }, maxKb) {
  for (const { file, bytes: size } of files) console.log(`${kb(size).padStart(7)} KB  ${file}`);
  console.log(`${kb(bytes).padStart(7)} KB  total gzipped JS for ${title}`);
  if (bytes / 1024 > maxKb) {
    console.error(`over the ${maxKb} KB budget`);
    return false;
  }
  return true;
}

let ok = report(
  '/login',
  loginBundle(readBuild(option('--dist') ?? defaultDist)),
  Number(option('--max-kb') ?? Infinity),
);
const practiceDist = option('--practice-dist') ?? defaultPracticeDist;
if (existsSync(join(practiceDist, '.vite', 'manifest.json'))) {
  console.log('');
  ok =
    report(
      '/practice/sign-in',
      practiceSignInBundle(readBuild(practiceDist)),
      Number(option('--practice-max-kb') ?? 120),
    ) && ok;
}
if (!ok) process.exit(1);
