#!/usr/bin/env node
/**
 * Sums the gzipped JavaScript the /login page loads: the entry chunk, the login route's chunk and
 * every chunk they import statically (recursively), read from the build's .vite/manifest.json.
 * Usage: node web/scripts/login-bundle-size.mjs [--max-kb 200] [--dist <build folder>]
 * (`npm run size -w web` checks the 200 KB budget of issue 9 on web/dist).
 */
import { defaultDist, kb, loginBundle, readBuild } from './bundle-stats.mjs';

const option = (name) => {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : undefined;
};
const maxKb = Number(option('--max-kb') ?? Infinity);
const { bytes, files } = loginBundle(readBuild(option('--dist') ?? defaultDist));

for (const { file, bytes: size } of files) console.log(`${kb(size).padStart(7)} KB  ${file}`);
console.log(`${kb(bytes).padStart(7)} KB  total gzipped JS for /login`);
if (bytes / 1024 > maxKb) {
  console.error(`over the ${maxKb} KB budget`);
  process.exit(1);
}
