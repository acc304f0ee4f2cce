import "server-only";
import type { BankAccount, CardAccount } from "../ais/ais-types";
import type { AspspCaller } from "../aspsp/aspsp-caller";
import { getAppClock } from "../clock/get-app-clock";
import { getTppRuntime } from "../runtime";
import { type ListedAccount, meansNoLongerShared } from "./shared-accounts-repository";

const listedAccount = (account: BankAccount): ListedAccount => ({
  resourceId: account.id,
  name: account.name,
  product: account.product,
  currency: account.currency,
  iban: account.iban,
  bban: account.bban,
  maskedPan: undefined,
  ...(account.balances === undefined ? {} : { balances: account.balances }),
});

const listedCard = (card: CardAccount): ListedAccount => ({
  resourceId: card.id,
  name: card.name,
  product: card.product,
  currency: card.currency,
  iban: undefined,
  bban: undefined,
  maskedPan: card.maskedPan,
  ...(card.balances === undefined ? {} : { balances: card.balances }),
});

/**
 * Keeps what the Accounts page read with the PSU present: the accounts and card accounts shared
 * in the PSU's context (a refresh without the PSU reads these: the bank lists accounts only with a
 * valid SCA), those the listing lacks marked no longer shared, and the balances read with them.
 */
export async function keepPresentListing(
  caller: AspspCaller,
  listing: { accounts: readonly BankAccount[]; cards: readonly CardAccount[] },
) {
  if (caller.userId === undefined) return;
  const { sharedAccounts } = await getTppRuntime();
  const at = (await getAppClock()).now();
  // Both kinds and their balances in one statement (recordListing).
  await sharedAccounts.recordListing(
    caller.userId,
    caller.psuCorporateId ?? null,
    { account: listing.accounts.map(listedAccount), "card-account": listing.cards.map(listedCard) },
    at,
  );
}

/**
 * A page found that an account can no longer be read (the bank's 404 RESOURCE_UNKNOWN, or a
 * consent error): it is marked no longer shared, and the error goes on to the page.
 */
export async function markUnreadable(
  caller: AspspCaller,
  ref: { kind: "account" | "card-account"; resourceId: string },
  error: unknown,
): Promise<void> {
  if (caller.userId === undefined || !meansNoLongerShared(error)) return;
  const { sharedAccounts } = await getTppRuntime();
  await sharedAccounts.markUnshared(
    { userId: caller.userId, ...ref },
    (await getAppClock()).now(),
    `The bank answered ${error.status} ${error.bankCode ?? ""} when the PSU opened it`.trim(),
  );
}
