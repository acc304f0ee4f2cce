import "server-only";
import { sandboxClockStateSchema, type SandboxClockState } from "../../psd2/schemas";
import { type SandboxContext, sendSandboxRequest } from "./sandbox-context";
import type { SandboxReply } from "./sandbox-reply";

/**
 * GET /v1/sandbox/clock: the sandbox time, its date in Oslo, frozen or running, the offset from
 * the real time, and the batch schedule (times of the day, last and next scheduled run).
 * @see docs/interface/payments.md#payments-in-the-sandbox, docs/interface/sandbox-operations.md#sandbox-operations
 */
export async function getSandboxClock(ctx: SandboxContext): Promise<SandboxReply<SandboxClockState>> {
  return sendSandboxRequest(ctx, { method: "GET", path: "/v1/sandbox/clock", schema: sandboxClockStateSchema });
}
