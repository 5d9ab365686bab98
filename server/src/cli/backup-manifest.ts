/**
 * What `npm run backup` and `npm run restore` share (operations.md 'Backups'): the backup folder's
 * `manifest.json` (its zod schema, the sha256 of every file), the counts and migration level of a
 * database, the PostgreSQL client binaries, and the errors and progress lines of both CLIs.
 *
 * A backup folder holds `manifest.json`, `database/` (PostgreSQL: a `pg_dump --format=directory`
 * folder; embedded: `pglite.tar.gz`, PGlite's `dumpDataDir`), `files/` (the local storage's
 * objects, under their keys) and, embedded only, `jwt-secret`.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { count, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ConfigError, loadConfig, type Config } from '../config.js';
import type { Db } from '../db/client.js';
import { answers, files, reviews, users } from '../db/schema/index.js';
import { migrationsDir } from '../lib/paths.js';

/** A refusal or failure the operator can act on: the CLI prints its message alone and exits 1. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/**
 * The message a CLI prints for `error`: the message alone for a BackupError or a configuration
 * error (ConfigError), the stack of anything unexpected.
 */
function failureText(error: unknown): string {
  if (error instanceof BackupError || error instanceof ConfigError) return error.message;
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/** Writes one progress line on stderr (stdout stays free for the final summary). */
export type Progress = (line: string) => void;

/** The default progress: `[backup] line` / `[restore] line` on stderr. */
export function stderrProgress(tool: 'backup' | 'restore'): Progress {
  return (line) => process.stderr.write(`[${tool}] ${line}\n`);
}

const fileEntry = z.object({
  /** Path inside the backup folder, `/`-separated. */
  path: z.string().min(1),
  bytes: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

const counts = z.object({
  users: z.number().int().nonnegative(),
  answers: z.number().int().nonnegative(),
  reviews: z.number().int().nonnegative(),
  files: z.number().int().nonnegative(),
});

/** `manifest.json` of a backup folder (format 1). */
export const manifestSchema = z.object({
  format: z.literal('practica-backup'),
  formatVersion: z.literal(1),
  practicaVersion: z.string(),
  /** ISO 8601, UTC. */
  createdAt: z.string(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    /** Migrations applied (rows of drizzle's journal table) and the tag of the last one. */
    migrations: z.object({
      applied: z.number().int().nonnegative(),
      latest: z.string().nullable(),
    }),
    /** PostgreSQL: `server_version` of the dumped server and `pg_dump --version`. */
    serverVersion: z.string().optional(),
    dumpVersion: z.string().optional(),
  }),
  storage: z.discriminatedUnion('driver', [
    z.object({ driver: z.literal('local') }),
    z.object({
      driver: z.literal('s3'),
      bucket: z.string(),
      endpoint: z.string().optional(),
      region: z.string(),
      /** Says that the bucket's objects are not in the folder: its versioning is their backup. */
      note: z.string(),
    }),
  ]),
  counts,
  files: z.array(fileEntry),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type Counts = z.infer<typeof counts>;

/** The manifest's file name inside a backup folder. */
export const manifestName = 'manifest.json';
/** The embedded database's dump inside a backup folder. */
export const pgliteDumpPath = 'database/pglite.tar.gz';
/** The PostgreSQL dump (a `pg_dump --format=directory` folder) inside a backup folder. */
export const pgDumpFolder = 'database';
/** The local storage's objects inside a backup folder (keys are the paths below it). */
export const filesFolder = 'files';
/** The embedded server's session signing key inside a backup folder. */
export const jwtSecretName = 'jwt-secret';

/** The sha256 (hex) and size in bytes of the file at `file`. */
export async function hashFile(file: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

/**
 * Every regular file under `root`, as `/`-separated paths relative to it, sorted; folders named
 * in `skip` (at any depth) are left out. A missing `root` answers [].
 */
export function listFiles(root: string, skip: readonly string[] = []): string[] {
  if (!existsSync(root)) return [];
  const found: string[] = [];
  const walk = (dir: string, prefix: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!skip.includes(entry.name)) walk(path.join(dir, entry.name), `${prefix}${entry.name}/`);
      } else if (entry.isFile()) found.push(`${prefix}${entry.name}`);
    }
  };
  walk(root, '');
  return found.sort();
}

/** Users, answers, reviews and file rows of `db` (soft-deleted rows included). */
export async function countRows(db: Db): Promise<Counts> {
  const of = async (table: typeof users | typeof answers | typeof reviews | typeof files) =>
    (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return {
    users: await of(users),
    answers: await of(answers),
    reviews: await of(reviews),
    files: await of(files),
  };
}

/** The tags of the committed migrations, oldest first (drizzle's journal). */
function journalTags(): { tag: string; when: number }[] {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8'),
  ).entries as { tag: string; when: number }[];
  return journal;
}

/** How many migrations this Practica has (a backup with more is from a newer version). */
export function knownMigrations(): { applied: number; latest: string | null } {
  const tags = journalTags();
  return { applied: tags.length, latest: tags.at(-1)?.tag ?? null };
}

/**
 * The migration level of `db`: how many migrations drizzle recorded and the tag of the last one
 * (null when it is not one this Practica knows). Throws BackupError when the database was never
 * migrated (not a Practica database).
 */
export async function migrationLevel(db: Db): Promise<Manifest['database']['migrations']> {
  let rows: { applied: number; last: string | null }[];
  try {
    // node-postgres and PGlite both answer `{rows}`.
    const result = (await db.execute(
      sql`select count(*)::int as applied, max(created_at)::text as last from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { applied: number; last: string | null }[] };
    rows = result.rows;
  } catch (error) {
    throw new BackupError(
      `The database holds no Practica migrations (${(error as Error).message}): is it a Practica database?`,
    );
  }
  const { applied = 0, last = null } = rows[0] ?? {};
  const latest = journalTags().find((entry) => String(entry.when) === last)?.tag ?? null;
  return { applied, latest };
}

/**
 * The absolute path of PostgreSQL's client program `name` (pg_dump, pg_restore): the highest
 * version under /usr/lib/postgresql (as scripts/lib/postgres.mjs finds the server), else the first
 * on PATH. Throws BackupError naming where it looked when there is none.
 */
export function findPgProgram(name: 'pg_dump' | 'pg_restore'): string {
  const base = '/usr/lib/postgresql';
  if (existsSync(base)) {
    const versions = readdirSync(base)
      .filter((v) => existsSync(path.join(base, v, 'bin', name)))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(base, versions[0], 'bin', name);
  }
  for (const dir of (process.env['PATH'] ?? '').split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  throw new BackupError(
    `${name} was not found (looked in ${base}/*/bin and on PATH): install PostgreSQL's client ` +
      "programs (Debian: apt-get install postgresql-client), of the server's major version or newer.",
  );
}

/**
 * `databaseUrl` for a PostgreSQL program: the URL without its password, and the password as
 * PGPASSWORD in the environment, so the password never shows in the process list.
 */
export function pgConnection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return {
    dbname: url.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

/**
 * Runs `program` with `args` and `env`, its stderr lines passed to `progress`; resolves its
 * stdout. Throws BackupError with the program's last stderr lines when it exits non-zero.
 */
export function runProgram(
  program: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  progress: Progress,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    const errors: string[] = [];
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        errors.push(line);
        progress(`${path.basename(program)}: ${line}`);
      }
    });
    child.on('error', (error) =>
      reject(new BackupError(`${program} could not run: ${error.message}`)),
    );
    child.on('close', (code) => {
      if (code === 0) resolve(stdout);
      else
        reject(
          new BackupError(
            `${path.basename(program)} failed (exit ${code}): ${errors.slice(-5).join(' / ')}`,
          ),
        );
    });
  });
}

/**
 * A progress line for step `index` (0-based) of `total` over a long loop, at most every 2 s:
 * call it after each step; it writes `  n/total what` when the last line is older than that.
 */
export function stepProgress(
  progress: Progress,
  what: string,
): (index: number, total: number) => void {
  let last = Date.now();
  return (index, total) => {
    if (Date.now() - last < 2_000) return;
    last = Date.now();
    progress(`  ${index + 1}/${total} ${what}`);
  };
}

/** Whole MB of `bytes`, for progress lines. */
export function megabytes(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}

/**
 * The frame of both CLIs: parses `argv` (one `<folder>`, `--help`, and `--force` for the
 * restore), loads the configuration from the environment and runs `run`, whose answer is printed
 * on stdout. The configuration gets a placeholder JWT_SECRET: neither CLI signs anything, and
 * neither may create `DATA_DIR/jwt-secret`. Answers the exit code: 0 done (or `--help`), 1 a usage
 * error, a refusal or a failure, whose message goes to stderr.
 */
export async function runCli(
  tool: 'backup' | 'restore',
  argv: string[],
  usage: string,
  run: (folder: string, config: Config, force: boolean) => Promise<string>,
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        help: { type: 'boolean', short: 'h' },
        ...(tool === 'restore' ? { force: { type: 'boolean' as const } } : {}),
      },
      allowPositionals: true,
    });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${usage}`);
    return 1;
  }
  if (parsed.values.help) {
    process.stdout.write(usage);
    return 0;
  }
  const [folder, ...extra] = parsed.positionals;
  if (!folder || extra.length > 0) {
    process.stderr.write(usage);
    return 1;
  }
  try {
    const config = loadConfig({ ...process.env, JWT_SECRET: `${tool}-placeholder`.repeat(4) });
    process.stdout.write(`${await run(folder, config, parsed.values.force === true)}\n`);
    return 0;
  } catch (error) {
    process.stderr.write(
      `${tool === 'backup' ? 'Backup' : 'Restore'} failed: ${failureText(error)}\n`,
    );
    return 1;
  }
}
