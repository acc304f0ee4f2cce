import { BankError } from "../../errors";
import { createCustomersRepository } from "../../repositories/customers-repository";
import { createRandomId } from "../../repositories/ids";
import type { SandboxContext } from "./sandbox-context";
import type { CreateSandboxCustomerInput } from "../../../psd2/schemas/sandbox-requests";
import type { SandboxCustomer } from "../../../psd2/schemas";
import { toSandboxCustomer } from "./sandbox-wire";

/**
 * POST /v1/sandbox/customers: a new customer without accounts; its customerNumber (11 digits)
 * is the identity it logs in with at the sandbox SCA, so a number already taken is 409 CONFLICT.
 * The body comes parsed by the route's schema (createSandboxCustomerSchema).
 *
 * @see docs/interface/sandbox-operations.md#sandbox-customer; docs/interface/sandbox-operations.md#sandbox-operations
 */
export async function createSandboxCustomer({ db, clock }: SandboxContext, input: CreateSandboxCustomerInput): Promise<SandboxCustomer> {
  const created = await createCustomersRepository(db).insertIfNumberFree({
    id: createRandomId(),
    customerNumber: input.customerNumber,
    name: input.customerName,
    type: input.customerType,
    origin: "manual",
    createdAt: clock.now(),
  });
  if (!created) {
    throw new BankError(
      "CONFLICT",
      `customerNumber ${input.customerNumber} belongs to another sandbox customer; a customer number is the identity used at SCA and must be unique`,
      { path: "customerNumber" },
    );
  }
  return toSandboxCustomer(created, [], [], []);
}
