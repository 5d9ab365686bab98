#!/usr/bin/env node
// For working on the server's queries: loads both benchmark datasets into a throwaway PostgreSQL
// and keeps it running until Ctrl-C, printing the URLs to give `npm run bench -- --large-url=…
// --small-url=…` (and to psql for EXPLAIN). The cluster is removed on exit.
import { setInterval } from 'node:timers';
import { startPostgres } from '../scripts/lib/postgres.mjs';
import { buildServer } from './lib/build-server.mjs';
import { prepareDatabase } from './lib/database.mjs';

const build = await buildServer();
const { hashPassword } = await import(build.password);
const passwordHash = await hashPassword('bench-pass-1');
build.remove();
const cluster = await startPostgres();
const stop = () => {
  cluster.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
const large = await prepareDatabase(cluster.url, 'bench_large', {
  scale: 1,
  passwordHash,
  log: console.log,
});
const small = await prepareDatabase(cluster.url, 'bench_small', {
  scale: 0.1,
  passwordHash,
  log: () => {},
});
console.log(
  `\nlarge: ${large.url}\nsmall: ${small.url}\n(loaded in ${large.load.totalSeconds.toFixed(1)} s and ${small.load.totalSeconds.toFixed(1)} s; Ctrl-C removes the cluster)`,
);
setInterval(() => {}, 1 << 30);
