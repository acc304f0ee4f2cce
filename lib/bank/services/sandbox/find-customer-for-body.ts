import type { Executor } from "../../db/open-bank-database";
import { BankError } from "../../errors";
import { createCustomersRepository, type CustomerRecord } from "../../repositories/customers-repository";

/** The customer a request body names in customerId; an unknown id is a FORMAT_ERROR at that field. */
export async function findCustomerForBody(db: Executor, customerId: string): Promise<CustomerRecord> {
  const customer = await createCustomersRepository(db).findById(customerId);
  if (!customer) {
    throw new BankError("FORMAT_ERROR", `customerId ${JSON.stringify(customerId)} names no sandbox customer`, { path: "customerId" });
  }
  return customer;
}
