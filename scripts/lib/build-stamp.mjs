// The build stamp of `npm start` (decisions.md#console-flows §18): a hash of everything the production build reads, kept
// next to the build, so a start on an unchanged tree skips the build.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The folders and files the build reads, relative to the repository root. */
export const buildInputs = [
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'packages/contract',
  'server',
  'web',
];

/** Folders never read by the build (outputs, dependencies, tests). */
const skipped = new Set([
  'node_modules',
  'dist',
  'dist-practice',
  'e2e',
  'test',
  'test-results',
  'coverage',
  '.vite',
]);

/** What the build writes; a stamp without all of them is stale. */
export const buildOutputs = [
  'web/dist/index.html',
  'web/dist-practice/index.html',
  'server/dist/main.js',
  'server/dist/pglite-template.tar.gz',
];

/** Where the stamp lives: inside the server's build, so removing `server/dist` removes it. */
export const stampPath = 'server/dist/build-stamp.json';

function* walk(root, relative) {
  const full = path.join(root, relative);
  let entries;
  try {
    entries = readdirSync(full, { withFileTypes: true });
  } catch {
    yield relative; // a file
    return;
  }
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.isDirectory()) {
      if (!skipped.has(entry.name) && !entry.name.startsWith('.')) {
        yield* walk(root, path.join(relative, entry.name));
      }
    } else if (entry.isFile() && !/\.test\.tsx?$/.test(entry.name)) {
      yield path.join(relative, entry.name);
    }
  }
}

/**
 * The hash of the build's inputs under `root`: SHA-256 (hex) over each input file's path and
 * content, in a fixed order. Test files and the folders in `skipped` do not count.
 */
export function hashBuildInputs(root) {
  const hash = createHash('sha256');
  for (const input of buildInputs) {
    if (!existsSync(path.join(root, input))) continue;
    for (const file of walk(root, input)) {
      hash.update(file.split(path.sep).join('/'));
      hash.update('\0');
      hash.update(readFileSync(path.join(root, file)));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

/**
 * Whether the build under `root` was made from inputs with hash `hash`: the stamp says so and every
 * output exists.
 */
export function buildIsCurrent(root, hash) {
  if (!buildOutputs.every((file) => existsSync(path.join(root, file)))) return false;
  try {
    return JSON.parse(readFileSync(path.join(root, stampPath), 'utf8')).hash === hash;
  } catch {
    return false;
  }
}

/** Writes the stamp of a build just made from inputs with hash `hash`. */
export function writeStamp(root, hash) {
  writeFileSync(
    path.join(root, stampPath),
    JSON.stringify({ hash, builtAt: new Date().toISOString() }, null, 2) + '\n',
  );
}
