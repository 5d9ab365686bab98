// Bundles the server (and the contract package, consumed as TypeScript source) into dist/main.js.
// Every other dependency stays external and is loaded from node_modules at run time.
import { Buffer } from 'node:buffer';
import { readFileSync, writeFileSync } from 'node:fs';
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
  entryPoints: {
    main: 'src/main.ts',
    'create-admin': 'src/cli/create-admin.ts',
    backup: 'src/cli/backup.ts',
    restore: 'src/cli/restore.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, 'pino-pretty'],
  logLevel: 'warning',
});
// The template of a new embedded database: an initialized cluster with the migrations applied,
// loaded by db/client.ts into a fresh DATA_DIR instead of running initdb at the first start.
const { PGlite } = await import('@electric-sql/pglite');
const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
const { btree_gin } = await import('@electric-sql/pglite/contrib/btree_gin');
const { drizzle } = await import('drizzle-orm/pglite');
const { migrate } = await import('drizzle-orm/pglite/migrator');
const template = new PGlite({ extensions: { pg_trgm, btree_gin } });
await migrate(drizzle({ client: template }), { migrationsFolder: 'drizzle' });
const dump = await template.dumpDataDir('gzip');
writeFileSync('dist/pglite-template.tar.gz', Buffer.from(await dump.arrayBuffer()));
await template.close();
console.log('server built: server/dist/main.js, server/dist/pglite-template.tar.gz');
