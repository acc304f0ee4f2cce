import "server-only";

/** A job the app runs at its start and then on a schedule (the record pruner, the intent settler). */
export interface Rounds<T> {
  /** Runs a round now (or waits for the one running) and tells what it did. */
  runNow(): Promise<T>;
  /** No round starts after this; resolves once the one running has finished. */
  stop(): Promise<void>;
}

export interface RoundsOptions<T> {
  /** One round; `stopped` tells a long round to end early. */
  readonly round: (stopped: () => boolean) => Promise<T>;
  readonly intervalMs: number;
  /** The log line of a failed round (the next one tries again). */
  readonly describeFailure: (message: string) => string;
  readonly log: (line: string) => void;
}

/**
 * Runs `round` at once and then every `intervalMs`, never two at a time (a round asked for while
 * one runs is that one). A failed round is logged and the next one tries again. The timer does not
 * keep the process alive.
 */
export function startRounds<T>(options: RoundsOptions<T>): Rounds<T> {
  let stopped = false;
  let running: Promise<T> | undefined;

  const runNow = (): Promise<T> => {
    running ??= options
      .round(() => stopped)
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  const tick = () => {
    if (stopped) return;
    runNow().catch((error: unknown) => {
      options.log(options.describeFailure(error instanceof Error ? error.message : String(error)));
    });
  };

  const timer = setInterval(tick, options.intervalMs);
  timer.unref();
  tick();

  return {
    runNow,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
