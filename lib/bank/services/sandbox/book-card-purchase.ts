import { addDays, businessDayOnOrAfter } from "./calendar";
import { type AccountLedger, dayMonth, exchangeRate, formatOre, formatRate, toNok } from "./ledger";
import type { Random } from "./prng";

/** What was bought: in NOK (øre) with BankAxept, or in another currency (its minor units) with the Visa of the card ending in `last4`. */
export type CardPurchase = { amount: number } | { currency: string; originalMinor: number; last4: string };

/**
 * A debit-card purchase on an account, private or corporate, as the bank books it: a domestic
 * (BankAxept) one on the next business day ("Varekjøp"); one in another currency (Visa) debited
 * in NOK at the day's rate a business day later, with the original amount and the rate in the
 * text and the details.
 */
export function bookCardPurchase(
  ledger: AccountLedger,
  random: Random,
  date: string,
  merchant: { name: string },
  purchase: CardPurchase,
): void {
  if ("amount" in purchase) {
    ledger.book(random, date, businessDayOnOrAfter(date), -purchase.amount, {
      creditorName: merchant.name,
      text: `${dayMonth(date)} ${merchant.name}`,
      code: "Varekjøp",
    });
    return;
  }
  const { currency, originalMinor, last4 } = purchase;
  const rate = exchangeRate(currency, date);
  ledger.book(random, date, businessDayOnOrAfter(addDays(date, 1)), -toNok(originalMinor, rate), {
    creditorName: merchant.name,
    text: `*${last4} ${dayMonth(date)} ${currency} ${formatOre(originalMinor)} ${merchant.name} Kurs: ${formatRate(rate)}`,
    code: "Visa",
    details: {
      additionalInformation: `Card purchase of ${currency} ${formatOre(originalMinor)} at the exchange rate ${formatRate(rate)}`,
      proprietary: [`originalAmount=${formatOre(originalMinor)} ${currency}`, `exchangeRate=${formatRate(rate)}`],
    },
  });
}
