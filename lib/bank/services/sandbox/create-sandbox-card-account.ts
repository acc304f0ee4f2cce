import { randomBytes } from "node:crypto";
import { BankError } from "../../errors";
import { createAccountsRepository } from "../../repositories/accounts-repository";
import { createCardAccountsRepository } from "../../repositories/card-accounts-repository";
import { createRandomId } from "../../repositories/ids";
import type { SandboxContext } from "./sandbox-context";
import { findCustomerForBody } from "./find-customer-for-body";
import { createRandom } from "./prng";
import { maskPan } from "./sandbox-bank";
import type { CreateSandboxCardAccountInput } from "../../../psd2/schemas/sandbox-requests";
import type { SandboxCardAccount } from "../../../psd2/schemas";
import { toSandboxCardAccount } from "./sandbox-wire";

/** The BIN of the sandbox bank's Mastercard, for masked card numbers not given in the request. */
const SANDBOX_CARD_BIN = "552211";

/**
 * POST /v1/sandbox/card-accounts: a new card account of a customer, in the currency of its
 * creditLimit. relatedAccountId (the account card payments are drawn on) must be one of the
 * customer's accounts; without it, the customer's first account is taken, if any. The body comes
 * parsed by the route's schema (createSandboxCardAccountSchema).
 *
 * @see docs/interface/accounts.md#accounts-balances-transactions, docs/interface/sandbox-operations.md#sandbox-operations
 */
export async function createSandboxCardAccount(
  { db, clock }: SandboxContext,
  input: CreateSandboxCardAccountInput,
): Promise<SandboxCardAccount> {
  const currency = input.creditLimit.currency;
  if (input.balance && input.balance.currency !== currency) {
    throw new BankError(
      "FORMAT_ERROR",
      `balance.currency is ${input.balance.currency}, but the card account's currency (that of creditLimit) is ${currency}; they must be the same`,
      { path: "balance.currency" },
    );
  }
  return db.transaction(async (tx) => {
    const customer = await findCustomerForBody(tx, input.customerId);
    const accounts = await createAccountsRepository(tx).listByCustomer(customer.id);
    let relatedAccountId = accounts[0]?.id ?? null;
    if (input.relatedAccountId !== undefined) {
      if (!accounts.some((account) => account.id === input.relatedAccountId)) {
        throw new BankError(
          "FORMAT_ERROR",
          `relatedAccountId ${JSON.stringify(input.relatedAccountId)} names no account of customer ${JSON.stringify(customer.id)}`,
          { path: "relatedAccountId" },
        );
      }
      relatedAccountId = input.relatedAccountId;
    }
    const random = createRandom(randomBytes(16).toString("hex"));
    const created = await createCardAccountsRepository(tx).insert({
      id: createRandomId(),
      customerId: customer.id,
      maskedPan: input.maskedPan ?? maskPan(SANDBOX_CARD_BIN, random.digits(4)),
      currency,
      name: input.name,
      product: input.product ?? input.name,
      usage: input.usage ?? (customer.type === "CORPORATE" ? "ORGA" : "PRIV"),
      ownerName: input.ownerName ?? customer.name,
      creditLimit: input.creditLimit.amount,
      bookedBalance: input.balance?.amount ?? "0",
      relatedAccountId,
      origin: "manual",
      createdAt: clock.now(),
    });
    return toSandboxCardAccount(created);
  });
}
