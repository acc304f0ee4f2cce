/**
 * The generated history of a private customer: a current account, a savings account and a credit
 * card, day by day over the window. Each day draws from its own seeded generator (customer and
 * date), so a day's transactions are the same whatever "today" is, and the same today always
 * gives the same history.
 */
import { addDays, addMonths, businessDayOnOrAfter, dayOfWeek } from "./calendar";
import { AccountLedger, CardLedger, dayMonth, endToEndId, exchangeRate, kroner, monthName, toNok, wholeKroner } from "./ledger";
import { bookCardPurchase } from "./book-card-purchase";
import { createRandom } from "./prng";
import { occurrenceMonth, occursOn } from "./schedule";
import { drawKid } from "./sandbox-bank";

/** A place to spend, with its merchant category code and a range of amounts in whole currency units. */
export type Merchant = { name: string; mcc: string; min: number; max: number };

export type Payee = { name: string; bban: string };

export type Trip = {
  /** Month (1-12), first day and length of the stay, every year. */
  month: number;
  day: number;
  days: number;
  currency: "EUR" | "SEK" | "USD" | "GBP" | "DKK";
  merchants: Merchant[];
  hotel: Merchant;
  flight: Merchant;
};

export type PrivateHistoryPlan = {
  /** Seeds the generator: the customer number. */
  key: string;
  debitCardLast4: string;
  income: { payer: Payee; amount: number; day: number; label: "Lønn" | "Pensjon"; june: number; december: number }[];
  housing: { payee: Payee; amount: number; day: number; label: string; withKid: boolean };
  bills: {
    payee: Payee;
    day: number;
    min: number;
    max: number;
    scheme: "MOD10" | "MOD11";
    code: "AvtaleGiro" | "eFaktura";
    winter?: number;
  }[];
  subscriptions: { merchant: Merchant; day: number; onCard: boolean; currency?: "USD" | "GBP" | "EUR" }[];
  savings: { monthly: number; day: number; withdrawals: { month: number; amount: number }[]; interest: [number, number] };
  groceries: Merchant[];
  cafes: Merchant[];
  shops: Merchant[];
  transport: { pass?: { merchant: Merchant; day: number }; trips: Merchant[]; chance: number };
  cardMerchants: Merchant[];
  friends: string[];
  trips: Trip[];
  /** Chances per day. */
  activity: {
    groceries: number;
    secondGroceries: number;
    cafeWorkday: number;
    cafeWeekend: number;
    shop: number;
    vippsOut: number;
    vippsIn: number;
    atm: number;
    card: number;
    /** A small extra purchase at a café or kiosk. */
    snack: number;
    /** Share of purchases abroad paid with the credit card (the rest with the debit card). */
    cardShareAbroad: number;
  };
  cardBill: { payee: string; day: number };
};

export type PrivateHistory = { main: AccountLedger; savings: AccountLedger; card: CardLedger };

function activeTrip(plan: PrivateHistoryPlan, date: string): Trip | undefined {
  return plan.trips.find((trip) => {
    const start = `${date.slice(0, 4)}-${String(trip.month).padStart(2, "0")}-${String(trip.day).padStart(2, "0")}`;
    return date >= start && date < addDays(start, trip.days);
  });
}

function tripStartingIn(plan: PrivateHistoryPlan, date: string, daysAhead: number): Trip | undefined {
  const ahead = addDays(date, daysAhead);
  return plan.trips.find(
    (trip) => ahead === `${ahead.slice(0, 4)}-${String(trip.month).padStart(2, "0")}-${String(trip.day).padStart(2, "0")}`,
  );
}

function cardPurchase(card: CardLedger, date: string, merchant: Merchant, currency: string, originalMinor: number): void {
  const amount = currency === "NOK" ? originalMinor : toNok(originalMinor, exchangeRate(currency, date));
  card.purchase(date, -amount, { amount: -originalMinor, currency }, merchant.name, merchant.mcc);
}

/**
 * The history of one private customer from `start` to `today` (inclusive), with a few pending
 * transactions of today and the last days, and one rejected payment.
 */
export function generatePrivateHistory(
  plan: PrivateHistoryPlan,
  accounts: { main: { bban: string; name: string }; savings: { bban: string; name: string }; cardLast4: string },
  start: string,
  today: string,
): PrivateHistory {
  const main = new AccountLedger(accounts.main.bban, accounts.main.name, today);
  const savings = new AccountLedger(accounts.savings.bban, accounts.savings.name, today);
  const card = new CardLedger(accounts.cardLast4, today);
  const startMonth = start.slice(0, 7);

  for (let date = start; date <= today; date = addDays(date, 1)) {
    const random = createRandom(`${plan.key}:${date}`);
    const weekday = dayOfWeek(date);
    const weekend = weekday === 0 || weekday === 6;
    const month = Number(date.slice(5, 7));

    for (const income of plan.income) {
      if (!occursOn(date, income.day, "on-or-before")) continue;
      const factor = month === 6 ? income.june : month === 12 ? income.december : 1;
      const amount = Math.round(income.amount * factor) * 100 + random.int(0, 99);
      const what =
        month === 6 && income.june > 1 ? `${income.label} ${monthName(date)} inkl. feriepenger` : `${income.label} ${monthName(date)}`;
      main.book(random, date, date, amount, {
        debtorName: income.payer.name,
        debtorBban: income.payer.bban,
        text: what,
        code: income.label === "Lønn" ? "Lønn" : "Trygd/pensjon",
        endToEndId: endToEndId(random, date),
      });
    }

    if (occursOn(date, plan.housing.day, "on-or-after")) {
      const housing = plan.housing;
      main.book(random, date, date, -housing.amount, {
        creditorName: housing.payee.name,
        creditorBban: housing.payee.bban,
        ...(housing.withKid ? { kid: drawKid(random, 15, "MOD10") } : { text: `${housing.label} ${monthName(date)}` }),
        code: housing.withKid ? "AvtaleGiro" : "Fast betaling",
        endToEndId: endToEndId(random, date),
      });
    }

    for (const bill of plan.bills) {
      if (!occursOn(date, bill.day, "on-or-after")) continue;
      const winter = month <= 3 || month >= 11 ? (bill.winter ?? 1) : 1;
      const amount = Math.round(kroner(random, bill.min, bill.max) * winter);
      main.book(random, date, date, -amount, {
        creditorName: bill.payee.name,
        creditorBban: bill.payee.bban,
        kid: drawKid(random, bill.scheme === "MOD10" ? 14 : 12, bill.scheme),
        code: bill.code,
        endToEndId: endToEndId(random, date),
      });
    }

    for (const subscription of plan.subscriptions) {
      if (!occursOn(date, subscription.day, "on-or-after")) continue;
      const merchant = subscription.merchant;
      const minor = merchant.min * 100 + (merchant.max > merchant.min ? random.int(0, 99) : 0);
      if (subscription.currency) {
        if (subscription.onCard) cardPurchase(card, date, merchant, subscription.currency, minor);
        else
          bookCardPurchase(main, random, date, merchant, {
            currency: subscription.currency,
            originalMinor: minor,
            last4: plan.debitCardLast4,
          });
      } else if (subscription.onCard) {
        cardPurchase(card, date, merchant, "NOK", minor);
      } else {
        bookCardPurchase(main, random, date, merchant, { amount: minor });
      }
    }

    if (occursOn(date, plan.savings.day, "on-or-after")) {
      const e2e = endToEndId(random, date);
      main.book(random, date, date, -plan.savings.monthly, {
        creditorName: accounts.savings.name,
        creditorBban: accounts.savings.bban,
        text: `Overføring til ${accounts.savings.name}`,
        code: "Overføring",
        endToEndId: e2e,
      });
      savings.book(random, date, date, plan.savings.monthly, {
        debtorName: accounts.main.name,
        debtorBban: accounts.main.bban,
        text: `Overføring fra ${accounts.main.name}`,
        code: "Overføring",
        endToEndId: e2e,
      });
    }
    for (const withdrawal of plan.savings.withdrawals) {
      if (withdrawal.month !== month || !occursOn(date, 3, "on-or-after")) continue;
      const e2e = endToEndId(random, date);
      savings.book(random, date, date, -withdrawal.amount, {
        creditorName: accounts.main.name,
        creditorBban: accounts.main.bban,
        text: `Overføring til ${accounts.main.name}`,
        code: "Overføring",
        endToEndId: e2e,
      });
      main.book(random, date, date, withdrawal.amount, {
        debtorName: accounts.savings.name,
        debtorBban: accounts.savings.bban,
        text: `Overføring fra ${accounts.savings.name}`,
        code: "Overføring",
        endToEndId: e2e,
      });
    }
    if (date.endsWith("-12-31")) {
      savings.book(random, date, date, kroner(random, plan.savings.interest[0], plan.savings.interest[1]), {
        debtorName: "Fjordbanken",
        text: `Kreditrenter ${date.slice(0, 4)}`,
        code: "Renter",
      });
    }

    // The card invoice: last month's purchases, paid from the current account on the due day.
    const billMonth = occurrenceMonth(date, plan.cardBill.day, "on-or-after");
    if (billMonth !== undefined) {
      const billedMonth = addMonths(`${billMonth}-01`, -1).slice(0, 7);
      const spent = billedMonth >= startMonth ? -card.spentIn(billedMonth) : 0;
      if (spent > 0) {
        const e2e = endToEndId(random, date);
        if (
          main.book(random, date, date, -spent, {
            creditorName: plan.cardBill.payee,
            kid: drawKid(random, 16, "MOD10"),
            code: "eFaktura",
            endToEndId: e2e,
          })
        ) {
          card.repayment(date, spent);
        }
      }
    }

    const trip = activeTrip(plan, date);
    const upcoming = tripStartingIn(plan, date, 35);
    if (upcoming) cardPurchase(card, date, upcoming.flight, "NOK", wholeKroner(random, upcoming.flight.min, upcoming.flight.max));

    if (trip) {
      if (`${date.slice(0, 4)}-${String(trip.month).padStart(2, "0")}-${String(trip.day).padStart(2, "0")}` === date) {
        const nights = trip.days - 1;
        cardPurchase(card, date, trip.hotel, trip.currency, random.int(trip.hotel.min, trip.hotel.max) * 100 * Math.max(1, nights));
      }
      const purchases = random.int(2, 4);
      for (let i = 0; i < purchases; i++) {
        const merchant = random.pick(trip.merchants);
        const minor = kroner(random, merchant.min, merchant.max);
        if (random.chance(plan.activity.cardShareAbroad)) cardPurchase(card, date, merchant, trip.currency, minor);
        else bookCardPurchase(main, random, date, merchant, { currency: trip.currency, originalMinor: minor, last4: plan.debitCardLast4 });
      }
      continue;
    }

    const activity = plan.activity;
    if (random.chance(activity.groceries)) {
      const merchant = random.pick(plan.groceries);
      const big = random.chance(0.12);
      bookCardPurchase(main, random, date, merchant, {
        amount: big ? kroner(random, 350, Math.min(900, merchant.max)) : kroner(random, merchant.min, 260),
      });
    }
    if (random.chance(activity.secondGroceries)) {
      const merchant = random.pick(plan.groceries);
      bookCardPurchase(main, random, date, merchant, { amount: kroner(random, merchant.min, 120) });
    }
    if (random.chance(activity.snack)) {
      const merchant = random.pick(plan.cafes);
      bookCardPurchase(main, random, date, merchant, { amount: kroner(random, 19, 79) });
    }
    if (random.chance(weekend ? activity.cafeWeekend : activity.cafeWorkday)) {
      const merchant = random.pick(plan.cafes);
      bookCardPurchase(main, random, date, merchant, { amount: kroner(random, merchant.min, merchant.max) });
    }
    if (random.chance(activity.shop)) {
      const merchant = random.pick(plan.shops);
      bookCardPurchase(main, random, date, merchant, { amount: kroner(random, merchant.min, merchant.max) });
    }
    if (plan.transport.pass && occursOn(date, plan.transport.pass.day, "on-or-after")) {
      const pass = plan.transport.pass.merchant;
      bookCardPurchase(main, random, date, pass, { amount: pass.min * 100 });
    }
    if (random.chance(plan.transport.chance)) {
      const merchant = random.pick(plan.transport.trips);
      bookCardPurchase(main, random, date, merchant, { amount: wholeKroner(random, merchant.min, merchant.max) });
    }
    if (random.chance(activity.vippsOut)) {
      const friend = random.pick(plan.friends);
      main.book(random, date, date, -wholeKroner(random, 50, 450), { creditorName: friend, text: `Vipps til ${friend}`, code: "Vipps" });
    }
    if (random.chance(activity.vippsIn)) {
      const friend = random.pick(plan.friends);
      main.book(random, date, date, wholeKroner(random, 80, 900), { debtorName: friend, text: `Vipps fra ${friend}`, code: "Vipps" });
    }
    if (random.chance(activity.atm)) {
      const amount = random.pick([500, 1000, 2000]) * 100;
      main.book(random, date, businessDayOnOrAfter(date), -amount, {
        text: `${dayMonth(date)} Minibank Fjordbanken`,
        code: "Kontantuttak",
      });
    }
    if (random.chance(activity.card)) {
      const merchant = random.pick(plan.cardMerchants);
      cardPurchase(card, date, merchant, "NOK", kroner(random, merchant.min, merchant.max));
    }
  }

  // Today's and the last days' card purchases, not yet booked; a transfer to savings in progress.
  const random = createRandom(`${plan.key}:pending:${today}`);
  const pendingPurchases = random.int(2, 3);
  for (let i = 0; i < pendingPurchases; i++) {
    const date = addDays(today, -random.int(0, 1));
    const merchant = random.pick([...plan.groceries, ...plan.cafes]);
    main.pending(random, date, -kroner(random, merchant.min, Math.min(merchant.max, 450)), {
      creditorName: merchant.name,
      text: `${dayMonth(date)} ${merchant.name}`,
      code: "Varekjøp",
    });
  }
  const transfer = wholeKroner(random, 5, 30) * 100;
  const e2e = endToEndId(random, today);
  main.pending(random, today, -transfer, {
    creditorName: accounts.savings.name,
    creditorBban: accounts.savings.bban,
    text: `Overføring til ${accounts.savings.name}`,
    code: "Overføring",
    endToEndId: e2e,
  });
  savings.pending(random, today, transfer, {
    debtorName: accounts.main.name,
    debtorBban: accounts.main.bban,
    text: `Overføring fra ${accounts.main.name}`,
    code: "Overføring",
    endToEndId: e2e,
  });
  const giver = random.pick(plan.friends);
  savings.pending(random, addDays(today, -1), wholeKroner(random, 500, 2500), {
    debtorName: giver,
    text: `Gave fra ${giver}`,
    code: "Overføring",
    endToEndId: endToEndId(random, today),
  });
  const cardPending = random.int(2, 4);
  for (let i = 0; i < cardPending; i++) {
    const date = addDays(today, -random.int(0, 2));
    const merchant = random.pick(plan.cardMerchants);
    const amount = kroner(random, merchant.min, merchant.max);
    card.pending(date, -amount, { amount: -amount, currency: "NOK" }, merchant.name, merchant.mcc);
  }

  // A payment the payee's bank turned down: listed under bookingStatus "all", never booked.
  const bill = plan.bills[0];
  if (bill) {
    const date = addDays(today, -random.int(10, 20));
    main.rejected(random, date, -kroner(random, bill.min, bill.max), {
      creditorName: bill.payee.name,
      creditorBban: bill.payee.bban,
      kid: drawKid(random, 12, "MOD11"),
      code: bill.code,
      endToEndId: endToEndId(random, date),
      details: { additionalInformation: "Rejected: the payee has ended the payment agreement" },
    });
  }

  return { main, savings, card };
}
