import "server-only";
import type { z } from "zod";
import { type createSandboxAccountSchema, sandboxAccountSchema, type SandboxAccount } from "../../psd2/schemas";
import { type SandboxContext, sendSandboxRequest } from "./sandbox-context";
import type { SandboxReply } from "./sandbox-reply";

/** The body of POST /v1/sandbox/accounts: customerId and name required, the rest defaulted by the bank. */
export type CreateAccountBody = z.input<typeof createSandboxAccountSchema>;

/**
 * POST /v1/sandbox/accounts: a new account of a customer, with a BBAN (MOD11) and IBAN drawn by
 * the bank (201; Location /v1/accounts/{resourceId}, readable with consent).
 * @see docs/interface/sandbox-operations.md#sandbox-operations
 */
export async function createAccount(ctx: SandboxContext, body: CreateAccountBody): Promise<SandboxReply<SandboxAccount>> {
  return sendSandboxRequest(ctx, { method: "POST", path: "/v1/sandbox/accounts", body, schema: sandboxAccountSchema });
}
