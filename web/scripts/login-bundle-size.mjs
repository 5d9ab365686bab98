#!/usr/bin/env node
/**
 * Sums the gzipped JavaScript the /login page loads: the entry chunk, the login route's chunk and
 * every chunk they import statically (recursively), read from web/dist/.vite/manifest.json.
 * Usage: node web/scripts/login-bundle-size.mjs [--max-kb 200]
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const maxIndex = process.argv.indexOf('--max-kb');
const maxKb = maxIndex > 0 ? Number(process.argv[maxIndex + 1]) : Infinity;

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const loginKey = Object.keys(manifest).find((key) => /app\/routes\/login\.tsx$/.test(key));
if (!entryKey || !loginKey) throw new Error('entry or login chunk not found in the manifest');

const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) visit(imported);
};
visit(entryKey);
visit(loginKey);

let total = 0;
const rows = [];
for (const file of files) {
  if (!file.endsWith('.js')) continue;
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += size;
  rows.push([file, size]);
}
rows.sort((a, b) => b[1] - a[1]);
for (const [file, size] of rows) console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
const totalKb = total / 1024;
console.log(`${totalKb.toFixed(1).padStart(7)} KB  total gzipped JS for /login`);
if (totalKb > maxKb) {
  console.error(`over the ${maxKb} KB budget`);
  process.exit(1);
}
