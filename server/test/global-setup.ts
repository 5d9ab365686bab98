/**
 * Vitest global setup of the server project: migrates one template database before any test file
 * runs, so each file's `createTestDatabase()` copies it instead of running initdb and the
 * migrations again (on PGlite initdb in WebAssembly alone took ≈4 s of ≈5 s per database).
 *
 * - PGlite (no DATABASE_URL): a data-folder dump of a migrated cluster, kept under the system temp
 *   folder and keyed by the migrations and the PGlite version, so later runs reuse it; provided to
 *   the files as `pgliteTemplate` (the dump's path).
 * - PostgreSQL (DATABASE_URL): a migrated database on that server, provided as `pgTemplate` (its
 *   name); each file's database is `create database … template` it, and teardown drops it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.js';
import { migrationsDir } from '../src/lib/paths.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the migrated PGlite data-folder dump ('' on PostgreSQL). */
    pgliteTemplate: string;
    /** Name of the migrated template database on DATABASE_URL's server ('' on PGlite). */
    pgTemplate: string;
  }
}

/** A hash of every migration file and of the PGlite version: a new migration makes a new dump. */
function migrationsKey(): string {
  const hash = createHash('sha256');
  // dist/index.cjs → the package folder (its package.json is not exported).
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const pglite = JSON.parse(
    readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8'),
  ) as { version: string };
  hash.update(pglite.version);
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(readFileSync(full));
    }
  };
  walk(migrationsDir);
  return hash.digest('hex').slice(0, 16);
}

/** Writes (once per migration set) the dump of a migrated PGlite cluster; answers its path. */
async function pgliteTemplate(): Promise<string> {
  const file = path.join(tmpdir(), `practica-test-pglite-${migrationsKey()}.tar`);
  if (existsSync(file)) return file;
  const template = new PGlite({ extensions: { pg_trgm, btree_gin } });
  await migrate(drizzle({ client: template }), { migrationsFolder: migrationsDir });
  const dump = await template.dumpDataDir('none');
  await template.close();
  // Written under another name and renamed, so a concurrent run never reads half a file.
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return file;
}

/** Runs on `sql` against the server's maintenance database. */
async function admin(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  const serverUrl = process.env['DATABASE_URL'];
  if (!serverUrl) {
    project.provide('pgliteTemplate', await pgliteTemplate());
    project.provide('pgTemplate', '');
    return;
  }
  const name = `practica_template_${randomBytes(6).toString('hex')}`;
  await admin(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({
    databaseUrl: url.toString(),
    dataDir: 'memory://',
    poolSize: 1,
  });
  try {
    await database.migrate();
  } finally {
    await database.close(); // a template may have no open connection while it is copied
  }
  project.provide('pgliteTemplate', '');
  project.provide('pgTemplate', name);
  return () => admin(serverUrl, `drop database if exists "${name}" with (force)`);
}
