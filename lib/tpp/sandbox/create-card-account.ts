import "server-only";
import type { z } from "zod";
import { type createSandboxCardAccountSchema, sandboxCardAccountSchema, type SandboxCardAccount } from "../../psd2/schemas";
import { type SandboxContext, sendSandboxRequest } from "./sandbox-context";
import type { SandboxReply } from "./sandbox-reply";

/** The body of POST /v1/sandbox/card-accounts: customerId, name and creditLimit required. */
export type CreateCardAccountBody = z.input<typeof createSandboxCardAccountSchema>;

/**
 * POST /v1/sandbox/card-accounts: a new card account of a customer, drawn on one of its accounts
 * (relatedAccountId, else its first), in creditLimit's currency (201).
 * @see docs/interface/sandbox-operations.md#sandbox-operations
 */
export async function createCardAccount(ctx: SandboxContext, body: CreateCardAccountBody): Promise<SandboxReply<SandboxCardAccount>> {
  return sendSandboxRequest(ctx, { method: "POST", path: "/v1/sandbox/card-accounts", body, schema: sandboxCardAccountSchema });
}
