/**
 * The database behind the API: PostgreSQL through `pg` when `DATABASE_URL` is set, otherwise
 * PGlite embedded in this process with its files in `DATA_DIR/pglite` (architecture.md 'The shape of
 * the system'). Both speak the same SQL, so one Drizzle schema and one migration set serve both.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { migrationsDir, serverRoot } from '../lib/paths.js';
import { acquireDataDirLock } from './data-dir-lock.js';
import * as relations from './relations.js';
import * as tables from './schema/index.js';
import { prepareStatements } from './prepared-statements.js';
import { statementCounterFromEnv } from './statement-counter.js';

/** The tables and their relations (db/relations.ts), for `db.query` relational reads. */
const schema = { ...tables, ...relations };

export type Schema = typeof schema;
/** The Drizzle handle used by every repository, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A Drizzle transaction handle; repositories accept `Db | Tx` where they may run inside one. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the committed migrations (idempotent; on PostgreSQL one server at a time). */
  migrate(): Promise<void>;
  /**
   * Runs `fn` while no other server runs its own `exclusive` section on this database (PostgreSQL:
   * a session advisory lock; PGlite: the data folder lock already excludes other processes), so
   * copies started together migrate, create the first admin and seed one after the other.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /** Answers true when a trivial query succeeds within `timeoutMs`. */
  ping(timeoutMs?: number): Promise<boolean>;
  /**
   * PostgreSQL: the pool's connections now (node-postgres' `totalCount`, `idleCount`,
   * `waitingCount` and its size); PGlite: null — one connection inside the process, no pool.
   */
  poolStats(): PoolStats | null;
  close(): Promise<void>;
}

/** A connection pool's state at one moment (counts of connections or waiting callers). */
export interface PoolStats {
  /** Connections checked out by a query or a transaction. */
  inUse: number;
  /** Open connections waiting for work. */
  idle: number;
  /** Callers waiting for a connection because all `max` are in use. */
  waiting: number;
  /** The pool's size (DATABASE_POOL_SIZE). */
  max: number;
}

/** The pool could not hand out a connection (refused, timed out): answered 503, not 500. */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The database is unavailable', { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

/**
 * Hardens a pool against a database that goes away (a restart, a failover):
 * - a client whose connection dies while checked out must not emit an unhandled 'error' that
 *   crashes the process;
 * - a client checked out for a transaction (`pool.connect()`, Drizzle's transactions) frees its
 *   pool slot as soon as its connection ends: Drizzle never releases a client whose BEGIN failed,
 *   and each such client would hold a slot (and `pool.end()` at shutdown) forever;
 * - a connection the pool cannot open is a `DatabaseUnavailableError`.
 */
function hardenPool(pool: pg.Pool): void {
  // An idle client that loses its connection must not crash the process (the pool replaces it).
  pool.on('error', () => {});
  // Nor may a checked-out one: its running query fails, and the pool drops it on release.
  pool.on('connect', (client) => client.on('error', () => {}));
  const connect = pool.connect.bind(pool) as (callback?: unknown) => unknown;
  const checkOut = async (): Promise<pg.PoolClient> => {
    let client: pg.PoolClient;
    try {
      client = (await connect()) as pg.PoolClient;
    } catch (error) {
      throw new DatabaseUnavailableError(error);
    }
    const release = client.release;
    let released = false;
    const releaseOnce = (error?: Error | boolean) => {
      if (released) return;
      released = true;
      client.removeListener('end', onEnd);
      release(error);
    };
    const onEnd = () => releaseOnce(new Error('connection ended while checked out'));
    client.once('end', onEnd);
    client.release = releaseOnce;
    return client;
  };
  Object.assign(pool, {
    connect: (callback?: unknown) => (callback ? connect(callback) : checkOut()),
  });
}

export interface DatabaseOptions {
  databaseUrl: string | undefined;
  /** Folder of the embedded database; `memory://` keeps it in memory (tests). */
  dataDir: string;
  poolSize?: number;
  /**
   * PostgreSQL: name statements so each connection plans them once (db/prepared-statements.ts).
   * Default on (config DATABASE_PREPARED_STATEMENTS).
   */
  preparedStatements?: boolean;
  /**
   * PGlite in memory only: start from this data-folder dump (`PGlite.dumpDataDir`) instead of a new
   * cluster (tests copy one migrated template, test/global-setup.ts).
   */
  template?: Blob;
}

/** Opens the database chosen by the options. Throws when the embedded folder is held by another process. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  // Undefined unless BENCH_SQL_COUNT=1 (the benchmark's per-request statement count).
  const logger = statementCounterFromEnv();
  if (options.databaseUrl) {
    const poolSize = options.poolSize ?? 10;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: poolSize,
      connectionTimeoutMillis: 5_000,
    });
    hardenPool(pool);
    if (options.preparedStatements ?? true) prepareStatements(pool);
    const db = drizzlePg({ client: pool, schema, ...(logger ? { logger } : {}) }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: async () => {
        const client = await pool.connect();
        try {
          await withAdvisoryLock(client, advisoryLocks.migrate, () =>
            migratePg(drizzlePg({ client, schema }), { migrationsFolder: migrationsDir }),
          );
        } finally {
          client.release();
        }
      },
      // On a connection of its own, so that `fn` has the whole pool (even a pool of one).
      exclusive: async (fn) => {
        const client = new pg.Client({
          connectionString: options.databaseUrl,
          connectionTimeoutMillis: 5_000,
        });
        client.on('error', () => {});
        await client.connect();
        try {
          return await withAdvisoryLock(client, advisoryLocks.startup, fn);
        } finally {
          await client.end();
        }
      },
      ping: (timeoutMs = 2_000) => pingWith(db, timeoutMs),
      poolStats: () => ({
        inUse: pool.totalCount - pool.idleCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: poolSize,
      }),
      close: () => pool.end(),
    };
  }
  let release: () => void = () => {};
  let client: PGlite;
  if (options.dataDir === 'memory://') {
    client = new PGlite({
      extensions: pgliteExtensions,
      ...(options.template ? { loadDataDir: options.template } : {}),
    });
  } else {
    mkdirSync(options.dataDir, { recursive: true });
    release = acquireDataDirLock(options.dataDir);
    client = new PGlite(path.join(options.dataDir, 'pglite'), {
      extensions: pgliteExtensions,
      ...freshClusterOptions(options.dataDir),
    });
  }
  await client.waitReady;
  const db = drizzlePglite({ client, schema, ...(logger ? { logger } : {}) }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () =>
      migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: migrationsDir }),
    exclusive: (fn) => fn(),
    ping: (timeoutMs = 2_000) => pingWith(db, timeoutMs),
    poolStats: () => null,
    close: async () => {
      await client.close();
      release();
    },
  };
}

/**
 * The extensions the migrations create (0006: pg_trgm and btree_gin for the user search index);
 * PGlite loads an extension's code only when it is passed here. build.mjs passes the same ones to
 * the template it migrates.
 */
const pgliteExtensions = { pg_trgm, btree_gin };

/** Keys of the session advisory locks (pg_advisory_lock(int, int)): 'PRAC' and a number. */
const advisoryLocks = { migrate: [0x50524143, 1], startup: [0x50524143, 2] } as const;

/** Runs `fn` while `client`'s session holds the advisory lock `key` (waits for it). */
async function withAdvisoryLock<T>(
  client: pg.ClientBase,
  key: readonly [number, number],
  fn: () => Promise<T>,
): Promise<T> {
  await client.query('select pg_advisory_lock($1, $2)', [...key]);
  try {
    return await fn();
  } finally {
    await client.query('select pg_advisory_unlock($1, $2)', [...key]);
  }
}

/**
 * A new embedded folder starts from the cluster the build made (`server/dist/pglite-template.tar.gz`:
 * initdb and the migrations, see build.mjs) instead of running initdb in WebAssembly, which took
 * most of a first start (≈4.8 s of CPU of ≈8 s). Existing folders, and runs without a build, are
 * opened as before; the migrations then apply whatever the template lacks.
 */
function freshClusterOptions(dataDir: string): { loadDataDir?: Blob } {
  const template = path.join(serverRoot, 'dist', 'pglite-template.tar.gz');
  const fresh = !existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'));
  return fresh && existsSync(template) ? { loadDataDir: new Blob([readFileSync(template)]) } : {};
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
