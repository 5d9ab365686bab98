// Which server test files touch the database, for `npm test`'s second pass on PostgreSQL: the
// pass exists to run the SQL on the real server, and a file that never opens a database would only
// repeat its PGlite run.
//
// Rule: a test file touches the database when it imports `server/test/helpers/database.ts` (the
// only way a test gets a database: `createTestDatabase`, used by `buildTestApp` and the scenario
// helpers) or `server/src/db/client.ts` (`openDatabase`), directly or through other files under
// `server/test/`. Everything else (configuration, serializers, the data-folder lock, file sniffing,
// the build stamp) is database-agnostic and runs once, on PGlite's pass.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const importPattern = /(?:import|export)\s[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/g;

/** The files `file` imports by a relative path, resolved to existing `.ts`/`.mjs` files. */
function relativeImports(file) {
  const text = readFileSync(file, 'utf8');
  const found = [];
  for (const [, spec] of text.matchAll(importPattern)) {
    const target = path.resolve(path.dirname(file), spec);
    for (const candidate of [target.replace(/\.js$/, '.ts'), target, `${target}.ts`])
      if (existsSync(candidate) && candidate.match(/\.(ts|mjs)$/)) {
        found.push(candidate);
        break;
      }
  }
  return found;
}

/** Every `*.test.ts` under `dir`, recursively. */
function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/**
 * The server test files (paths relative to `root`, the repository) that touch the database, and
 * those that do not: `{database: string[], agnostic: string[]}`.
 */
export function serverTestsByDatabase(root) {
  const testDir = path.join(root, 'server', 'test');
  const markers = new Set([
    path.join(testDir, 'helpers', 'database.ts'),
    path.join(root, 'server', 'src', 'db', 'client.ts'),
  ]);
  const memo = new Map();
  const touches = (file, seen = new Set()) => {
    if (markers.has(file)) return true;
    if (memo.has(file)) return memo.get(file);
    if (seen.has(file)) return false;
    seen.add(file);
    // Only imports between test files are followed: the app's own modules all reach the client.
    const result = relativeImports(file).some(
      (dep) => markers.has(dep) || (dep.startsWith(testDir) && touches(dep, seen)),
    );
    memo.set(file, result);
    return result;
  };
  const database = [];
  const agnostic = [];
  for (const file of testFiles(testDir).sort())
    (touches(file) ? database : agnostic).push(path.relative(root, file));
  return { database, agnostic };
}
