/**
 * Locates the server package root (the folder holding server/package.json) from this file,
 * whether it runs from source (`src/lib/paths.ts` under tsx) or from the bundle (`dist/main.js`).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findServerRoot(start: string): string {
  let dir = start;
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg)) {
      const name = (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name;
      if (name === '@practica/server') return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Cannot find the @practica/server package above ${start}`);
    dir = parent;
  }
}

/** Absolute path of the `server` folder. */
export const serverRoot = findServerRoot(path.dirname(fileURLToPath(import.meta.url)));

/** Absolute path of the committed SQL migrations (drizzle-kit output). */
export const migrationsDir = path.join(serverRoot, 'drizzle');
