import "server-only";
import { sandboxInitialisationSchema, type SandboxInitialisation } from "../../psd2/schemas";
import { type SandboxContext, sendSandboxRequest } from "./sandbox-context";
import type { SandboxReply } from "./sandbox-reply";

/**
 * POST /v1/sandbox/initialize (no body): the sandbox's known state again. Lost: customers made by
 * hand with all they own, accounts, card accounts and agreements made by hand, consents, SCA
 * sessions, authorisations, the bank's browser sessions and the counters of calls without the
 * PSU. Kept: registered TPPs, the bank's keys, the sandbox clock and the psu-ids of the initial
 * customers. The reply counts what the sandbox now holds.
 * @see docs/interface/sandbox-operations.md#sandbox-operations
 */
export async function initializeSandbox(ctx: SandboxContext): Promise<SandboxReply<SandboxInitialisation>> {
  return sendSandboxRequest(ctx, { method: "POST", path: "/v1/sandbox/initialize", schema: sandboxInitialisationSchema });
}
