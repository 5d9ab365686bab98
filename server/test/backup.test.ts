/**
 * Backup and restore (operations.md 'Backups'): an operator backs up a seeded instance, restores
 * it into an empty one and finds every user, answer, review and stored file there (the bytes by
 * their sha256); a backup with an altered file, of the other database kind, or a non-empty target
 * is refused before anything is written. On PGlite (a DATA_DIR) in the normal pass, on
 * PostgreSQL (pg_dump / pg_restore) in the PostgreSQL pass.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { asc } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MediaType } from '@practica/contract';
import { backup, main as backupMain } from '../src/cli/backup.js';
import { main as restoreMain, restore } from '../src/cli/restore.js';
import { openDatabase } from '../src/db/client.js';
import { answers, FileStatus, files, reviews, users } from '../src/db/schema/index.js';
import { migrationsDir } from '../src/lib/paths.js';
import { createStorage } from '../src/lib/storage/index.js';
import { seedDemo } from '../src/seed/demo.js';
import { createTestDatabase, onPostgres } from './helpers/database.js';

/** An instance as the CLIs see it: its database (URL, or the embedded one of dataDir) and DATA_DIR. */
interface Instance {
  databaseUrl: string | undefined;
  dataDir: string;
  drop(): Promise<void>;
}

const storage = { driver: 'local' } as const;
const scratch = mkdtempSync(path.join(tmpdir(), 'practica-backup-test-'));

/** A new folder under the test's scratch folder (not created). */
function newPath(name: string): string {
  return path.join(scratch, `${name}-${randomBytes(4).toString('hex')}`);
}

/** Runs `sql` on the PostgreSQL server of the run (its maintenance database). */
async function onServer(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env['DATABASE_URL'] });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A new instance: empty (no database yet, no files), or migrated (tables, no rows but the seed's). */
async function newInstance(state: 'empty' | 'migrated'): Promise<Instance> {
  const dataDir = newPath('data');
  if (onPostgres) {
    if (state === 'migrated') {
      const testDb = await createTestDatabase();
      await testDb.database.close();
      return {
        databaseUrl: testDb.url,
        dataDir,
        drop: async () => {
          await onServer(
            `drop database if exists "${new URL(testDb.url!).pathname.slice(1)}" with (force)`,
          );
        },
      };
    }
    const name = `practica_restore_${randomBytes(6).toString('hex')}`;
    await onServer(`create database "${name}"`);
    const url = new URL(process.env['DATABASE_URL']!);
    url.pathname = `/${name}`;
    return {
      databaseUrl: url.toString(),
      dataDir,
      drop: () => onServer(`drop database if exists "${name}" with (force)`),
    };
  }
  if (state === 'migrated') {
    // The run's migrated template (test/global-setup.ts) as the data folder's cluster.
    const template = new Blob([readFileSync(inject('pgliteTemplate'))]);
    mkdirSync(dataDir, { recursive: true });
    const client = new PGlite(path.join(dataDir, 'pglite'), { loadDataDir: template });
    await client.waitReady;
    await client.close();
  }
  return { databaseUrl: undefined, dataDir, drop: async () => {} };
}

/**
 * An instance of an older Practica: its database migrated up to all migrations but the last
 * `behind` (a copy of the migrations folder whose journal ends earlier). Answers it with the
 * number of migrations it has.
 */
async function olderInstance(behind: number): Promise<{ instance: Instance; applied: number }> {
  const folder = newPath('older-migrations');
  cpSync(migrationsDir, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: unknown[] };
  journal.entries = journal.entries.slice(0, journal.entries.length - behind);
  writeFileSync(journalFile, JSON.stringify(journal));
  const instance = await newInstance('empty');
  if (instance.databaseUrl) {
    const client = new pg.Client({ connectionString: instance.databaseUrl });
    await client.connect();
    try {
      await migratePg(drizzlePg({ client }), { migrationsFolder: folder });
    } finally {
      await client.end();
    }
  } else {
    mkdirSync(instance.dataDir, { recursive: true });
    const client = new PGlite(path.join(instance.dataDir, 'pglite'), {
      extensions: { pg_trgm, btree_gin },
    });
    await migratePglite(drizzlePglite({ client }), { migrationsFolder: folder });
    await client.close();
  }
  return { instance, applied: journal.entries.length };
}

/** Opens the instance's database (through the data folder lock when embedded). */
function open(instance: Instance) {
  return openDatabase({
    databaseUrl: instance.databaseUrl,
    dataDir: instance.dataDir,
    poolSize: 1,
  });
}

/** sha256 (hex) of `bytes`. */
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * What an operator expects back: the users, answers and reviews (ids and the fields a person
 * sees), the file rows, and the sha256 of every ready file's stored bytes.
 */
async function contentsOf(instance: Instance) {
  const database = await open(instance);
  try {
    const db = database.db;
    const userRows = await db
      .select({ id: users.id, email: users.email, deletedAt: users.deletedAt })
      .from(users)
      .orderBy(asc(users.id));
    const answerRows = await db
      .select({ id: answers.id, userId: answers.userId, statusId: answers.statusId })
      .from(answers)
      .orderBy(asc(answers.id));
    const reviewRows = await db
      .select({ id: reviews.id, answerId: reviews.answerId })
      .from(reviews)
      .orderBy(asc(reviews.id));
    const fileRows = await db
      .select({
        id: files.id,
        storageKey: files.storageKey,
        fileTypeId: files.fileTypeId,
        status: files.status,
        size: files.size,
      })
      .from(files)
      .orderBy(asc(files.id));
    const stored = createStorage(storage, instance.dataDir);
    const bytes: Record<string, string> = {};
    for (const file of fileRows.filter((f) => f.status === FileStatus.Ready)) {
      const chunks: Buffer[] = [];
      for await (const chunk of stored.createReadStream(file.storageKey))
        chunks.push(chunk as Buffer);
      bytes[file.storageKey] = sha256(Buffer.concat(chunks));
    }
    return { users: userRows, answers: answerRows, reviews: reviewRows, files: fileRows, bytes };
  } finally {
    await database.close();
  }
}

/** True when the instance's database holds no table (PostgreSQL) or does not exist (embedded). */
async function databaseIsEmpty(instance: Instance): Promise<boolean> {
  if (!instance.databaseUrl) return !existsSync(path.join(instance.dataDir, 'pglite'));
  const client = new pg.Client({ connectionString: instance.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
    );
    return rows[0]!.n === 0;
  } finally {
    await client.end();
  }
}

const restoreInto = (target: Instance, folder: string, force = false) =>
  restore({
    folder,
    databaseUrl: target.databaseUrl,
    dataDir: target.dataDir,
    storage,
    force,
  });

let source: Instance;
let sourceContents: Awaited<ReturnType<typeof contentsOf>>;
/** The source's backup; tests that change a backup change a copy. */
let backupFolder: string;
const instances: Instance[] = [];

beforeAll(async () => {
  source = await newInstance('migrated');
  instances.push(source);
  const database = await open(source);
  try {
    // The demo data with its files on the source's local storage: answers with real videos, reviews.
    const stored = createStorage(storage, source.dataDir);
    await seedDemo(database.db, stored);
  } finally {
    await database.close();
  }
  sourceContents = await contentsOf(source);
  backupFolder = newPath('backup');
  await backup({
    folder: backupFolder,
    databaseUrl: source.databaseUrl,
    dataDir: source.dataDir,
    storage,
    practicaVersion: 'test',
  });
}, 180_000);

afterAll(async () => {
  for (const instance of instances) await instance.drop();
  rmSync(scratch, { recursive: true, force: true });
});

/** A copy of the source's backup that a test may change. */
function backupCopy(): string {
  const copy = newPath('backup-copy');
  cpSync(backupFolder, copy, { recursive: true });
  return copy;
}

// A restore opens PGlite two or three times (WebAssembly, ≈5 s each on a busy 2-core machine).
describe(
  `backup and restore (${onPostgres ? 'PostgreSQL' : 'embedded PGlite'})`,
  { timeout: 120_000 },
  () => {
    it('the seeded source has users, answers with their videos, reviews and stored files', () => {
      expect(sourceContents.users.length).toBeGreaterThan(5);
      expect(sourceContents.answers.length).toBeGreaterThan(0);
      expect(sourceContents.reviews.length).toBeGreaterThan(0);
      expect(
        sourceContents.files.filter(
          (f) => f.fileTypeId === MediaType.Video && f.status === FileStatus.Ready,
        ).length,
      ).toBeGreaterThan(0);
    });

    it('writes a manifest with the counts, the database kind and a sha256 per file', () => {
      const manifest = JSON.parse(readFileSync(path.join(backupFolder, 'manifest.json'), 'utf8'));
      expect(manifest.database.kind).toBe(onPostgres ? 'postgres' : 'pglite');
      expect(manifest.storage).toEqual({ driver: 'local' });
      expect(manifest.counts).toEqual({
        users: sourceContents.users.length,
        answers: sourceContents.answers.length,
        reviews: sourceContents.reviews.length,
        files: sourceContents.files.length,
      });
      expect(manifest.database.migrations.applied).toBeGreaterThan(0);
      if (onPostgres) {
        // What the version rule of operations.md 'Backups' is checked against.
        expect(manifest.database.serverVersion).toMatch(/^\d+/);
        expect(manifest.database.dumpVersion).toMatch(/^pg_dump \(PostgreSQL\) \d+/);
      }
      const listed = new Map(
        manifest.files.map((f: { path: string; sha256: string }) => [f.path, f.sha256]),
      );
      for (const [key, hash] of Object.entries(sourceContents.bytes))
        expect(listed.get(`files/${key}`)).toBe(hash);
    });

    it('restores every user, answer, review and stored file into an empty instance', async () => {
      const target = await newInstance('empty');
      instances.push(target);
      const { migrationsApplied } = await restoreInto(target, backupFolder);
      expect(migrationsApplied).toBe(0);
      expect(await contentsOf(target)).toEqual(sourceContents);
    });

    it('restores over a non-empty target with force, keeping what it held aside', async () => {
      const target = await newInstance('migrated');
      instances.push(target);
      await restoreInto(target, backupFolder, true);
      expect(await contentsOf(target)).toEqual(sourceContents);
      if (!onPostgres)
        expect(
          readdirSync(target.dataDir).filter((name) => name.startsWith('pglite.before-restore-')),
        ).toHaveLength(1);
    });

    it('applies the migrations a backup of an older version lacks', async () => {
      const { instance: older, applied } = await olderInstance(2);
      instances.push(older);
      const folder = newPath('backup-older');
      const manifest = await backup({
        folder,
        databaseUrl: older.databaseUrl,
        dataDir: older.dataDir,
        storage,
        practicaVersion: 'older',
      });
      expect(manifest.database.migrations.applied).toBe(applied);
      const target = await newInstance('empty');
      instances.push(target);
      const { migrationsApplied } = await restoreInto(target, folder);
      expect(migrationsApplied).toBe(2);
      const database = await open(target);
      try {
        // The newest tables are there: the restored instance is usable by this version.
        expect(await database.db.select().from(users)).toEqual([]);
        expect(await database.db.select().from(reviews)).toEqual([]);
      } finally {
        await database.close();
      }
    });

    it('with S3 backs up the database only, names the bucket, and restores with S3 only', async () => {
      // Neither CLI contacts the bucket: its versioning is the files' backup.
      const s3 = {
        driver: 's3',
        bucket: 'practica-files',
        endpoint: 'http://127.0.0.1:9',
        region: 'us-east-1',
        forcePathStyle: true,
      } as const;
      const instance = await newInstance('migrated');
      instances.push(instance);
      const folder = newPath('backup-s3');
      const manifest = await backup({
        folder,
        databaseUrl: instance.databaseUrl,
        dataDir: instance.dataDir,
        storage: s3,
        practicaVersion: 'test',
      });
      expect(manifest.storage).toMatchObject({ driver: 's3', bucket: 'practica-files' });
      expect(manifest.storage.driver === 's3' && manifest.storage.note).toContain('versioning');
      expect(manifest.files.filter((f) => f.path.startsWith('files/'))).toEqual([]);
      const target = await newInstance('empty');
      instances.push(target);
      await expect(restoreInto(target, folder)).rejects.toThrow('restore it with the same driver');
      expect(await databaseIsEmpty(target)).toBe(true);
      await restore({
        folder,
        databaseUrl: target.databaseUrl,
        dataDir: target.dataDir,
        storage: s3,
      });
      expect(await databaseIsEmpty(target)).toBe(false);
    });

    it('refuses a backup with an altered file and writes nothing', async () => {
      const copy = backupCopy();
      const manifest = JSON.parse(readFileSync(path.join(copy, 'manifest.json'), 'utf8'));
      const video = manifest.files.find((f: { path: string }) => f.path.startsWith('files/'));
      appendFileSync(path.join(copy, video.path), 'x');
      const target = await newInstance('empty');
      instances.push(target);
      await expect(restoreInto(target, copy)).rejects.toThrow(
        `${video.path} of the backup was altered`,
      );
      expect(await databaseIsEmpty(target)).toBe(true);
      expect(existsSync(path.join(target.dataDir, 'files'))).toBe(false);
    });

    it('refuses a backup with a missing file and writes nothing', async () => {
      const copy = backupCopy();
      const dump = onPostgres ? 'database/toc.dat' : 'database/pglite.tar.gz';
      rmSync(path.join(copy, dump));
      const target = await newInstance('empty');
      instances.push(target);
      await expect(restoreInto(target, copy)).rejects.toThrow(`The backup is missing ${dump}`);
      expect(await databaseIsEmpty(target)).toBe(true);
    });

    it('refuses a backup of the other database kind', async () => {
      const copy = backupCopy();
      const file = path.join(copy, 'manifest.json');
      const manifest = JSON.parse(readFileSync(file, 'utf8'));
      manifest.database.kind = onPostgres ? 'pglite' : 'postgres';
      writeFileSync(file, JSON.stringify(manifest));
      const target = await newInstance('empty');
      instances.push(target);
      await expect(restoreInto(target, copy)).rejects.toThrow('restore it into the same kind');
      expect(await databaseIsEmpty(target)).toBe(true);
    });

    it('refuses to restore into a non-empty target and leaves it as it was', async () => {
      const target = await newInstance('migrated');
      instances.push(target);
      const before = await contentsOf(target);
      await expect(restoreInto(target, backupFolder)).rejects.toThrow('is not empty');
      expect(await contentsOf(target)).toEqual(before);
    });

    it.skipIf(onPostgres)(
      'refuses to back up or restore an embedded data folder a running server holds',
      async () => {
        const held = await newInstance('migrated');
        // A live process other than this one holds the lock, as a running server would.
        writeFileSync(path.join(held.dataDir, '.lock'), String(process.ppid));
        await expect(
          backup({
            folder: newPath('backup-held'),
            databaseUrl: undefined,
            dataDir: held.dataDir,
            storage,
            practicaVersion: 'test',
          }),
        ).rejects.toThrow('is in use by another Practica server');
        const empty = await newInstance('empty');
        mkdirSync(empty.dataDir, { recursive: true });
        writeFileSync(path.join(empty.dataDir, '.lock'), String(process.ppid));
        await expect(restoreInto(empty, backupFolder)).rejects.toThrow(
          'is in use by another Practica server',
        );
        expect(existsSync(path.join(empty.dataDir, 'pglite'))).toBe(false);
      },
    );

    it('refuses to write into a folder that is not empty', async () => {
      await expect(
        backup({
          folder: backupFolder,
          databaseUrl: source.databaseUrl,
          dataDir: source.dataDir,
          storage,
          practicaVersion: 'test',
        }),
      ).rejects.toThrow('is not empty');
    });

    it('the CLIs answer --help with 0 and a missing folder with 1', async () => {
      const write = process.stdout.write.bind(process.stdout);
      const writeErr = process.stderr.write.bind(process.stderr);
      const out: string[] = [];
      process.stdout.write = ((text: string) => out.push(text) > 0) as typeof process.stdout.write;
      process.stderr.write = ((text: string) => out.push(text) > 0) as typeof process.stderr.write;
      try {
        expect(await backupMain(['--help'])).toBe(0);
        expect(await restoreMain(['--help'])).toBe(0);
        expect(await backupMain([])).toBe(1);
        expect(await restoreMain([])).toBe(1);
        expect(await restoreMain([newPath('nothing-here')])).toBe(1);
      } finally {
        process.stdout.write = write;
        process.stderr.write = writeErr;
      }
      expect(out.join('')).toContain('Usage: npm run backup -- <folder>');
      expect(out.join('')).toContain('Usage: npm run restore -- <folder> [--force]');
      expect(out.join('')).toContain('it is not a Practica backup');
    });
  },
);
