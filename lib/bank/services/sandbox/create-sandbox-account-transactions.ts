import { randomBytes } from "node:crypto";
import type { TransactionParty } from "../../db/schema";
import { BankError } from "../../errors";
import { createAccountsRepository } from "../../repositories/accounts-repository";
import { createRandomId } from "../../repositories/ids";
import { addAmounts } from "../../repositories/money";
import { createTransactionsRepository, type NewTransaction } from "../../repositories/transactions-repository";
import type { SandboxContext } from "./sandbox-context";
import { checkBookedBalance } from "./check-booked-balance";
import type { CreateSandboxAccountTransactionsInput, SandboxPartyAccountInput } from "../../../psd2/schemas/sandbox-requests";
import type { SandboxCreatedTransactions } from "../../../psd2/schemas";
import { toSandboxTransaction } from "./sandbox-wire";

function toParty(party: SandboxPartyAccountInput | undefined): TransactionParty | null {
  if (!party) return null;
  return {
    ...(party.bban === undefined ? {} : { bban: party.bban }),
    ...(party.iban === undefined ? {} : { iban: party.iban }),
    ...(party.currency === undefined ? {} : { currency: party.currency }),
  };
}

/**
 * POST /v1/sandbox/accounts/{mockAccountId}/transactions: adds transactions to an account, all or
 * none. Booked ones change the booked balance; pending ones do not. A transaction whose debtor
 * is another account of the sandbox bank is refused (FORMAT_ERROR at `[i].debtorAccount`): money
 * leaves a sandbox account only through a payment. The body comes parsed by the route's schema
 * (createSandboxAccountTransactionsSchema); the rules that need the account or today are checked here.
 *
 * @see docs/interface/endpoints.md#other-operations; docs/interface/sandbox-operations.md#sandbox-operations
 */
export async function createSandboxAccountTransactions(
  { db, clock }: SandboxContext,
  accountId: string,
  items: CreateSandboxAccountTransactionsInput,
): Promise<SandboxCreatedTransactions> {
  return db.transaction(async (tx) => {
    const accounts = createAccountsRepository(tx);
    // Locked until commit: concurrent bookings on the account then add up one after the other.
    const account = await accounts.findByIdForUpdate(accountId);
    if (!account) throw new BankError("RESOURCE_UNKNOWN", `no sandbox account has the id ${JSON.stringify(accountId)}`);
    const today = clock.today();

    const debtorBbans = items.flatMap((item) => (item.debtorAccount?.bban === undefined ? [] : [item.debtorAccount.bban]));
    const debtorIbans = items.flatMap((item) => (item.debtorAccount?.iban === undefined ? [] : [item.debtorAccount.iban]));
    const sandboxDebtors = (await accounts.findByBbansOrIbans(debtorBbans, debtorIbans)).filter((found) => found.id !== account.id);

    const now = clock.now();
    const rows = items.map((item, index): NewTransaction => {
      const at = `[${index}]`;
      if (item.transactionAmount.currency !== account.currency) {
        throw new BankError(
          "FORMAT_ERROR",
          `${at}.transactionAmount.currency is ${item.transactionAmount.currency}, but the account's currency is ${account.currency}`,
          { path: `${at}.transactionAmount.currency` },
        );
      }
      const debtor = item.debtorAccount;
      const other = debtor && sandboxDebtors.find((found) => found.bban === debtor.bban || found.iban === debtor.iban);
      if (other) {
        throw new BankError(
          "FORMAT_ERROR",
          `${at}.debtorAccount is the sandbox account ${other.bban}; a transaction cannot take money from another account of the sandbox bank: make a payment from it instead`,
          { path: `${at}.debtorAccount` },
        );
      }
      const status = item.bookingStatus ?? "booked";
      let bookingDate: string | null = null;
      if (status === "booked") {
        bookingDate = item.bookingDate ?? today;
        if (bookingDate > today) {
          throw new BankError(
            "FORMAT_ERROR",
            `${at}.bookingDate ${bookingDate} is after today (${today}); a future transaction is created as pending`,
            {
              path: `${at}.bookingDate`,
            },
          );
        }
      } else if (item.bookingDate !== undefined) {
        throw new BankError("FORMAT_ERROR", `${at}.bookingDate must be absent: a pending transaction is not booked yet`, {
          path: `${at}.bookingDate`,
        });
      }
      const valueDate = item.valueDate ?? bookingDate ?? today;
      return {
        id: createRandomId(),
        accountId: account.id,
        status,
        bookingDate,
        valueDate,
        sortDate: bookingDate ?? valueDate,
        amount: item.transactionAmount.amount,
        currency: account.currency,
        entryReference: item.entryReference ?? randomBytes(5).readUIntBE(0, 5).toString().padStart(11, "0"),
        endToEndId: item.endToEndId ?? null,
        creditorName: item.creditorName ?? null,
        creditorAccount: toParty(item.creditorAccount),
        debtorName: item.debtorName ?? null,
        debtorAccount: toParty(item.debtorAccount),
        remittanceUnstructured: item.remittanceInformationUnstructured ?? null,
        remittanceStructured: item.remittanceInformationStructured ?? null,
        proprietaryCode: item.proprietaryBankTransactionCode ?? null,
        details: item.additionalInformation === undefined ? null : { additionalInformation: item.additionalInformation },
        paymentId: null,
        origin: "manual",
        createdAt: now,
      };
    });

    checkBookedBalance(account.currency, account.bookedBalance, rows);
    const created = await createTransactionsRepository(tx).insertAll(rows);
    const booked = rows.filter((row) => row.status === "booked").map((row) => row.amount);
    const balance =
      booked.length > 0 ? await accounts.addToBookedBalance(account.id, addAmounts(account.currency, ...booked)) : account.bookedBalance;
    return {
      transactions: created.map(toSandboxTransaction),
      account: { resourceId: account.id, balance: { currency: account.currency, amount: balance } },
    };
  });
}
