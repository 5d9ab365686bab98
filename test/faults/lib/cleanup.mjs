/**
 * Cleanup of what a fault script started (servers, PostgreSQL clusters, SMTP receivers): run in
 * reverse order at the end, and also on SIGTERM/SIGINT (the runner's hard timeout sends SIGTERM to
 * the script's process group before it kills it), so no cluster or server outlives its script.
 */
const tasks = [];
let running = null;

/** Registers `fn` (sync or async) to run at cleanup; answers a function that unregisters it. */
export function onCleanup(fn) {
  tasks.push(fn);
  return () => {
    const i = tasks.indexOf(fn);
    if (i >= 0) tasks.splice(i, 1);
  };
}

/** Runs every registered task once, newest first; errors are printed, not thrown. */
export function cleanup() {
  running ??= (async () => {
    while (tasks.length > 0) {
      const fn = tasks.pop();
      try {
        await fn();
      } catch (error) {
        process.stderr.write(`cleanup: ${error instanceof Error ? error.message : error}\n`);
      }
    }
  })();
  return running;
}

// A crash outside `runScript` (a background loop) must not leave clusters and servers behind.
for (const event of ['uncaughtException', 'unhandledRejection']) {
  process.once(event, (error) => {
    process.stderr.write(`\n${event}: ${error instanceof Error ? error.stack : error}\n`);
    void cleanup().finally(() => process.exit(1));
  });
}

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => {
    process.stderr.write(`\n${signal}: cleaning up\n`);
    void cleanup().finally(() => process.exit(1));
  });
}

/**
 * Runs a script body: awaits `main()`, records an exception as a failure through `onError`, then
 * cleans up. The exit code is left to `finish()` (1 on failure).
 */
export async function runScript(main, onError) {
  try {
    await main();
  } catch (error) {
    onError(error);
  } finally {
    await cleanup();
  }
}
