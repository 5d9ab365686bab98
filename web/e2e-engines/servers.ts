/**
 * The servers an engines run talks to, started as web/e2e/playwright.config.ts starts them: the
 * built server (`node server/dist/main.js` from the repo root) on a free port with a fresh data
 * folder (embedded database, demo seed) and its JSON log in that folder; and, for the S3 pass,
 * the tests' S3 server (`npx tsx web/e2e/s3-server.ts`, bucket practica-e2e) with a second server
 * storing its files there (STORAGE_DRIVER=s3).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './browser';

/** The repository's root folder. */
export const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');

/** Where a file is kept: the server's local disk or the S3 bucket. */
export type StorageName = 'local' | 's3';

/** A running server: its URL, data folder and log; `stop()` ends it (and its S3 server). */
export interface RunningServer {
  storage: StorageName;
  baseUrl: string;
  dataDir: string;
  logFile: string;
  /** Seconds from spawn to /readyz answering. */
  startSeconds: number;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `url` until it answers 2xx; throws after `timeoutMs` or when `child` exits first. */
async function waitReady(url: string, child: ChildProcess, timeoutMs: number, what: string) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`${what} exited (${child.exitCode}) before ${url} answered`);
    try {
      const answer = await fetch(url);
      if (answer.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until)
      throw new Error(`${what}: ${url} did not answer within ${timeoutMs} ms`);
    await sleep(250);
  }
}

/** Ends a process group this module started (detached: npx and tsx have children), by its id. */
function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return Promise.resolve();
  const pid = child.pid;
  return new Promise((done) => {
    const timer = setTimeout(() => {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      done();
    });
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      clearTimeout(timer);
      done();
    }
  });
}

/** Keeps the last `max` characters a stream wrote (the error output, for a failed start). */
function tail(child: ChildProcess, max = 4_000): () => string {
  let text = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    text = (text + chunk.toString()).slice(-max);
  });
  return () => text;
}

/**
 * Starts the built server with `storage` files on a free port; answers when /readyz answers
 * (within 120 s: the first start creates the demo data). Throws with the server's error output
 * when it does not come up. `keepData` keeps the data folder after stop (to read the log).
 */
export async function startServer(storage: StorageName, keepData = false): Promise<RunningServer> {
  const started = Date.now();
  const dataDir = mkdtempSync(join(tmpdir(), `practica-engines-${storage}-`));
  const logFile = join(dataDir, 'server.log');
  const port = await freePort();
  const extra: Record<string, string> = {};
  let s3: ChildProcess | undefined;
  if (storage === 's3') {
    const s3Port = await freePort();
    s3 = spawn('npx', ['tsx', 'web/e2e/s3-server.ts'], {
      cwd: repoRoot,
      env: { ...process.env, E2E_S3_PORT: String(s3Port) },
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    });
    const s3Errors = tail(s3);
    try {
      await waitReady(`http://127.0.0.1:${s3Port}/practica-e2e`, s3, 60_000, 'S3 server');
    } catch (error) {
      await stopGroup(s3);
      throw new Error(`${String(error)}\n${s3Errors()}`);
    }
    Object.assign(extra, {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'practica-e2e',
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    });
  }
  const server = spawn('node', ['server/dist/main.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_FILE: logFile,
      ...extra,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  const errors = tail(server);
  const baseUrl = `http://localhost:${port}`;
  const stop = async () => {
    await stopGroup(server);
    if (s3) await stopGroup(s3);
    if (!keepData) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitReady(`${baseUrl}/readyz`, server, 120_000, `server (${storage})`);
  } catch (error) {
    await stop();
    throw new Error(`${String(error)}\n${errors()}`);
  }
  return {
    storage,
    baseUrl,
    dataDir,
    logFile,
    startSeconds: (Date.now() - started) / 1000,
    stop,
  };
}
