/**
 * Waking the media workers when jobs are queued: the statement that queues jobs also runs
 * `pg_notify('practica_media_jobs', '')`, which PostgreSQL delivers when its transaction commits,
 * to every server copy listening on the database, PGlite included. A worker that listens starts
 * the new job at once instead of at its next poll; polling stays as the fallback (a notification
 * lost while a listening connection was down, a pooler that drops LISTEN).
 *
 * - PGlite (one in-process session): `PGlite.listen`.
 * - PostgreSQL: a connection of its own, with the pool's settings, that LISTENs; when it breaks it
 *   is opened again after `reconnectMs`, and the worker is woken once (a notification may have
 *   been missed meanwhile).
 * - Any other client: no listener (polling only).
 */
import pg from 'pg';
import type { Db } from '../../db/client.js';
import type { MediaLog } from './worker.js';

/** The channel queued jobs are announced on. */
export const mediaJobsChannel = 'practica_media_jobs';

/** Delay before a broken PostgreSQL listening connection is opened again, in milliseconds. */
const reconnectMs = 5_000;

interface PgliteLike {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}

const isPglite = (client: unknown): client is PgliteLike =>
  typeof (client as { listen?: unknown } | null)?.listen === 'function';

const isPool = (client: unknown): client is pg.Pool => client instanceof pg.Pool;

/**
 * Calls `onQueued` whenever a transaction that queued media jobs commits on `db`'s database, until
 * the answered `stop()` (which closes what it opened). Never throws: without a way to listen it
 * logs and answers a `stop` that does nothing; the worker's polling still runs the jobs.
 */
export async function listenForQueuedJobs(
  db: Db,
  onQueued: () => void,
  log: MediaLog,
): Promise<() => Promise<void>> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (isPglite(client)) {
    try {
      const unlisten = await client.listen(mediaJobsChannel, onQueued);
      return async () => {
        await unlisten().catch(() => undefined);
      };
    } catch (err) {
      log.warn({ err }, 'media jobs: could not LISTEN; new jobs wait for the next poll');
      return async () => {};
    }
  }
  if (isPool(client)) return listenOnPostgres(client, onQueued, log);
  return async () => {};
}

function listenOnPostgres(pool: pg.Pool, onQueued: () => void, log: MediaLog): () => Promise<void> {
  let stopped = false;
  let current: pg.Client | null = null;
  let timer: NodeJS.Timeout | undefined;
  let warned = false;
  /** The connection was down since the last LISTEN: a notification may have been missed. */
  let missed = false;

  const retry = () => {
    if (stopped || timer) return;
    missed = true;
    timer = setTimeout(() => {
      timer = undefined;
      void open();
    }, reconnectMs).unref();
  };

  const open = async () => {
    // The pool's settings (its URL, timeouts) make the listening connection.
    const client = new pg.Client(pool.options);
    current = client;
    client.on('error', () => {}); // 'end' follows: handled there
    client.on('notification', (message) => {
      if (message.channel === mediaJobsChannel) onQueued();
    });
    client.on('end', () => {
      if (current === client) current = null;
      retry();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${mediaJobsChannel}`);
      if (stopped) await client.end();
      else if (missed) {
        missed = false;
        if (warned) log.info({}, 'media jobs: listening again');
        warned = false;
        onQueued(); // what was queued while the connection was down
      }
    } catch (err) {
      if (!warned && !stopped)
        log.warn({ err }, 'media jobs: could not LISTEN; new jobs wait for the next poll');
      warned = true;
      await client.end().catch(() => undefined);
      retry();
    }
  };
  void open();

  return async () => {
    stopped = true;
    clearTimeout(timer);
    await current?.end().catch(() => undefined);
  };
}
