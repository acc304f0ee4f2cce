import type { BatchRunner } from "../clock/batch-runs";
import { executeDuePeriodicPayments } from "./execute-periodic-payments";
import { settleDuePayments } from "./settle-due-payments";

/**
 * Registers the payment processing on the batch runner: single and bulk payments at each of the
 * five daily runs, then the periodic executions due.
 *
 * @see docs/interface/payments.md#payments-in-the-sandbox
 */
export function registerPaymentProcessors(batchRuns: BatchRunner): void {
  batchRuns.register("payments", settleDuePayments);
  batchRuns.register("periodic-payments", executeDuePeriodicPayments);
}
