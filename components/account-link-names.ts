import type { BankAccount, CardAccount } from "@/lib/tpp/ais/ais-types";
import { describeBalances } from "./balance-summary";
import { formatBban, formatMaskedPan, formatMoney } from "./format";

/*
 * The accessible names of the accounts page's links, each a whole card: what the card shows,
 * in its order (WCAG 2.5.3, label in name: a screen reader user hears the balances a sighted
 * user reads, and a voice user can say them).
 */

/** "Brukskonto 3800 15 74202, Available 1 234,50 kr, Expected 1 234,50 kr, Booked at end of day 1 300,00 kr". */
export function describeAccountLink(account: Pick<BankAccount, "name" | "product" | "bban" | "balances">): string {
  return `${account.name ?? account.product ?? "Account"} ${formatBban(account.bban)}, ${describeBalances(account.balances ?? [])}`;
}

/** The balance a card account's card shows: the available one, else the first the bank gave. */
export function cardBalance(card: Pick<CardAccount, "balances">): { label: "Available" | "Balance"; text: string } {
  const available = card.balances?.find((balance) => balance.type === "interimAvailable");
  const shown = available ?? card.balances?.[0];
  return { label: available === undefined ? "Balance" : "Available", text: shown === undefined ? "–" : formatMoney(shown.amount) };
}

/** "Mastercard Gold 5522 11** **** 4821, Available 20 000,00 kr, Credit limit 30 000,00 kr". */
export function describeCardAccountLink(card: Pick<CardAccount, "name" | "product" | "maskedPan" | "balances" | "creditLimit">): string {
  const balance = cardBalance(card);
  return [
    `${card.name ?? card.product ?? "Card"} ${formatMaskedPan(card.maskedPan)}`,
    `${balance.label} ${balance.text}`,
    ...(card.creditLimit === undefined ? [] : [`Credit limit ${formatMoney(card.creditLimit)}`]),
  ].join(", ");
}
