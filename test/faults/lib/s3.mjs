/**
 * An S3 protocol server for the fault scripts that run with STORAGE_DRIVER=s3: the end-to-end
 * suite's (web/e2e/s3-server.ts, s3rver with a fresh bucket `practica-e2e`) in a child process on
 * `port`, stopped at cleanup.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { onCleanup } from './cleanup.mjs';
import { repoRoot } from './server.mjs';

/**
 * Starts it and answers the server's storage settings (STORAGE_DRIVER, S3_*, the AWS_* pair of
 * s3rver, which is not a secret). Throws with its output when it is not up within `timeoutMs`.
 */
export function startS3Process(port, timeoutMs = 30_000) {
  const child = spawn(
    path.join(repoRoot, 'node_modules/.bin/tsx'),
    [path.join(repoRoot, 'web/e2e/s3-server.ts')],
    { cwd: repoRoot, env: { ...process.env, E2E_S3_PORT: String(port) } },
  );
  onCleanup(() => {
    child.kill('SIGTERM');
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the S3 server did not start in ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    );
    const onData = (chunk) => {
      output += chunk.toString('utf8');
      if (!output.includes('S3 server at')) return;
      clearTimeout(timer);
      resolve({
        STORAGE_DRIVER: 's3',
        S3_BUCKET: 'practica-e2e',
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_REGION: 'us-east-1',
        S3_FORCE_PATH_STYLE: 'true',
        AWS_ACCESS_KEY_ID: 'S3RVER',
        AWS_SECRET_ACCESS_KEY: 'S3RVER',
      });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => (output += chunk.toString('utf8')));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the S3 server exited (${code}):\n${output}`));
    });
  });
}
