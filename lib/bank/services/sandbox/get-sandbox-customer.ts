import type { SandboxContext } from "./sandbox-context";
import { BankError } from "../../errors";
import { createCustomersRepository } from "../../repositories/customers-repository";
import { loadSandboxCustomers } from "./load-sandbox-customers";
import type { SandboxCustomer } from "../../../psd2/schemas";

/**
 * GET /v1/sandbox/customers/{customerId}: one customer, the initial ones included; an unknown id
 * is 404 RESOURCE_UNKNOWN.
 *
 * @see docs/interface/sandbox-operations.md#customers; docs/interface/sandbox-operations.md#sandbox-operations
 */
export async function getSandboxCustomer({ db }: Pick<SandboxContext, "db">, customerId: string): Promise<SandboxCustomer> {
  const customer = await createCustomersRepository(db).findById(customerId);
  if (!customer) throw new BankError("RESOURCE_UNKNOWN", `no sandbox customer has the id ${JSON.stringify(customerId)}`);
  const [loaded] = await loadSandboxCustomers(db, [customer]);
  if (!loaded) throw new Error("a loaded customer went missing");
  return loaded;
}
