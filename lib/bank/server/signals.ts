/** How a bank process stops: on SIGTERM and SIGINT, once, closing what it holds first. */
import type { FastifyInstance } from "fastify";

/** Closes the bank on SIGTERM and SIGINT (once; `before` first), then exits: 0, or 1 when closing failed. */
export function closeOnSignals(app: FastifyInstance, before: () => Promise<void> = async () => undefined): void {
  let closing = false;
  const close = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "closing");
    before()
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, "error while closing");
          process.exit(1);
        },
      );
  };
  process.on("SIGTERM", () => close("SIGTERM"));
  process.on("SIGINT", () => close("SIGINT"));
}

/** Calls `stop` on SIGTERM and SIGINT, after `say` has told which signal came (the cluster's primary). */
export function stopOnSignals(stop: () => void, say: (signal: NodeJS.Signals) => void): void {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      say(signal);
      stop();
    });
  }
}
