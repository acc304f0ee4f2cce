import type { SandboxContext } from "./sandbox-context";
import { createCustomersRepository } from "../../repositories/customers-repository";
import { loadSandboxCustomers } from "./load-sandbox-customers";
import type { SandboxCustomer } from "../../../psd2/schemas";

/**
 * GET /v1/sandbox/customers: every sandbox customer, the initial ones first, then by creation.
 *
 * @see docs/interface/sandbox-operations.md#sandbox-operations
 */
export async function listSandboxCustomers({ db }: Pick<SandboxContext, "db">): Promise<{ customers: SandboxCustomer[] }> {
  const customers = await createCustomersRepository(db).list();
  return { customers: await loadSandboxCustomers(db, customers) };
}
