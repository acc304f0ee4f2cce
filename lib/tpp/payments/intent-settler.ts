import "server-only";
import type { TppExecutor } from "../db/open-tpp-database";
import { type Rounds, startRounds } from "../scheduling/start-rounds";
import { type SettleCount, settleBankIntents } from "./settle-bank-intents";

/** How often a running app settles intents left open: every minute, and once at its start. */
export const DEFAULT_SETTLE_INTERVAL_MS = 60_000;
/** Beyond ASPSP_TIMEOUT_MS, how long an intent may stay open before a scheduled round settles it (its request's own end). */
export const SETTLE_MARGIN_MS = 30_000;

export interface IntentSettlerOptions {
  readonly db: TppExecutor;
  /** ASPSP_TIMEOUT_MS: a request younger than this plus SETTLE_MARGIN_MS may still be waiting for its answer. */
  readonly aspspTimeoutMs: number;
  readonly now?: () => Date;
  readonly intervalMs?: number;
  /** Where a round that settled something, or failed, is told; default the console. */
  readonly log?: (line: string) => void;
}

/** Runs a round now (or waits for the one running); stop() lets the running round finish. */
export type IntentSettler = Rounds<SettleCount>;

/**
 * Settles the payments and baskets whose requests were sent but whose outcome was never kept (the
 * app stopped in between): at start every intent sent before the start (no request of this
 * process is among them), then every `intervalMs` those older than ASPSP_TIMEOUT_MS plus a margin
 * (their own request has ended by then). A failed round is logged and the next one tries again;
 * the timer does not keep the process alive.
 */
export function startIntentSettler(options: IntentSettlerOptions): IntentSettler {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((line: string) => console.log(line));
  const startedAt = now();
  let first = true;

  const round = async (): Promise<SettleCount> => {
    const before = first ? startedAt : new Date(now().getTime() - options.aspspTimeoutMs - SETTLE_MARGIN_MS);
    const count = await settleBankIntents({ db: options.db, before, now });
    first = false;
    if (count.completed + count.refused + count.unanswered > 0)
      log(
        `tpp: settled requests left open (sent before ${before.toISOString()}): ${count.completed} completed from the bank's recorded answer, ${count.refused} refused by the bank, ${count.unanswered} without an answer (shown to the PSU as sent, answer not received)`,
      );
    return count;
  };

  return startRounds({
    round,
    intervalMs: options.intervalMs ?? DEFAULT_SETTLE_INTERVAL_MS,
    log,
    describeFailure: (message) => `tpp: could not settle the requests left open (the next round tries again): ${message}`,
  });
}
