import type { SandboxBatchRunsOutcome } from "../../psd2/schemas";

function countOf(result: Record<string, unknown> | undefined, key: string): number {
  const value = result?.[key];
  return typeof value === "number" ? value : 0;
}

/**
 * What batch runs did to payments, in words: "2 payments processed, 1 settled, 1 rejected" (the
 * `payments` processor's counts), or "no payment was due".
 * @see docs/interface/payments.md#payments-in-the-sandbox
 */
export function describeProcessedPayments(outcome: SandboxBatchRunsOutcome): string {
  let processed = 0;
  let settled = 0;
  let rejected = 0;
  for (const run of outcome.runs) {
    for (const processor of run.processors) {
      if (processor.name !== "payments") continue;
      processed += countOf(processor.result, "processed");
      settled += countOf(processor.result, "settled");
      rejected += countOf(processor.result, "rejected");
    }
  }
  return processed === 0
    ? "no payment was due"
    : `${processed} payment${processed === 1 ? "" : "s"} processed, ${settled} settled, ${rejected} rejected`;
}

/**
 * What batch runs did, in words: "ran 1 batch run: 2 payments processed, 1 settled, 1 rejected"
 * (a failed run is named).
 * @see docs/interface/payments.md#payments-in-the-sandbox
 */
export function summariseBatchRuns(outcome: SandboxBatchRunsOutcome): string {
  if (outcome.ran === 0) return "ran no batch run";
  const runs = `ran ${outcome.ran} batch run${outcome.ran === 1 ? "" : "s"}`;
  const failed = outcome.failed === 0 ? "" : ` (${outcome.failed} failed)`;
  return `${runs}${failed}: ${describeProcessedPayments(outcome)}`;
}
