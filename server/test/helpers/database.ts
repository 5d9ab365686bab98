/**
 * A fresh, migrated database per test file: PGlite in memory by default, or — when DATABASE_URL
 * is set (CI's PostgreSQL run) — a new database created on that server and dropped afterwards.
 * Both start as a copy of the run's migrated template (test/global-setup.ts).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.js';

export interface TestDatabase {
  database: Database;
  /** The URL of the per-file PostgreSQL database, when on PostgreSQL. */
  url: string | undefined;
  drop(): Promise<void>;
}

/** True when this run targets PostgreSQL. */
export const onPostgres = Boolean(process.env['DATABASE_URL']);

// The migrated template of the run (test/global-setup.ts); empty when a file runs without it.
const pgliteTemplate = inject('pgliteTemplate') ?? '';
const pgTemplate = inject('pgTemplate') ?? '';
let templateBlob: Blob | undefined;

/** The PGlite template's dump, read once per worker. */
function pgliteTemplateBlob(): Blob {
  templateBlob ??= new Blob([readFileSync(pgliteTemplate)]);
  return templateBlob;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env['DATABASE_URL'];
  if (!serverUrl) {
    const database = await openDatabase({
      databaseUrl: undefined,
      dataDir: 'memory://',
      ...(pgliteTemplate ? { template: pgliteTemplateBlob() } : {}),
    });
    await database.migrate(); // nothing left to apply when copied from the template
    return { database, url: undefined, drop: () => database.close() };
  }
  const name = `practica_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"${pgTemplate ? ` template "${pgTemplate}"` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({
    databaseUrl: url.toString(),
    dataDir: 'memory://',
    poolSize: 5,
  });
  await database.migrate();
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    },
  };
}
