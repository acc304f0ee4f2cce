import "server-only";
import type { z } from "zod";
import { type createSandboxCustomerSchema, sandboxCustomerSchema, type SandboxCustomer } from "../../psd2/schemas";
import { type SandboxContext, sendSandboxRequest } from "./sandbox-context";
import type { SandboxReply } from "./sandbox-reply";

/** The body of POST /v1/sandbox/customers: customerNumber (11 digits, the login), customerName, customerType. */
export type CreateCustomerBody = z.input<typeof createSandboxCustomerSchema>;

/**
 * POST /v1/sandbox/customers: a new customer without accounts (201; 409 CONFLICT when the
 * customerNumber is taken).
 * @see docs/interface/sandbox-operations.md#sandbox-operations
 */
export async function createCustomer(ctx: SandboxContext, body: CreateCustomerBody): Promise<SandboxReply<SandboxCustomer>> {
  return sendSandboxRequest(ctx, { method: "POST", path: "/v1/sandbox/customers", body, schema: sandboxCustomerSchema });
}
