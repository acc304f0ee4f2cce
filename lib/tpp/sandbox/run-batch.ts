import "server-only";
import { sandboxBatchRunsReplySchema, type SandboxBatchRunsReply } from "../../psd2/schemas";
import { type SandboxContext, sendSandboxRequest } from "./sandbox-context";
import type { SandboxReply } from "./sandbox-reply";

/**
 * POST /v1/sandbox/batch-runs (no body): the payment batch processing now — the scheduled runs
 * that are due, then one run at the sandbox's current time; the reply lists each run and what
 * each processor did.
 * @see docs/interface/payments.md#payments-in-the-sandbox, docs/interface/sandbox-operations.md#sandbox-operations
 */
export async function runBatch(ctx: SandboxContext): Promise<SandboxReply<SandboxBatchRunsReply>> {
  return sendSandboxRequest(ctx, { method: "POST", path: "/v1/sandbox/batch-runs", schema: sandboxBatchRunsReplySchema });
}
