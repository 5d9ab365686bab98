/**
 * A throwaway PostgreSQL for one fault script (scripts/lib/postgres.mjs `startPostgres()`), with
 * what the scripts add: a fresh database per use, plain SQL queries, and stopping and starting
 * the cluster in place (pg_ctl as the `postgres` user when running as root) for the restart fault.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { findPostgresBin, startPostgres } from '../../../scripts/lib/postgres.mjs';
import { onCleanup } from './cleanup.mjs';

/**
 * Starts a cluster (stopped and removed at cleanup). Answers `{url, databaseUrl(name), query, stop,
 * start, createDatabase}`.
 */
export async function startCluster() {
  const cluster = await startPostgres();
  onCleanup(() => cluster.stop());
  const bin = findPostgresBin();
  const data = path.join(cluster.dir, 'data');
  // The server options of the first start (pg_ctl start does not reuse them by itself).
  const opts = readPostmasterOpts(data);
  const asRoot = process.getuid?.() === 0;
  const run = promisify(execFile);
  const pgCtl = (args) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, 'pg_ctl'), ...args])
      : run(path.join(bin, 'pg_ctl'), args);
  const urlOf = (name) => cluster.url.replace(/\/postgres$/, `/${name}`);

  return {
    url: cluster.url,
    port: cluster.port,
    /** The cluster's data folder. */
    dataDir: data,
    /** The connection string of database `name` on this cluster. */
    urlOf,
    /** Creates database `name` and answers its connection string. */
    async createDatabase(name) {
      await query(cluster.url, `create database "${name}"`);
      return urlOf(name);
    },
    /** `pg_ctl stop -m fast`: disconnects every client and shuts down; answers when it is down. */
    async stop() {
      await pgCtl(['-D', data, '-m', 'fast', '-w', 'stop']);
    },
    /** Starts the cluster again with its first options; answers when it accepts connections. */
    async start() {
      await pgCtl(['-D', data, '-o', opts, '-l', path.join(cluster.dir, 'log'), '-w', 'start']);
    },
  };
}

/** The options of the running postmaster (postmaster.opts without the binary and `-D dir`). */
function readPostmasterOpts(data) {
  const text = readFileSync(path.join(data, 'postmaster.opts'), 'utf8').trim();
  const args = [...text.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]);
  const out = [];
  for (let i = 0; i < args.length; i += 1) {
    if (args[i] === '-D') {
      i += 1;
      continue;
    }
    out.push(args[i].includes(' ') ? `'${args[i]}'` : args[i]);
  }
  return out.join(' ');
}

/** Runs one statement on `url` with a short-lived client; answers the rows. */
export async function query(url, text, values = []) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}
