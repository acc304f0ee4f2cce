import type { SandboxContext } from "./sandbox-context";
import { BankError } from "../../errors";
import { createAccountsRepository } from "../../repositories/accounts-repository";
import { createAgreementsRepository } from "../../repositories/agreements-repository";
import { createRandomId } from "../../repositories/ids";
import { findCustomerForBody } from "./find-customer-for-body";
import type { CreateSandboxAgreementInput } from "../../../psd2/schemas/sandbox-requests";
import type { SandboxAgreement } from "../../../psd2/schemas";
import { toSandboxAgreement } from "./sandbox-wire";

/**
 * POST /v1/sandbox/agreements: a corporate agreement through which a CORPORATE customer acts for
 * an organisation (a valid 9-digit organisation number) on some of the customer's accounts. The
 * body comes parsed by the route's schema (createSandboxAgreementSchema); that the customer is
 * CORPORATE and owns the accounts is checked here.
 *
 * @see docs/interface/accounts.md#account-information-notes (agreements); docs/interface/sca-and-consent.md#sca-sessions-consent-and-context, docs/interface/sandbox-operations.md#sandbox-operations
 */
export async function createSandboxAgreement(
  { db }: Pick<SandboxContext, "db">,
  input: CreateSandboxAgreementInput,
): Promise<SandboxAgreement> {
  return db.transaction(async (tx) => {
    const customer = await findCustomerForBody(tx, input.customerId);
    if (customer.type !== "CORPORATE") {
      throw new BankError(
        "FORMAT_ERROR",
        `customerId ${JSON.stringify(customer.id)} is a PRIVATE customer; agreements belong to CORPORATE customers`,
        { path: "customerId" },
      );
    }
    const owned = new Set((await createAccountsRepository(tx).listByCustomer(customer.id)).map((account) => account.id));
    input.accountIds.forEach((accountId, index) => {
      if (!owned.has(accountId)) {
        throw new BankError(
          "FORMAT_ERROR",
          `accountIds[${index}] ${JSON.stringify(accountId)} names no account of customer ${JSON.stringify(customer.id)}`,
          {
            path: `accountIds[${index}]`,
          },
        );
      }
    });
    const agreement = await createAgreementsRepository(tx).insert(
      { id: createRandomId(), customerId: customer.id, name: input.name, organisationNumber: input.organisationNumber, origin: "manual" },
      input.accountIds,
    );
    return toSandboxAgreement(agreement);
  });
}
