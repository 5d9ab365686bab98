/**
 * The loop shared by the server's background workers over durable queues (the mail outbox, the
 * removal of stored bytes, media jobs): rounds run one at a time, a first one at start and then
 * one every `pollMs` (the timer never keeps the process alive), `drain()` runs one more round now
 * (tests, shutdown), and `stop()` ends polling and waits for the round in progress. Failed items
 * are retried after `backoffDelayMs`.
 */

/** What `startPollingWorker` answers. */
export interface PollingWorker {
  /** Runs a round after the one in progress; answers its count (how many items it attempted). */
  drain(): Promise<number>;
  /** Stops polling (`isStopped()` turns true), then waits for the round in progress. */
  stop(): Promise<void>;
}

export interface PollingWorkerOptions {
  /** Milliseconds between rounds; 0: no polling, rounds run only through `drain()`. */
  pollMs: number;
  /** One round: attempts what is due while `isStopped()` is false and answers how many. */
  round: (isStopped: () => boolean) => Promise<number>;
  /** Called with a round's error (the loop goes on). */
  onRoundError: (error: unknown) => void;
  /** Called when `stop()` is, before waiting for the round (e.g. to abort work in progress). */
  onStop?: () => void;
}

/** Starts the loop described above. */
export function startPollingWorker(options: PollingWorkerOptions): PollingWorker {
  const { pollMs, round, onRoundError } = options;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let chain: Promise<unknown> = Promise.resolve();
  const isStopped = () => stopped;

  /** Runs rounds one at a time (poll and drain never overlap inside one worker). */
  function serial<T>(fn: () => Promise<T>): Promise<T> {
    const next = chain.then(fn, fn);
    chain = next.catch(() => undefined);
    return next;
  }

  const tick = async () => {
    try {
      await serial(() => round(isStopped));
    } catch (error) {
      onRoundError(error);
    } finally {
      if (!stopped) timer = setTimeout(tick, pollMs).unref();
    }
  };
  // The first round joins the queue now, so a drain() called after start always runs after it.
  if (pollMs > 0) void tick();

  return {
    drain: () => serial(() => round(isStopped)),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      options.onStop?.();
      await chain;
    },
  };
}

/**
 * Delay before the next attempt after `attempts` failed ones (≥ 1), in milliseconds:
 * `baseMs` · 2^(attempts−1) (default 30 s), at most `maxMs` (default 1 hour).
 */
export function backoffDelayMs(attempts: number, baseMs = 30_000, maxMs = 60 * 60 * 1000): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), maxMs);
}

/** An error as the text kept in a queue's `last_error` column (its message). */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
