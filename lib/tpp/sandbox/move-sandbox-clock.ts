import "server-only";
import type { z } from "zod";
import { sandboxClockMoveReplySchema, type sandboxClockMoveSchema, type SandboxClockMoveReply } from "../../psd2/schemas";
import { invalidateAppClock } from "../clock/get-app-clock";
import { type SandboxContext, sendSandboxRequest } from "./sandbox-context";
import type { SandboxReply } from "./sandbox-reply";

/**
 * A move of the sandbox clock, as POST /v1/sandbox/clock takes it: set (`now`, an ISO 8601
 * date-time with offset), `advance` (an ISO 8601 duration of days to seconds), `frozen` alone or
 * with either, or `reset` to the real time.
 */
export type SandboxClockMove = z.input<typeof sandboxClockMoveSchema>;

/**
 * POST /v1/sandbox/clock: sets, advances, freezes or resets the sandbox clock; the reply is the
 * clock after the move and the batch runs it ran. The app's clock (which follows the bank's) is
 * read afresh afterwards, whatever the bank answered.
 * @see docs/interface/payments.md#payments-in-the-sandbox, docs/interface/sandbox-operations.md#sandbox-operations
 */
export async function moveSandboxClock(ctx: SandboxContext, move: SandboxClockMove): Promise<SandboxReply<SandboxClockMoveReply>> {
  try {
    return await sendSandboxRequest(ctx, { method: "POST", path: "/v1/sandbox/clock", body: move, schema: sandboxClockMoveReplySchema });
  } finally {
    invalidateAppClock();
  }
}
