/**
 * The database behind the API: PostgreSQL through `pg` when `DATABASE_URL` is set, otherwise
 * PGlite embedded in this process with its files in `DATA_DIR/pglite` (DESIGN.md 'The shape of
 * the system'). Both speak the same SQL, so one Drizzle schema and one migration set serve both.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { migrationsDir } from '../lib/paths.js';
import { acquireDataDirLock } from './data-dir-lock.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The Drizzle handle used by every repository, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A Drizzle transaction handle; repositories accept `Db | Tx` where they may run inside one. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the committed migrations (idempotent). */
  migrate(): Promise<void>;
  /** Answers true when a trivial query succeeds within `timeoutMs`. */
  ping(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl: string | undefined;
  /** Folder of the embedded database; `memory://` keeps it in memory (tests). */
  dataDir: string;
  poolSize?: number;
}

/** Opens the database chosen by the options. Throws when the embedded folder is held by another process. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
    });
    // An idle client that loses its connection must not crash the process (the pool replaces it).
    pool.on('error', () => {});
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () =>
        migratePg(drizzlePg({ client: pool, schema }), { migrationsFolder: migrationsDir }),
      ping: (timeoutMs = 2_000) => pingWith(db, timeoutMs),
      close: () => pool.end(),
    };
  }
  let release: () => void = () => {};
  let client: PGlite;
  if (options.dataDir === 'memory://') {
    client = new PGlite();
  } else {
    mkdirSync(options.dataDir, { recursive: true });
    release = acquireDataDirLock(options.dataDir);
    client = new PGlite(path.join(options.dataDir, 'pglite'));
  }
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () =>
      migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: migrationsDir }),
    ping: (timeoutMs = 2_000) => pingWith(db, timeoutMs),
    close: async () => {
      await client.close();
      release();
    },
  };
}

async function pingWith(db: Db, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    const query = db.execute(sql`select 1`).then(() => true as const);
    return await Promise.race([query, timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
