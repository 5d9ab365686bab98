// Bundles the server as server/build.mjs does, into a private folder of this run (under
// server/node_modules/.cache, so the bundle still finds the server package root and its
// node_modules), leaving server/dist to everyone else. Also bundles the server's password module,
// so the dataset's one password hash is made with the server's own argon2id cost.
import { mkdtempSync, readFileSync, rmSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const serverDir = path.join(root, 'server');

/** Builds into a fresh folder; answers `{dir, main, password, remove()}` (absolute paths). */
export async function buildServer() {
  const pkg = JSON.parse(readFileSync(path.join(serverDir, 'package.json'), 'utf8'));
  const contract = JSON.parse(
    readFileSync(path.join(root, 'packages', 'contract', 'package.json'), 'utf8'),
  );
  const external = [
    ...Object.keys(pkg.dependencies ?? {}),
    ...Object.keys(contract.dependencies ?? {}),
  ].filter((name) => name !== '@practica/contract');
  const cache = path.join(serverDir, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(path.join(cache, 'practica-bench-'));
  await build({
    absWorkingDir: serverDir,
    entryPoints: { main: 'src/main.ts', password: 'src/lib/password.ts' },
    outdir: dir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: false,
    external: [...external, 'pino-pretty'],
    logLevel: 'warning',
  });
  return {
    dir,
    main: path.join(dir, 'main.js'),
    password: path.join(dir, 'password.js'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
