/**
 * The end-to-end run's S3 server (the `practice-s3` project of playwright.config.ts): the tests'
 * in-process s3rver (server/test/helpers/s3-server.ts) as a process on `E2E_S3_PORT`, with a
 * fresh bucket `practica-e2e` whose CORS rule lets the browser PUT and GET. Stops on SIGTERM.
 * Run with `npx tsx web/e2e/s3-server.ts`.
 */
import { startS3Server } from '../../server/test/helpers/s3-server.js';

const server = await startS3Server({
  bucket: 'practica-e2e',
  port: Number(process.env['E2E_S3_PORT'] ?? 3199),
});
process.stdout.write(`S3 server at ${server.endpoint}/${server.bucket}\n`);
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
