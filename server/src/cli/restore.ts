/**
 * `npm run restore -- <folder> [--force]` (or `node server/dist/restore.js`): puts a backup written
 * by `npm run backup` back into the configured instance (operations.md 'Backups').
 *
 * First the backup is checked, and nothing is written unless it passes: `manifest.json` is read,
 * its database kind and storage driver must be the target's (DATABASE_URL set or not,
 * STORAGE_DRIVER), its migration level no newer than this Practica's, and every file it lists
 * present with its sha256. Then the target must be empty: a database without tables (PostgreSQL)
 * or a DATA_DIR without `pglite/` (embedded), and no stored files; `--force` restores over a
 * non-empty target (PostgreSQL: `pg_restore --clean --if-exists`; embedded and local files: the
 * old `pglite/` and `files/` are moved aside to `<name>.before-restore-<time>`). The embedded target
 * is restored through the data folder lock, so never under a running server.
 *
 * Then: `pg_restore` (or PGlite's `loadDataDir`), the stored files copied back under their keys,
 * the migrations a backup of an older version lacks, and the counts of users, answers, reviews and
 * files compared with the manifest's. Exit code 0, or 1 with a message.
 */
import { existsSync, readdirSync } from 'node:fs';
import { copyFile, mkdir, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase } from '../db/client.js';
import { acquireDataDirLock, DataDirLockedError } from '../db/data-dir-lock.js';
import type { StorageSettings } from '../lib/storage/index.js';
import {
  BackupError,
  countRows,
  filesFolder,
  findPgProgram,
  hashFile,
  jwtSecretName,
  knownMigrations,
  listFiles,
  manifestName,
  manifestSchema,
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

export interface RestoreOptions {
  /** The backup folder (holding manifest.json). */
  folder: string;
  /** PostgreSQL's URL of the target database; undefined: the embedded database of `dataDir`. */
  databaseUrl: string | undefined;
  /** DATA_DIR of the target: the embedded database and the local storage's `files/`. */
  dataDir: string;
  storage: StorageSettings;
  /** Restore over a non-empty target. */
  force?: boolean;
  progress?: Progress;
}

/** What a restore did: the manifest it followed and the migrations it applied afterwards. */
export interface RestoreResult {
  manifest: Manifest;
  migrationsApplied: number;
}

/**
 * Checks the backup in `options.folder`, then restores it into the target. Throws BackupError —
 * before writing anything — for a missing or invalid manifest, a backup of another database kind
 * or storage driver or of a newer Practica, a missing or altered file, a non-empty target without
 * `force`, a target held by a running server, a missing pg_restore; and after, when pg_restore
 * fails or the restored counts differ from the manifest's.
 */
export async function restore(options: RestoreOptions): Promise<RestoreResult> {
  const progress = options.progress ?? (() => {});
  const folder = path.resolve(options.folder);
  const manifest = await readManifest(folder);
  checkTarget(manifest, options, progress);
  await verifyFiles(folder, manifest, progress);
  const result = options.databaseUrl
    ? await restorePostgres(
        folder,
        manifest,
        { ...options, databaseUrl: options.databaseUrl },
        progress,
      )
    : await restorePglite(folder, manifest, options, progress);
  return { manifest, migrationsApplied: result };
}

/** Reads and validates `manifest.json`; throws BackupError when missing or not a manifest. */
async function readManifest(folder: string): Promise<Manifest> {
  const file = path.join(folder, manifestName);
  if (!existsSync(file))
    throw new BackupError(
      `${folder} holds no ${manifestName}: it is not a Practica backup (or the backup did not finish).`,
    );
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new BackupError(`${file} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success)
    throw new BackupError(
      `${file} is not a Practica backup manifest: ${parsed.error.issues
        .map((i) => `${i.path.join('.')}: ${i.message}`)
        .join('; ')}`,
    );
  return parsed.data;
}

const kindNames = { pglite: 'the embedded database (PGlite)', postgres: 'PostgreSQL' } as const;

/** The backup fits the target: same database kind and storage driver, no newer migrations. */
function checkTarget(manifest: Manifest, options: RestoreOptions, progress: Progress): void {
  const target = options.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database.kind !== target)
    throw new BackupError(
      `This backup is of ${kindNames[manifest.database.kind]}, the target is ${kindNames[target]} ` +
        `(DATABASE_URL is ${options.databaseUrl ? 'set' : 'unset'}): restore it into the same kind.`,
    );
  if (manifest.storage.driver !== options.storage.driver)
    throw new BackupError(
      `This backup's files are on ${manifest.storage.driver === 's3' ? 'S3' : 'local storage'}, ` +
        `the target's STORAGE_DRIVER is ${options.storage.driver}: restore it with the same driver.`,
    );
  if (
    manifest.storage.driver === 's3' &&
    options.storage.driver === 's3' &&
    manifest.storage.bucket !== options.storage.bucket
  )
    progress(
      `note: the backup's files are in the bucket ${manifest.storage.bucket}, the target uses ` +
        `${options.storage.bucket}; copy the objects over under the same keys`,
    );
  const known = knownMigrations();
  if (manifest.database.migrations.applied > known.applied)
    throw new BackupError(
      `This backup is at migration ${manifest.database.migrations.applied} ` +
        `(${manifest.database.migrations.latest ?? 'unknown to this version'}), this Practica ` +
        `knows ${known.applied}: restore it with the Practica version that wrote it ` +
        `(${manifest.practicaVersion}) or newer.`,
    );
}

/** Every listed file is inside the folder, present and of its sha256; the dump is listed. */
async function verifyFiles(folder: string, manifest: Manifest, progress: Progress): Promise<void> {
  const dump = manifest.database.kind === 'pglite' ? pgliteDumpPath : `${pgDumpFolder}/toc.dat`;
  if (!manifest.files.some((entry) => entry.path === dump))
    throw new BackupError(
      `The manifest lists no database dump (${dump}): the backup is incomplete.`,
    );
  progress(`checking ${manifest.files.length} files of the backup`);
  const checked = stepProgress(progress, 'files checked');
  for (const [index, entry] of manifest.files.entries()) {
    const file = path.resolve(folder, entry.path);
    if (!file.startsWith(folder + path.sep) || entry.path === manifestName)
      throw new BackupError(`The manifest lists a file outside the backup: ${entry.path}`);
    if (!existsSync(file))
      throw new BackupError(`The backup is missing ${entry.path}: nothing was restored.`);
    const actual = await hashFile(file);
    if (actual.sha256 !== entry.sha256 || actual.bytes !== entry.bytes)
      throw new BackupError(
        `${entry.path} of the backup was altered (its sha256 or size differs from the manifest's): nothing was restored.`,
      );
    checked(index, manifest.files.length);
  }
}

/** The stored files (keys) of the backup, below `files/`. */
function storedKeys(manifest: Manifest): string[] {
  const prefix = `${filesFolder}/`;
  return manifest.files
    .filter((entry) => entry.path.startsWith(prefix))
    .map((entry) => entry.path.slice(prefix.length));
}

/** True when `DATA_DIR/files` holds a stored object (unfinished uploads aside). */
function hasStoredFiles(dataDir: string): boolean {
  return listFiles(path.join(dataDir, 'files'), ['.incoming']).length > 0;
}

/** Moves `dataDir/name` aside to `name.before-restore-<time>` (the --force restore keeps it). */
async function moveAside(dataDir: string, name: string, progress: Progress): Promise<void> {
  const from = path.join(dataDir, name);
  if (!existsSync(from)) return;
  const to = `${from}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  await rename(from, to);
  progress(`--force: moved the target's ${name}/ aside to ${to}`);
}

/** Copies the backup's stored files to `DATA_DIR/files` under their keys. */
async function restoreStoredFiles(
  folder: string,
  manifest: Manifest,
  dataDir: string,
  progress: Progress,
): Promise<void> {
  if (manifest.storage.driver === 's3') {
    progress(`files: in the bucket ${manifest.storage.bucket} (not part of this folder)`);
    return;
  }
  const keys = storedKeys(manifest);
  progress(`copying ${keys.length} stored files back`);
  const copied = stepProgress(progress, 'files copied');
  for (const [index, key] of keys.entries()) {
    const target = path.join(dataDir, 'files', key);
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(path.join(folder, filesFolder, key), target);
    copied(index, keys.length);
  }
}

/**
 * Opens the restored target, applies the migrations it lacks, and compares its counts with the
 * manifest's. Answers how many migrations it applied.
 */
async function migrateAndCount(
  manifest: Manifest,
  databaseUrl: string | undefined,
  dataDir: string,
  progress: Progress,
): Promise<number> {
  const database = await openDatabase({ databaseUrl, dataDir, poolSize: 1 });
  try {
    const before = await migrationLevel(database.db);
    await database.migrate();
    const after = await migrationLevel(database.db);
    const applied = after.applied - before.applied;
    if (applied > 0) progress(`applied ${applied} migrations the backup's version lacked`);
    const counts = await countRows(database.db);
    const differing = (Object.keys(counts) as (keyof typeof counts)[]).filter(
      (name) => counts[name] !== manifest.counts[name],
    );
    if (differing.length > 0)
      throw new BackupError(
        `The restored database does not match the backup: ${differing
          .map((name) => `${counts[name]} ${name}, the manifest says ${manifest.counts[name]}`)
          .join('; ')}.`,
      );
    return applied;
  } finally {
    await database.close();
  }
}

/** Embedded: through the data folder lock, `loadDataDir` into `DATA_DIR/pglite`, then the files. */
async function restorePglite(
  folder: string,
  manifest: Manifest,
  options: RestoreOptions,
  progress: Progress,
): Promise<number> {
  const dataDir = path.resolve(options.dataDir);
  await mkdir(dataDir, { recursive: true });
  let release: () => void;
  try {
    release = acquireDataDirLock(dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError)
      throw new BackupError(`${error.message} Restore while no server runs on it.`);
    throw error;
  }
  try {
    const holdsDatabase =
      existsSync(path.join(dataDir, 'pglite')) &&
      readdirSync(path.join(dataDir, 'pglite')).length > 0;
    const holdsFiles = manifest.storage.driver === 'local' && hasStoredFiles(dataDir);
    if ((holdsDatabase || holdsFiles) && !options.force)
      throw new BackupError(
        `The target ${dataDir} is not empty (it holds ${holdsDatabase ? 'a database' : 'stored files'}): ` +
          'restore into a new DATA_DIR, or pass --force to move what it holds aside.',
      );
    if (holdsDatabase) await moveAside(dataDir, 'pglite', progress);
    if (holdsFiles) await moveAside(dataDir, 'files', progress);
    progress('loading the embedded database');
    const dump = new Blob([await readFile(path.join(folder, pgliteDumpPath))]);
    const client = new PGlite(path.join(dataDir, 'pglite'), { loadDataDir: dump });
    await client.waitReady;
    await client.close();
    const secret = path.join(folder, jwtSecretName);
    if (existsSync(secret)) {
      if (existsSync(path.join(dataDir, jwtSecretName)))
        progress(`kept the target's ${jwtSecretName}: sessions signed before end`);
      else await copyFile(secret, path.join(dataDir, jwtSecretName));
    }
    await restoreStoredFiles(folder, manifest, dataDir, progress);
    // openDatabase takes this process's lock over and releases it when it closes.
    return await migrateAndCount(manifest, undefined, dataDir, progress);
  } finally {
    release();
  }
}

/** PostgreSQL: `pg_restore` into the (empty) target database in one transaction, then the files. */
async function restorePostgres(
  folder: string,
  manifest: Manifest,
  options: RestoreOptions & { databaseUrl: string },
  progress: Progress,
): Promise<number> {
  const pgRestore = findPgProgram('pg_restore');
  const dataDir = path.resolve(options.dataDir);
  const client = new pg.Client({
    connectionString: options.databaseUrl,
    connectionTimeoutMillis: 10_000,
  });
  client.on('error', () => {});
  let tables: number;
  try {
    await client.connect();
    tables = (
      await client.query<{ n: number }>(
        `select count(*)::int as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
         where c.relkind in ('r', 'p', 'v', 'm', 'S')
           and s.nspname not in ('pg_catalog', 'information_schema')
           and s.nspname not like 'pg_toast%'`,
      )
    ).rows[0]!.n;
  } catch (error) {
    throw new BackupError(`Cannot read the target database: ${(error as Error).message}`);
  } finally {
    await client.end().catch(() => {});
  }
  const holdsFiles = manifest.storage.driver === 'local' && hasStoredFiles(dataDir);
  if ((tables > 0 || holdsFiles) && !options.force)
    throw new BackupError(
      `The target is not empty (${tables > 0 ? `its database holds ${tables} tables and sequences` : `${dataDir}/files holds stored files`}): ` +
        'restore into a new, empty database (createdb) and DATA_DIR, or pass --force to restore over it.',
    );
  if (holdsFiles) await moveAside(dataDir, 'files', progress);
  const { dbname, env } = pgConnection(options.databaseUrl);
  progress(
    `restoring the PostgreSQL database (${(await runProgram(pgRestore, ['--version'], env, progress)).trim()})`,
  );
  await runProgram(
    pgRestore,
    [
      `--dbname=${dbname}`,
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      ...(tables > 0 ? ['--clean', '--if-exists'] : []),
      path.join(folder, pgDumpFolder),
    ],
    env,
    progress,
  );
  await restoreStoredFiles(folder, manifest, dataDir, progress);
  return migrateAndCount(manifest, options.databaseUrl, dataDir, progress);
}

const usage = `Usage: npm run restore -- <folder> [--force]

Restores a backup written by 'npm run backup' into this instance (DATABASE_URL or the embedded
DATA_DIR, and DATA_DIR/files). The backup is checked first (manifest.json, every file's sha256,
the database kind and storage driver); nothing is written unless it passes. The target must be
empty — a new database (createdb) or a new DATA_DIR — unless --force is given. The embedded
database is restored while no server runs on it. See docs/operations.md, 'Backups'.
`;

/** The CLI: restores `argv`'s folder (`--force`); answers the exit code (0 done, 1 refused/failed). */
export function main(argv: string[]): Promise<number> {
  return runCli('restore', argv, usage, async (folder, config, force) => {
    const { manifest, migrationsApplied } = await restore({
      folder,
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      storage: config.storage,
      force,
      progress: stderrProgress('restore'),
    });
    const { users, answers, reviews, files } = manifest.counts;
    return (
      `Restored the backup of ${manifest.createdAt} (Practica ${manifest.practicaVersion}): ` +
      `${users} users, ${answers} answers, ${reviews} reviews, ${files} files` +
      `${migrationsApplied > 0 ? `; ${migrationsApplied} migrations applied` : ''}.`
    );
  });
}

// Run as a program (tsx or the bundle), not when imported (the tests).
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href)
  process.exitCode = await main(process.argv.slice(2));
