// One benchmark database: created in the throwaway cluster, migrated with the committed
// migrations (as the server would at start) and loaded with the dataset.
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { loadDataset } from './dataset.mjs';

const migrationsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'server',
  'drizzle',
);

/** The URL of database `name` in the cluster whose maintenance URL is `clusterUrl`. */
export function databaseUrl(clusterUrl, name) {
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Creates database `name`, applies the migrations and loads the dataset at `scale`. Answers
 * `{url, load}` where `load` is what `loadDataset` answered (with the total seconds).
 */
export async function prepareDatabase(clusterUrl, name, { scale, passwordHash, log }) {
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  await admin.end();

  const url = databaseUrl(clusterUrl, name);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = performance.now();
    await migrate(drizzle({ client }), { migrationsFolder });
    const migrated = (performance.now() - started) / 1000;
    const load = await loadDataset(client, { scale, passwordHash, log });
    return {
      url,
      load: {
        ...load,
        migrateSeconds: migrated,
        totalSeconds: (performance.now() - started) / 1000,
      },
    };
  } finally {
    await client.end();
  }
}
