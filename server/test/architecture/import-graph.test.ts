/**
 * config.ts and the create-admin CLI import no module: the configuration composes each module's
 * variables from settings/, so loading the configuration (or creating an admin) does not load the
 * routes, workers and services of the server, and no module sits in an import circle with
 * config.ts. Every import counts, `import type` included, as a circle of types is still one a
 * reader has to untangle.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const srcRoot = path.resolve(import.meta.dirname, '../../src');

/**
 * The files under `root` that `entry` (a path relative to `root`) reaches through relative
 * imports and re-exports, itself included, as paths relative to `root`.
 */
function reachableFiles(root: string, entry: string): string[] {
  const seen = new Set<string>();
  const queue = [path.resolve(root, entry)];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      queue.push(path.resolve(path.dirname(file), fileName.replace(/\.js$/, '.ts')));
    }
  }
  return [...seen].map((file) => path.relative(root, file).split(path.sep).join('/')).sort();
}

describe('the import graph', () => {
  it.each(['config.ts', 'cli/create-admin.ts', 'lib/loopback.ts'])(
    '%s reaches no module',
    (entry) => {
      const reached = reachableFiles(srcRoot, entry);
      expect(reached).toContain('config.ts');
      expect(reached.filter((file) => file.startsWith('modules/'))).toEqual([]);
    },
  );
});
