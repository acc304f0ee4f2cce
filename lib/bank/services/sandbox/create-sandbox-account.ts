import { randomBytes } from "node:crypto";
import { BankError } from "../../errors";
import { createAccountsRepository } from "../../repositories/accounts-repository";
import { createRandomId } from "../../repositories/ids";
import type { SandboxContext } from "./sandbox-context";
import { findCustomerForBody } from "./find-customer-for-body";
import { createRandom } from "./prng";
import { drawSandboxAccountNumber, SANDBOX_BIC } from "./sandbox-bank";
import type { CreateSandboxAccountInput } from "../../../psd2/schemas/sandbox-requests";
import type { SandboxAccount } from "../../../psd2/schemas";
import { toSandboxAccount } from "./sandbox-wire";

/** Draws of a free account number before giving up: with 10^6 numbers per bank code, one almost always does. */
const MAX_NUMBER_DRAWS = 20;

/**
 * POST /v1/sandbox/accounts: a new account of a customer, with a new Norwegian account number
 * (11 digits, valid MOD11) of the sandbox bank and its IBAN. The body comes parsed by the route's
 * schema (createSandboxAccountSchema); the rules across its fields and the database are checked here.
 *
 * @see docs/interface/accounts.md#accounts-balances-transactions, docs/interface/sandbox-operations.md#sandbox-operations
 */
export async function createSandboxAccount({ db, clock }: SandboxContext, input: CreateSandboxAccountInput): Promise<SandboxAccount> {
  const currency = input.currency ?? "NOK";
  if (input.balance && input.balance.currency !== currency) {
    throw new BankError(
      "FORMAT_ERROR",
      `balance.currency is ${input.balance.currency}, but the account's currency is ${currency}; they must be the same`,
      {
        path: "balance.currency",
      },
    );
  }
  return db.transaction(async (tx) => {
    const customer = await findCustomerForBody(tx, input.customerId);
    const accounts = createAccountsRepository(tx);
    const random = createRandom(randomBytes(16).toString("hex"));
    for (let draw = 0; draw < MAX_NUMBER_DRAWS; draw++) {
      const { bban, iban } = drawSandboxAccountNumber(random);
      const created = await accounts.insertIfNumbersFree({
        id: createRandomId(),
        customerId: customer.id,
        bban,
        iban,
        bic: SANDBOX_BIC,
        currency,
        name: input.name,
        product: input.product ?? input.name,
        cashAccountType: input.cashAccountType ?? "CACC",
        usage: input.usage ?? (customer.type === "CORPORATE" ? "ORGA" : "PRIV"),
        ownerName: input.ownerName ?? customer.name,
        kidRequired: input.kidRequired ?? false,
        bookedBalance: input.balance?.amount ?? "0",
        origin: "manual",
        createdAt: clock.now(),
      });
      if (created) return toSandboxAccount(created);
    }
    throw new Error("found no free account number");
  });
}
