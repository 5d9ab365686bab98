/**
 * `npm run backup -- <folder>` (or `node server/dist/backup.js <folder>`): writes a backup of the
 * configured instance into `<folder>`, which must be new or empty (operations.md 'Backups').
 *
 * - PostgreSQL (DATABASE_URL): `pg_dump --format=directory` of the database, taken in one snapshot
 *   with the counts of the manifest; the server may run meanwhile.
 * - Embedded (DATA_DIR): PGlite's `dumpDataDir` of `DATA_DIR/pglite`, with `DATA_DIR/jwt-secret`,
 *   taken through the data folder's lock: refused while a server runs on it.
 * - Local storage: the objects of `DATA_DIR/files` are copied into `<folder>/files`. S3: nothing is
 *   copied; the manifest names the bucket, whose versioning is the files' backup.
 *
 * `manifest.json` is written last, with the sha256 of every file: a folder without it is not a
 * backup. Progress lines go to stderr, the summary to stdout; exit code 0, or 1 with a message.
 */
import { constants } from 'node:fs';
import { copyFile, mkdir, readdir, rename, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { openDatabase, type Db } from '../db/client.js';
import { DataDirLockedError } from '../db/data-dir-lock.js';
import type { StorageSettings } from '../lib/storage/index.js';
import {
  BackupError,
  countRows,
  filesFolder,
  findPgProgram,
  hashFile,
  jwtSecretName,
  listFiles,
  manifestName,
  megabytes,
  migrationLevel,
  pgConnection,
  pgDumpFolder,
  pgliteDumpPath,
  runCli,
  runProgram,
  stderrProgress,
  stepProgress,
  type Manifest,
  type Progress,
} from './backup-manifest.js';

export interface BackupOptions {
  /** The backup folder: created, or empty. */
  folder: string;
  /** PostgreSQL's URL; undefined: the embedded database of `dataDir`. */
  databaseUrl: string | undefined;
  /** DATA_DIR: the embedded database (`pglite/`, `jwt-secret`) and the local storage (`files/`). */
  dataDir: string;
  storage: StorageSettings;
  /** Written into the manifest (config.version). */
  practicaVersion: string;
  progress?: Progress;
}

/**
 * Writes the backup of the instance described by `options` and answers its manifest.
 * Throws BackupError (nothing usable written) when the folder is not empty, the embedded data
 * folder is missing or held by a running server, pg_dump is missing or fails.
 */
export async function backup(options: BackupOptions): Promise<Manifest> {
  const progress = options.progress ?? (() => {});
  const folder = path.resolve(options.folder);
  if (!options.databaseUrl && !existsSync(path.join(options.dataDir, 'pglite', 'PG_VERSION')))
    throw new BackupError(
      `No embedded database in ${path.resolve(options.dataDir)} (no pglite/ folder): set DATA_DIR to the server's data folder, or DATABASE_URL.`,
    );
  if (existsSync(folder) && (await readdir(folder)).length > 0)
    throw new BackupError(`The backup folder ${folder} is not empty: name a new or empty folder.`);
  await mkdir(folder, { recursive: true });

  const database = options.databaseUrl
    ? await dumpPostgres(options.databaseUrl, folder, progress)
    : await dumpPglite(options, folder, progress);
  let storage: Manifest['storage'];
  try {
    storage = await copyStorage(options, folder, progress);
  } finally {
    await database.release();
  }

  const written = listFiles(folder);
  progress(`hashing the ${written.length} files of the backup`);
  const hashed = stepProgress(progress, 'files hashed');
  const entries: Manifest['files'] = [];
  for (const [index, file] of written.entries()) {
    entries.push({ path: file, ...(await hashFile(path.join(folder, file))) });
    hashed(index, written.length);
  }
  const manifest: Manifest = {
    format: 'practica-backup',
    formatVersion: 1,
    practicaVersion: options.practicaVersion,
    createdAt: new Date().toISOString(),
    database: database.info,
    storage,
    counts: database.counts,
    files: entries,
  };
  // Written under another name and renamed: a folder holds a manifest only when it is complete.
  const partial = path.join(folder, `${manifestName}.partial`);
  await writeFile(partial, `${JSON.stringify(manifest, null, 2)}\n`);
  await rename(partial, path.join(folder, manifestName));
  return manifest;
}

interface DumpedDatabase {
  info: Manifest['database'];
  counts: Manifest['counts'];
  /** Ends what the dump holds until the files are copied (the data folder lock, the snapshot). */
  release(): Promise<void>;
}

/**
 * PostgreSQL: counts and migration level read in a repeatable-read transaction whose snapshot
 * pg_dump dumps (`--snapshot`), so the manifest's counts are exactly the dump's rows.
 */
async function dumpPostgres(
  databaseUrl: string,
  folder: string,
  progress: Progress,
): Promise<DumpedDatabase> {
  const pgDump = findPgProgram('pg_dump');
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`Cannot connect to DATABASE_URL: ${(error as Error).message}`);
  }
  try {
    await client.query('begin transaction isolation level repeatable read read only');
    const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id'))
      .rows[0]!.id;
    const db = drizzle({ client }) as unknown as Db;
    const migrations = await migrationLevel(db);
    const counts = await countRows(db);
    const serverVersion = (
      await client.query<{ v: string }>("select current_setting('server_version') as v")
    ).rows[0]!.v;
    const { dbname, env } = pgConnection(databaseUrl);
    const dumpVersion = (await runProgram(pgDump, ['--version'], env, progress)).trim();
    progress(`dumping the PostgreSQL database (server ${serverVersion}, ${dumpVersion})`);
    await runProgram(
      pgDump,
      [
        '--format=directory',
        `--file=${path.join(folder, pgDumpFolder)}`,
        `--snapshot=${snapshot}`,
        `--dbname=${dbname}`,
      ],
      env,
      progress,
    );
    progress(`database dumped: ${counts.users} users, ${counts.answers} answers`);
    return {
      info: { kind: 'postgres', migrations, serverVersion, dumpVersion },
      counts,
      release: async () => {},
    };
  } finally {
    await client.query('rollback').catch(() => {});
    await client.end().catch(() => {});
  }
}

/**
 * Embedded: opened through the data folder lock (a running server holds it: refused), dumped with
 * `dumpDataDir`; the lock is kept until the files are copied, so both are of the same moment.
 */
async function dumpPglite(
  options: BackupOptions,
  folder: string,
  progress: Progress,
): Promise<DumpedDatabase> {
  const dataDir = path.resolve(options.dataDir);
  let database;
  try {
    database = await openDatabase({ databaseUrl: undefined, dataDir });
  } catch (error) {
    if (error instanceof DataDirLockedError)
      throw new BackupError(
        `${error.message} The embedded database is backed up while no server runs on it.`,
      );
    throw error;
  }
  try {
    const migrations = await migrationLevel(database.db);
    const counts = await countRows(database.db);
    progress('dumping the embedded database');
    const client = (
      database.db as unknown as { $client: { dumpDataDir(c: 'gzip'): Promise<Blob> } }
    ).$client;
    const dump = await client.dumpDataDir('gzip');
    await mkdir(path.join(folder, path.dirname(pgliteDumpPath)), { recursive: true });
    await writeFile(path.join(folder, pgliteDumpPath), Buffer.from(await dump.arrayBuffer()));
    progress(
      `database dumped (${megabytes(dump.size)}): ${counts.users} users, ${counts.answers} answers`,
    );
    const secret = path.join(dataDir, jwtSecretName);
    if (existsSync(secret)) await copyFile(secret, path.join(folder, jwtSecretName));
    return {
      info: { kind: 'pglite', migrations },
      counts,
      release: () => database.close(),
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** Local storage: copies `DATA_DIR/files` (not `.incoming`) into the backup; S3: the manifest's note. */
async function copyStorage(
  options: BackupOptions,
  folder: string,
  progress: Progress,
): Promise<Manifest['storage']> {
  if (options.storage.driver === 's3') {
    const { bucket, endpoint, region } = options.storage;
    progress(`files stay in the S3 bucket ${bucket}: its versioning is their backup`);
    return {
      driver: 's3',
      bucket,
      ...(endpoint ? { endpoint } : {}),
      region,
      note:
        `The stored files are not in this folder: they stay in the bucket ${bucket}, whose ` +
        'versioning (or replication) is their backup (docs/operations.md, Backups).',
    };
  }
  const source = path.join(path.resolve(options.dataDir), 'files');
  const keys = listFiles(source, ['.incoming']);
  progress(`copying ${keys.length} stored files`);
  let bytes = 0;
  const copied = stepProgress(progress, 'files copied');
  for (const [index, key] of keys.entries()) {
    const target = path.join(folder, filesFolder, key);
    await mkdir(path.dirname(target), { recursive: true });
    // A copy-on-write clone where the file system offers one, a plain copy elsewhere.
    await copyFile(path.join(source, key), target, constants.COPYFILE_FICLONE);
    bytes += (await stat(target)).size;
    copied(index, keys.length);
  }
  progress(`files copied: ${keys.length}, ${megabytes(bytes)}`);
  return { driver: 'local' };
}

const usage = `Usage: npm run backup -- <folder>

Writes a backup of this instance (DATABASE_URL or the embedded DATA_DIR, and the stored files of
DATA_DIR/files; with STORAGE_DRIVER=s3 the bucket stays where it is) into <folder>, which must be
new or empty. The embedded database is backed up while no server runs on it.
Restore with: npm run restore -- <folder>. See docs/operations.md, 'Backups'.
`;

/** The CLI: runs the backup of `argv`'s folder; answers the exit code (0 done, 1 refused/failed). */
export function main(argv: string[]): Promise<number> {
  return runCli('backup', argv, usage, async (folder, config) => {
    const manifest = await backup({
      folder,
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      storage: config.storage,
      practicaVersion: config.version,
      progress: stderrProgress('backup'),
    });
    const { users, answers, reviews, files } = manifest.counts;
    return (
      `Backup written to ${path.resolve(folder)}: ${manifest.database.kind} database, ` +
      `${users} users, ${answers} answers, ${reviews} reviews, ${files} files` +
      `${manifest.storage.driver === 's3' ? ` (bytes in S3 bucket ${manifest.storage.bucket})` : ''}.`
    );
  });
}

// Run as a program (tsx or the bundle), not when imported (the tests).
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href)
  process.exitCode = await main(process.argv.slice(2));
