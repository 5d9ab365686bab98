/**
 * Vitest setup file of the server project, evaluated at the start of every test file. The project
 * runs without per-file isolation (`isolate: false` in server/vitest.config.ts; see
 * testing.md 'Test files share a worker'): a file shares its worker process, and the modules
 * already imported there, with the files that ran before it. Each file must leave the process as
 * it found it, and this file's `afterAll` (the last hook of the file) sees to it:
 *
 * - undoes what Vitest can undo: `vi.stubEnv`, `vi.stubGlobal`, fake timers, `vi.spyOn`;
 * - fails the file (after putting the value back) when it changed `process.env` by assignment or
 *   `delete`, or set `process.exitCode`: state the next file of the worker would otherwise
 *   inherit. Process listeners are not counted: libraries behind some files add theirs (an
 *   'exit' listener in the SSO tests, SIGINT/SIGTERM/SIGHUP in me-uploads), not yet traced.
 *   Stub the environment with `vi.stubEnv` (undone here), and close every app, database and
 *   server a file opens in its own `afterAll`.
 */
import { afterAll, vi } from 'vitest';

const envBefore = { ...process.env };
const exitCodeBefore = process.exitCode;

/** The environment variables `process.env` has changed, added or removed since `before`. */
function changedEnv(before: NodeJS.ProcessEnv): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(process.env)]);
  return [...names].filter((name) => before[name] !== process.env[name]).sort();
}

afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();

  const problems: string[] = [];
  const env = changedEnv(envBefore);
  if (env.length > 0) {
    for (const name of env) {
      if (envBefore[name] === undefined) delete process.env[name];
      else process.env[name] = envBefore[name];
    }
    problems.push(
      `changed process.env ${env.join(', ')} without restoring it (use vi.stubEnv, undone after the file)`,
    );
  }
  if (process.exitCode !== exitCodeBefore) {
    problems.push(`set process.exitCode to ${String(process.exitCode)}`);
    process.exitCode = exitCodeBefore;
  }
  if (problems.length > 0)
    throw new Error(
      `This test file leaks state into the next file of its worker (the server project runs ` +
        `with isolate: false): it ${problems.join('; ')}.`,
    );
});
