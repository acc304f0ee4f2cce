import type { Executor } from "../../db/open-bank-database";
import { BankError } from "../../errors";
import { type AccountRecord, createAccountsRepository } from "../../repositories/accounts-repository";
import type { AgreementRecord } from "../../repositories/agreements-repository";
import { createCardAccountsRepository } from "../../repositories/card-accounts-repository";
import type { CustomerRecord } from "../../repositories/customers-repository";
import { findAgreementOfAccount, loadAccountScope, type PsuContextChoice } from "../account-information/account-scope";
import type { DebtorReference } from "./payment-order";

/** Who initiates: a PSU named by the headers, or nobody yet (the single-SCA journey) in a context. */
export type InitiatingPsu = { customer?: CustomerRecord; agreement?: AgreementRecord; context: "PRIVATE" | "CORPORATE" };

/** The debtor account found, and the context the payment is made in. */
export type ResolvedDebtor = { account: AccountRecord; agreement?: AgreementRecord; context: "PRIVATE" | "CORPORATE" };

/** Where in the body the debtor reference is. */
export function debtorPath(debtor: DebtorReference): string {
  if (debtor.kind === "card") return "debtorAccount.other.identification";
  return `debtorAccount.${debtor.kind}`;
}

function notPayable(debtor: DebtorReference, why: string): BankError {
  return new BankError("FORMAT_ERROR", `${debtorPath(debtor)} ${why}`, { path: debtorPath(debtor) });
}

async function findAccount(db: Executor, debtor: DebtorReference): Promise<AccountRecord | undefined> {
  const accounts = createAccountsRepository(db);
  if (debtor.kind === "bban") return accounts.findByBban(debtor.bban);
  if (debtor.kind === "iban") return accounts.findByIban(debtor.iban.toUpperCase());
  return accounts.findById(debtor.identification);
}

/** Whether a card account whose relatedAccount is this account is among the card accounts. */
function cardsReach(cards: readonly { relatedAccountId: string | null }[], account: AccountRecord): boolean {
  return cards.some((card) => card.relatedAccountId === account.id);
}

/**
 * Whether the customer reaches the debtor account in a context: an account of the context's
 * scope (the agreement's accounts in CORPORATE, the customer's own outside every agreement in
 * PRIVATE), or, for debtorAccount.other, the relatedAccount of one of the context's card accounts.
 *
 * @see docs/interface/payments.md#norwegian-domestic-credit-transfer (debtorAccount); docs/interface/sca-and-consent.md#sca-sessions-consent-and-context
 */
export async function reachesDebtorAccount(
  db: Executor,
  customerId: string,
  choice: PsuContextChoice,
  debtor: { kind: DebtorReference["kind"]; accountId: string },
): Promise<boolean> {
  const scope = await loadAccountScope(db, customerId, choice);
  if (debtor.kind === "card") return scope.cardAccounts.some((card) => card.relatedAccountId === debtor.accountId);
  return scope.accounts.some((account) => account.id === debtor.accountId);
}

/**
 * The debtor account of a payment and the context it is paid in. A PSU named by the headers must
 * reach it in the context of the headers (PSU-Corporate-ID for an agreement's account); in the
 * single-SCA journey the account must exist in the bank and suit PSU-Context, and the approval
 * checks that the PSU who logs in reaches it. Unknown accounts and other PSUs' accounts get the
 * same 400 FORMAT_ERROR, so that nothing tells them apart.
 *
 * @see docs/interface/payments.md#norwegian-domestic-credit-transfer, docs/interface/authentication.md#contexts; docs/interface/errors.md#statuses-by-code, docs/interface/payments.md#payments-in-the-sandbox
 */
export async function resolveDebtorAccount(db: Executor, debtor: DebtorReference, psu: InitiatingPsu): Promise<ResolvedDebtor> {
  const unknown = notPayable(
    debtor,
    psu.customer
      ? `is not an account the PSU can pay from${psu.context === "CORPORATE" ? " under the agreement of PSU-Corporate-ID" : ""}`
      : "is not an account of this bank that payments can be made from",
  );
  const account = await findAccount(db, debtor);
  if (!account) throw unknown;
  const cards = debtor.kind === "card" ? await createCardAccountsRepository(db).listByCustomer(account.customerId) : [];
  if (debtor.kind === "card" && !cardsReach(cards, account)) throw unknown;

  const accountAgreement = await findAgreementOfAccount(db, account);
  if (psu.customer) {
    const choice: PsuContextChoice = psu.agreement ? { context: "CORPORATE", agreement: psu.agreement } : { context: "PRIVATE" };
    if (psu.context !== choice.context) {
      throw new BankError(
        "FORMAT_ERROR",
        `The header PSU-Context is ${psu.context}, but the PSU acts ${choice.context === "CORPORATE" ? "for the agreement of PSU-Corporate-ID (CORPORATE)" : "privately (no PSU-Corporate-ID)"}`,
        { path: "PSU-Context" },
      );
    }
    if (!(await reachesDebtorAccount(db, psu.customer.id, choice, { kind: debtor.kind, accountId: account.id }))) {
      if (!psu.agreement && accountAgreement && accountAgreement.customerId === psu.customer.id) {
        throw new BankError(
          "FORMAT_ERROR",
          "The header PSU-Corporate-ID is required: the debtor account belongs to a corporate agreement of the PSU (send the psu-corporate-id of the success redirect or an id of GET /v1/agreements)",
          { path: "PSU-Corporate-ID" },
        );
      }
      throw unknown;
    }
  } else {
    if (debtor.kind === "card" && psu.context === "CORPORATE") {
      throw new BankError("FORMAT_ERROR", "The header PSU-Context must be PRIVATE for a card account: card accounts are private", {
        path: "PSU-Context",
      });
    }
    if (debtor.kind !== "card" && (accountAgreement !== undefined) !== (psu.context === "CORPORATE")) {
      throw new BankError(
        "FORMAT_ERROR",
        accountAgreement
          ? "The header PSU-Context must be CORPORATE: the debtor account belongs to a corporate agreement"
          : "The header PSU-Context must be PRIVATE: the debtor account is a private account",
        { path: "PSU-Context" },
      );
    }
  }
  if (account.status !== "enabled")
    throw notPayable(debtor, `names an account that is ${account.status}: payments from it are not possible`);
  if (account.currency !== debtor.currency) {
    throw new BankError("FORMAT_ERROR", `debtorAccount.currency is ${debtor.currency}, but the account's currency is ${account.currency}`, {
      path: "debtorAccount.currency",
    });
  }
  const agreement = psu.context === "CORPORATE" ? (psu.agreement ?? accountAgreement) : undefined;
  return { account, context: psu.context, ...(agreement ? { agreement } : {}) };
}
