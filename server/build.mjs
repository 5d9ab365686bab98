// Bundles the server (and the contract package, consumed as TypeScript source) into dist/main.js.
// Every other dependency stays external and is loaded from node_modules at run time.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const contract = JSON.parse(
  readFileSync(new URL('../packages/contract/package.json', import.meta.url), 'utf8'),
);
const external = [
  ...Object.keys(pkg.dependencies ?? {}),
  ...Object.keys(contract.dependencies ?? {}),
].filter((name) => name !== '@practica/contract');

await build({
  entryPoints: { main: 'src/main.ts', 'create-admin': 'src/cli/create-admin.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, 'pino-pretty'],
  logLevel: 'warning',
});
console.log('server built: server/dist/main.js');
