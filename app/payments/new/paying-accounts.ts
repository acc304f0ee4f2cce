import type { BankAccount, CardAccount } from "@/lib/tpp/ais/ais-types";
import type { PayingAccount, PayingCard } from "@/lib/tpp/payment-form";

/** An account as the payment form offers it. */
export function toPayingAccount(account: BankAccount): PayingAccount {
  return { id: account.id, name: account.name, bban: account.bban, iban: account.iban, currency: account.currency };
}

/** A card account as the payment form offers it: relatedAccount is what debtorAccount.other names. */
export function toPayingCard(card: CardAccount): PayingCard {
  return { id: card.id, name: card.name, maskedPan: card.maskedPan, currency: card.currency, paymentReference: card.relatedAccount };
}

/** Whether an account can be paid from: the bank says nothing, or enabled. */
export function isPayable(account: { readonly status: "enabled" | "deleted" | "blocked" | undefined }): boolean {
  return account.status === undefined || account.status === "enabled";
}
