import "server-only";
import type { z } from "zod";
import { type createSandboxAgreementSchema, sandboxAgreementSchema, type SandboxAgreement } from "../../psd2/schemas";
import { type SandboxContext, sendSandboxRequest } from "./sandbox-context";
import type { SandboxReply } from "./sandbox-reply";

/** The body of POST /v1/sandbox/agreements: a CORPORATE customer, a name, an organisation number (MOD11) and its accounts. */
export type CreateAgreementBody = z.input<typeof createSandboxAgreementSchema>;

/**
 * POST /v1/sandbox/agreements: a corporate agreement over some of the customer's own accounts
 * (201; its id is the PSU-Corporate-ID).
 * @see docs/interface/sandbox-operations.md#sandbox-operations
 */
export async function createAgreement(ctx: SandboxContext, body: CreateAgreementBody): Promise<SandboxReply<SandboxAgreement>> {
  return sendSandboxRequest(ctx, { method: "POST", path: "/v1/sandbox/agreements", body, schema: sandboxAgreementSchema });
}
