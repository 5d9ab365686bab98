// Starts and stops the built server (a child `node main.js`) against a benchmark database.
/* global fetch */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import path from 'node:path';

const jwtSecret = randomBytes(32).toString('base64url');

/**
 * Extra node options for the server process (`BENCH_NODE_ARGS`, e.g. `--cpu-prof
 * --cpu-prof-dir=/tmp/prof` or `--trace-gc`); `BENCH_SERVER_LOG` names a file that gets the
 * server's output when it stops.
 */
const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);

/**
 * Starts `main` (the bundle) on 127.0.0.1:`port` with NODE_ENV=production, LOG_LEVEL=warn and
 * DATABASE_URL=`url`; `countSql` adds BENCH_SQL_COUNT=1. Resolves once /api/info answers;
 * answers `{base, pid, output(), stop()}`.
 */
export async function startServer({ main, url, port, countSql = false, loginRatePerMinute }) {
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: url,
    JWT_SECRET: jwtSecret,
    DATA_DIR: path.join(path.dirname(main), 'data'),
    LOGIN_RATE_PER_MINUTE: String(loginRatePerMinute),
    SEED_DEMO: 'false',
  };
  delete env.BENCH_SQL_COUNT;
  if (countSql) env.BENCH_SQL_COUNT = '1';
  const child = spawn(process.execPath, [...nodeArgs, main], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    try {
      const res = await fetch(`${base}/api/info`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    base,
    pid: child.pid,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
      if (process.env.BENCH_SERVER_LOG) appendFileSync(process.env.BENCH_SERVER_LOG, output);
    },
  };
}

/** Signs in and answers the session token. */
export async function login(base, email, password) {
  const res = await fetch(`${base}/api/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = await res.json();
  if (!res.ok || !body?.data?.token)
    throw new Error(`login ${email}: ${res.status} ${JSON.stringify(body)}`);
  return body.data.token;
}
