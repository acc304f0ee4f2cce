import "server-only";
import { sandboxCustomersSchema, type SandboxCustomer } from "../../psd2/schemas";
import { type SandboxContext, sendSandboxRequest } from "./sandbox-context";
import type { SandboxReply } from "./sandbox-reply";

/**
 * GET /v1/sandbox/customers: every sandbox customer (the initial ones first, then those made by
 * hand in order) with the ids of its accounts, card accounts and agreements.
 * @see docs/interface/sandbox-operations.md#sandbox-operations
 */
export async function listCustomers(ctx: SandboxContext): Promise<SandboxReply<{ customers: SandboxCustomer[] }>> {
  return sendSandboxRequest(ctx, { method: "GET", path: "/v1/sandbox/customers", schema: sandboxCustomersSchema });
}
