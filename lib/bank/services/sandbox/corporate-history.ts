/**
 * The generated history of a corporate customer's company: an operating account (Driftskonto)
 * with invoices received and paid (with KIDs), salaries, taxes and VAT, card spending, and a
 * second account: a tax deduction account (Skattetrekkskonto) that collects the withheld tax
 * until it is paid every second month, or a savings account fed every quarter.
 */
import { addDays, addMonths, businessDayOnOrAfter, dayOfWeek } from "./calendar";
import { AccountLedger, endToEndId, kroner, monthName } from "./ledger";
import type { Merchant, Payee, Trip } from "./private-history";
import { bookCardPurchase } from "./book-card-purchase";
import { createRandom } from "./prng";
import { occurrenceMonth, occursOn } from "./schedule";
import { drawExternalBban, drawKid } from "./sandbox-bank";

export type CorporateHistoryPlan = {
  key: string;
  cardLast4: string;
  clients: string[];
  income: { chance: number; min: number; max: number };
  suppliers: { payee: Payee; min: number; max: number }[];
  supplierChance: number;
  spending: { merchants: Merchant[]; chance: number };
  lunches: { merchants: Merchant[]; chance: number };
  employees: { name: string; bban: string; net: number; tax: number }[];
  salaryDay: number;
  fixed: { payee: Payee; amount: number; day: number; months?: number[]; label: string; withKid: boolean }[];
  foreignSubscriptions: { merchant: Merchant; day: number; currency: "USD" | "EUR" | "GBP" }[];
  vat: { min: number; max: number };
  tax: Payee;
  second: { kind: "tax-deduction" } | { kind: "savings"; months: number[]; day: number; amount: number; interest: [number, number] };
  trips: Trip[];
  /** Texts of the two transfers to the second account that are pending today. */
  pendingTransfers: [string, string];
};

export type CorporateHistory = { main: AccountLedger; second: AccountLedger };

/** Employer's national insurance contribution (arbeidsgiveravgift), zone 1: 14.1 %. */
const EMPLOYER_TAX_PER_MILLE = 141;
/** Withheld tax and employer's contribution are due on the 15th of these months, for the two months before. */
const TAX_MONTHS = [1, 3, 5, 7, 9, 11];
/** VAT terms are due on the 10th of these months (the third term's on 31 August). */
const VAT_MONTHS = [2, 4, 6, 10, 12];

function payeeOfClient(name: string): Payee {
  return { name, bban: drawExternalBban(createRandom(`client:${name}`)) };
}

/** The history of one company from `start` to `today` (inclusive), with pending payments of today. */
export function generateCorporateHistory(
  plan: CorporateHistoryPlan,
  accounts: { main: { bban: string; name: string }; second: { bban: string; name: string } },
  start: string,
  today: string,
): CorporateHistory {
  const main = new AccountLedger(accounts.main.bban, accounts.main.name, today);
  const second = new AccountLedger(accounts.second.bban, accounts.second.name, today);
  const startMonth = start.slice(0, 7);
  const withheldByMonth = new Map<string, number>();
  const grossByMonth = new Map<string, number>();

  for (let date = start; date <= today; date = addDays(date, 1)) {
    const random = createRandom(`${plan.key}:${date}`);
    const weekday = dayOfWeek(date);
    const weekend = weekday === 0 || weekday === 6;

    if (!weekend && random.chance(plan.income.chance)) {
      const client = payeeOfClient(random.pick(plan.clients));
      main.book(random, date, businessDayOnOrAfter(date), kroner(random, plan.income.min, plan.income.max), {
        debtorName: client.name,
        debtorBban: client.bban,
        kid: drawKid(random, 10, "MOD10"),
        code: "Innbetaling",
        endToEndId: endToEndId(random, date),
      });
    }
    if (!weekend && random.chance(plan.supplierChance)) {
      const supplier = random.pick(plan.suppliers);
      main.book(random, date, businessDayOnOrAfter(date), -kroner(random, supplier.min, supplier.max), {
        creditorName: supplier.payee.name,
        creditorBban: supplier.payee.bban,
        kid: drawKid(random, random.pick([9, 12, 15]), random.chance(0.5) ? "MOD10" : "MOD11"),
        code: "Nettgiro",
        endToEndId: endToEndId(random, date),
      });
    }
    if (random.chance(weekend ? plan.spending.chance / 3 : plan.spending.chance)) {
      const merchant = random.pick(plan.spending.merchants);
      bookCardPurchase(main, random, date, merchant, { amount: kroner(random, merchant.min, merchant.max) });
    }
    if (!weekend && random.chance(plan.lunches.chance)) {
      const merchant = random.pick(plan.lunches.merchants);
      bookCardPurchase(main, random, date, merchant, { amount: kroner(random, merchant.min, merchant.max) });
    }

    const salaryMonth = occurrenceMonth(date, plan.salaryDay, "on-or-before");
    if (salaryMonth !== undefined) {
      let withheld = 0;
      let gross = 0;
      for (const employee of plan.employees) {
        const net = employee.net * 100 + random.int(0, 99);
        main.book(random, date, date, -net, {
          creditorName: employee.name,
          creditorBban: employee.bban,
          text: `Lønn ${monthName(`${salaryMonth}-01`)}`,
          code: "Lønn",
          endToEndId: endToEndId(random, date),
        });
        withheld += employee.tax * 100;
        gross += net + employee.tax * 100;
      }
      withheldByMonth.set(salaryMonth, withheld);
      grossByMonth.set(salaryMonth, gross);
      if (plan.second.kind === "tax-deduction") {
        const e2e = endToEndId(random, date);
        const text = `Skattetrekk ${monthName(`${salaryMonth}-01`)}`;
        main.book(random, date, date, -withheld, {
          creditorName: accounts.second.name,
          creditorBban: accounts.second.bban,
          text,
          code: "Overføring",
          endToEndId: e2e,
        });
        second.book(random, date, date, withheld, {
          debtorName: accounts.main.name,
          debtorBban: accounts.main.bban,
          text,
          code: "Overføring",
          endToEndId: e2e,
        });
      }
    }

    const taxMonth = occurrenceMonth(date, 15, "on-or-after", TAX_MONTHS);
    if (taxMonth !== undefined) {
      const due = `${taxMonth}-01`;
      const covered = [addMonths(due, -2).slice(0, 7), addMonths(due, -1).slice(0, 7)].filter((m) => m >= startMonth);
      const withheld = covered.reduce((sum, m) => sum + (withheldByMonth.get(m) ?? 0), 0);
      const gross = covered.reduce((sum, m) => sum + (grossByMonth.get(m) ?? 0), 0);
      if (withheld > 0) {
        const from = plan.second.kind === "tax-deduction" ? second : main;
        from.book(random, date, date, -withheld, {
          creditorName: plan.tax.name,
          creditorBban: plan.tax.bban,
          kid: drawKid(random, 16, "MOD11"),
          code: "Nettgiro",
          endToEndId: endToEndId(random, date),
          details: { additionalInformation: "Forskuddstrekk (tax withheld from salaries)" },
        });
      }
      if (gross > 0) {
        main.book(random, date, date, -Math.round((gross * EMPLOYER_TAX_PER_MILLE) / 1000), {
          creditorName: plan.tax.name,
          creditorBban: plan.tax.bban,
          kid: drawKid(random, 16, "MOD11"),
          code: "Nettgiro",
          endToEndId: endToEndId(random, date),
          details: { additionalInformation: "Arbeidsgiveravgift (employer's national insurance contribution)" },
        });
      }
    }

    if (occursOn(date, 10, "on-or-after", VAT_MONTHS) || occursOn(date, 31, "on-or-after", [8])) {
      main.book(random, date, date, -kroner(random, plan.vat.min, plan.vat.max), {
        creditorName: plan.tax.name,
        creditorBban: plan.tax.bban,
        kid: drawKid(random, 16, "MOD11"),
        code: "Nettgiro",
        endToEndId: endToEndId(random, date),
        details: { additionalInformation: "Merverdiavgift (VAT) for the last term" },
      });
    }

    for (const fixed of plan.fixed) {
      if (!occursOn(date, fixed.day, "on-or-after", fixed.months)) continue;
      main.book(random, date, date, -fixed.amount * 100, {
        creditorName: fixed.payee.name,
        creditorBban: fixed.payee.bban,
        ...(fixed.withKid ? { kid: drawKid(random, 13, "MOD10") } : { text: `${fixed.label} ${monthName(date)}` }),
        code: fixed.withKid ? "AvtaleGiro" : "Fast betaling",
        endToEndId: endToEndId(random, date),
      });
    }

    for (const subscription of plan.foreignSubscriptions) {
      if (!occursOn(date, subscription.day, "on-or-after")) continue;
      bookCardPurchase(main, random, date, subscription.merchant, {
        currency: subscription.currency,
        originalMinor: subscription.merchant.min * 100,
        last4: plan.cardLast4,
      });
    }

    if (occursOn(date, 31, "on-or-before")) {
      main.book(random, date, date, -19_900, { text: `Månedspris Bedriftspakke ${monthName(date)}`, code: "Gebyr" });
    }

    const secondPlan = plan.second;
    if (secondPlan.kind === "savings") {
      if (occursOn(date, secondPlan.day, "on-or-after", secondPlan.months)) {
        const e2e = endToEndId(random, date);
        main.book(random, date, date, -secondPlan.amount * 100, {
          creditorName: accounts.second.name,
          creditorBban: accounts.second.bban,
          text: "Overføring til buffer",
          code: "Overføring",
          endToEndId: e2e,
        });
        second.book(random, date, date, secondPlan.amount * 100, {
          debtorName: accounts.main.name,
          debtorBban: accounts.main.bban,
          text: "Overføring til buffer",
          code: "Overføring",
          endToEndId: e2e,
        });
      }
      if (date.endsWith("-12-31")) {
        second.book(random, date, date, kroner(random, secondPlan.interest[0], secondPlan.interest[1]), {
          debtorName: "Fjordbanken",
          text: `Kreditrenter ${date.slice(0, 4)}`,
          code: "Renter",
        });
      }
    }

    for (const trip of plan.trips) {
      const first = `${date.slice(0, 4)}-${String(trip.month).padStart(2, "0")}-${String(trip.day).padStart(2, "0")}`;
      if (addDays(first, -30) === date)
        bookCardPurchase(main, random, date, trip.flight, { amount: kroner(random, trip.flight.min, trip.flight.max) });
      if (date < first || date >= addDays(first, trip.days)) continue;
      if (date === first)
        bookCardPurchase(main, random, date, trip.hotel, {
          currency: trip.currency,
          originalMinor: random.int(trip.hotel.min, trip.hotel.max) * 100 * Math.max(1, trip.days - 1),
          last4: plan.cardLast4,
        });
      for (let i = random.int(1, 3); i > 0; i--) {
        const merchant = random.pick(trip.merchants);
        bookCardPurchase(main, random, date, merchant, {
          currency: trip.currency,
          originalMinor: kroner(random, merchant.min, merchant.max),
          last4: plan.cardLast4,
        });
      }
    }
  }

  // Supplier invoices due today, and transfers to the second account, not yet booked.
  const random = createRandom(`${plan.key}:pending:${today}`);
  for (let i = 0; i < 2; i++) {
    const supplier = random.pick(plan.suppliers);
    main.pending(random, today, -kroner(random, supplier.min, supplier.max), {
      creditorName: supplier.payee.name,
      creditorBban: supplier.payee.bban,
      kid: drawKid(random, 12, "MOD10"),
      code: "Nettgiro",
      endToEndId: endToEndId(random, today),
    });
  }
  for (const text of plan.pendingTransfers) {
    const amount = kroner(random, 2_000, 12_000);
    const e2e = endToEndId(random, today);
    main.pending(random, today, -amount, {
      creditorName: accounts.second.name,
      creditorBban: accounts.second.bban,
      text,
      code: "Overføring",
      endToEndId: e2e,
    });
    second.pending(random, today, amount, {
      debtorName: accounts.main.name,
      debtorBban: accounts.main.bban,
      text,
      code: "Overføring",
      endToEndId: e2e,
    });
  }

  return { main, second };
}
