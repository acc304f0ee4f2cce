import "server-only";
import { sandboxCustomerSchema, type SandboxCustomer } from "../../psd2/schemas";
import { idSegment, type SandboxContext, sendSandboxRequest } from "./sandbox-context";
import type { SandboxReply } from "./sandbox-reply";

/** GET /v1/sandbox/customers/{customerId}: one sandbox customer (404 RESOURCE_UNKNOWN for an unknown id). @see docs/interface/sandbox-operations.md#sandbox-operations */
export async function getCustomer(ctx: SandboxContext, customerId: string): Promise<SandboxReply<SandboxCustomer>> {
  return sendSandboxRequest(ctx, { method: "GET", path: `/v1/sandbox/customers/${idSegment(customerId)}`, schema: sandboxCustomerSchema });
}
