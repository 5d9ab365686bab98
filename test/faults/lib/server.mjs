/**
 * The server as production starts it: `node server/dist/main.js` (after `npm run build`) in a child
 * process with NODE_ENV=production. `FAULTS_SERVER_ENTRY` points at another build (development
 * uses a private build folder). Output is kept in memory and shown when a script fails.
 */
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { onCleanup } from './cleanup.mjs';

/** The repository root. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** A fixed signing key, so two copies and restarts accept each other's tokens. */
export const jwtSecret = 'faults-test-signing-key-0123456789abcdef';

/** The first of the ports the scripts use (FAULTS_PORT_BASE, default 3330). */
export const portBase = Number(process.env.FAULTS_PORT_BASE ?? 3330);

/** The built server to run; throws with the fix when it is missing. */
export function serverEntry() {
  const entry = path.resolve(
    process.env.FAULTS_SERVER_ENTRY ?? path.join(repoRoot, 'server/dist/main.js'),
  );
  if (!existsSync(entry))
    throw new Error(`${entry} is missing: run \`npm run build\` before \`npm run test:faults\`.`);
  return entry;
}

/**
 * The environment of a production start: NODE_ENV=production, a fixed JWT_SECRET, 127.0.0.1,
 * LOG_LEVEL warn (FAULTS_LOG_LEVEL), demo seed on, fast mail polling, the S3 settings of
 * FAULTS_S3_ENV (JSON, set by the runner's S3 pass); `overrides` win (a value
 * of undefined removes the variable).
 */
export function serverEnv(overrides = {}) {
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    JWT_SECRET: jwtSecret,
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.FAULTS_LOG_LEVEL ?? 'warn',
    SEED_DEMO: 'true',
    MAIL_POLL_MS: '200',
    // The runner's S3 pass: the bucket every server of the script uses.
    ...(process.env.FAULTS_S3_ENV ? JSON.parse(process.env.FAULTS_S3_ENV) : {}),
    ...overrides,
  };
  for (const key of ['DATABASE_URL', 'SMTP_URL', 'BENCH_SQL_COUNT'])
    if (!(key in overrides)) delete env[key];
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];
  return env;
}

/**
 * The pids of every live descendant of `pid` (Linux /proc; none elsewhere): a server's ffmpeg
 * and ffprobe, which a SIGKILL of the server alone would leave running as orphans.
 */
export function descendants(pid) {
  const parents = new Map();
  let entries = [];
  try {
    entries = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return [];
  }
  for (const d of entries) {
    try {
      const text = readFileSync(`/proc/${d}/stat`, 'utf8');
      parents.set(Number(d), Number(text.slice(text.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      /* gone meanwhile */
    }
  }
  const found = [];
  const walk = (p) => {
    for (const [child, parent] of parents)
      if (parent === p) {
        found.push(child);
        walk(child);
      }
  };
  walk(pid);
  return found;
}

/** SIGKILLs each of `pids`, ignoring those already gone. */
function killAll(pids) {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
}

/** GET `url` with a timeout; answers the status, 0 when unreachable. */
export function probe(url, timeoutMs = 2_000) {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve(0));
  });
}

/**
 * Starts a server process on `port` with `env` (see `serverEnv`). With `waitReady` (default) it
 * answers once GET /readyz says 200, or throws with the server's output when the process exits or
 * `timeoutMs` passes. The process is killed at cleanup if still running. `launcher`: a command
 * that execs node in place (e.g. `['nice', '-n', '19']`, `['taskset', '-c', '1']`), so the pid
 * stays the server's.
 */
export async function startServer({
  name = 'server',
  port,
  env,
  waitReady = true,
  timeoutMs = 120_000,
  launcher = [],
}) {
  const chunks = [];
  let size = 0;
  const keep = (chunk) => {
    chunks.push(chunk);
    size += chunk.length;
    while (size > 1_000_000 && chunks.length > 1) size -= chunks.shift().length;
  };
  const started = Date.now();
  // FAULTS_NODE_ARGS: extra node flags for the server (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
  const nodeArgs = (process.env.FAULTS_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const command = [...launcher, process.execPath, ...nodeArgs, serverEntry()];
  const child = spawn(command[0], command.slice(1), {
    cwd: repoRoot,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exit = null;
  const exited = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      exit = { code, signal, atMs: Date.now() };
      resolve(exit);
    });
  });
  // Media tools the server started: a SIGKILL (a crash) ends them with it, as the end of a
  // container would, instead of leaving them to run on as orphans beside the next measurement.
  let tools = [];
  const killWithTools = () => {
    tools = descendants(child.pid);
    child.kill('SIGKILL');
    killAll(tools);
  };
  const unregister = onCleanup(async () => {
    if (exit) return;
    killWithTools();
    await exited;
  });
  void exited.then(unregister);

  const server = {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    child,
    exited,
    /** The exit `{code, signal, atMs}` or null while running. */
    get exit() {
      return exit;
    },
    /** Everything the process printed so far (the last megabyte). */
    output: () => Buffer.concat(chunks).toString('utf8'),
    /**
     * Sends `signal` (default SIGTERM) to the server; SIGKILL also kills its media tools (ffmpeg,
     * ffprobe), which would otherwise run on as orphans.
     */
    kill: (signal = 'SIGTERM') => {
      if (exit) return false;
      if (signal !== 'SIGKILL') return child.kill(signal);
      killWithTools();
      return true;
    },
    /** Answers the exit, or null when the process still runs after `ms`. */
    async waitExit(ms) {
      let timer;
      const timeout = new Promise((resolve) => {
        timer = setTimeout(() => resolve(null), ms);
      });
      try {
        return await Promise.race([exited, timeout]);
      } finally {
        clearTimeout(timer); // a pending timer would keep the script alive
      }
    },
    /** SIGTERM, then SIGKILL after `graceMs`; answers the exit. */
    async stop(graceMs = 20_000) {
      if (exit) return exit;
      child.kill('SIGTERM');
      const done = await server.waitExit(graceMs);
      if (done) return done;
      killWithTools();
      return exited;
    },
    /** Polls /readyz until 200; throws when the process exits or `ms` passes. */
    async ready(ms = timeoutMs) {
      const until = Date.now() + ms;
      for (;;) {
        if (exit)
          throw new Error(
            `${name} exited (${exit.code ?? exit.signal}) before it was ready:\n${tail(server.output())}`,
          );
        if ((await probe(`${server.url}/readyz`, 1_000)) === 200) return Date.now() - started;
        if (Date.now() > until)
          throw new Error(`${name} not ready after ${ms} ms:\n${tail(server.output())}`);
        await sleep(100);
      }
    },
  };
  if (waitReady) server.startMs = await server.ready();
  return server;
}

/** The last `lines` lines of `text`. */
export function tail(text, lines = 40) {
  return text.trimEnd().split('\n').slice(-lines).join('\n');
}

/** A fresh folder under the system temp folder, removed at cleanup (a server's DATA_DIR). */
export function tempDir(label) {
  const dir = mkdtempSync(path.join(tmpdir(), `practica-faults-${label}-`));
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
