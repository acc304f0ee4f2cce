import { asc, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isValidIban, isValidNorwegianBban } from "../../../psd2/validation";
import type { Executor } from "../../db/open-bank-database";
import { accounts, agreementAccounts, agreements, cardAccounts, cardTransactions, customers, transactions } from "../../db/schema";
import { BankError } from "../../errors";
import { createFixedClock, createSeededTestDatabase } from "../../testing/seeded-test-database";
import { testDatabaseKinds, type TestDatabase } from "../../testing/test-database";
import type {
  CreateSandboxAccountTransactionsInput,
  CreateSandboxCardTransactionsInput,
  SandboxAccountTransactionInput,
} from "../../../psd2/schemas/sandbox-requests";
import { initialIds } from "./build-sandbox-dataset";
import { createSandboxAccount } from "./create-sandbox-account";
import { createSandboxAccountTransactions } from "./create-sandbox-account-transactions";
import { createSandboxAgreement } from "./create-sandbox-agreement";
import { createSandboxCardAccount } from "./create-sandbox-card-account";
import { createSandboxCardTransactions } from "./create-sandbox-card-transactions";
import { createSandboxCustomer } from "./create-sandbox-customer";
import { getSandboxCustomer } from "./get-sandbox-customer";
import { listSandboxCardTransactions } from "./list-sandbox-card-transactions";
import { listSandboxCustomers } from "./list-sandbox-customers";
import { setSandboxAccountBalance, setSandboxCardAccountBalance } from "./set-sandbox-balance";

const clock = createFixedClock("2026-01-10");
const INGRID = initialIds.customer("13039319955");
const PER = initialIds.customer("12085592767");
const SINDRE = initialIds.customer("18129215603");
const INGRID_MAIN = initialIds.account("13039319955", 1);
const INGRID_SAVINGS = initialIds.account("13039319955", 2);
const PER_MAIN = initialIds.account("12085592767", 1);
const INGRID_CARD = initialIds.cardAccount("13039319955");

/** Everything a sandbox operation may change: row counts and balances. */
async function fingerprint(db: Executor) {
  const tally = async (
    table:
      | typeof customers
      | typeof accounts
      | typeof cardAccounts
      | typeof agreements
      | typeof transactions
      | typeof cardTransactions
      | typeof agreementAccounts,
  ) => (await db.select({ value: count() }).from(table))[0]?.value ?? 0;
  return {
    customers: await tally(customers),
    accounts: await tally(accounts),
    cardAccounts: await tally(cardAccounts),
    agreements: await tally(agreements),
    agreementAccounts: await tally(agreementAccounts),
    transactions: await tally(transactions),
    cardTransactions: await tally(cardTransactions),
    balances: await db.select({ id: accounts.id, balance: accounts.bookedBalance }).from(accounts).orderBy(asc(accounts.id)),
    cardBalances: await db
      .select({ id: cardAccounts.id, balance: cardAccounts.bookedBalance })
      .from(cardAccounts)
      .orderBy(asc(cardAccounts.id)),
  };
}

type Expected = { code: string; text: string; path?: string; status: number };

describe.each(testDatabaseKinds())("the sandbox operations on %s", (kind) => {
  let database: TestDatabase;
  let db: Executor;
  // Starting and seeding a database may take longer than the default 10 s hook limit on a busy machine.
  beforeAll(async () => {
    database = await createSeededTestDatabase(kind);
    db = database.db;
  }, 60_000);
  afterAll(() => database.close());

  /** The operation fails with exactly this error and leaves the database as it was. */
  async function expectRejected(operation: () => Promise<unknown>, expected: Expected): Promise<void> {
    const before = await fingerprint(db);
    const error = await operation().then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(BankError);
    if (!(error instanceof BankError)) return;
    expect({ code: error.code, text: error.message, path: error.path, status: error.status }).toEqual({ path: undefined, ...expected });
    expect(error.message.length).toBeLessThanOrEqual(512);
    expect(await fingerprint(db)).toEqual(before);
  }

  describe("customers", () => {
    it("creates a customer (201 shape of the spec) that GET and the list then show", async () => {
      const created = await createSandboxCustomer(
        { db, clock },
        {
          customerNumber: "01019012345",
          customerName: "Kari Nordmann",
          customerType: "PRIVATE",
        },
      );
      expect(created).toEqual({
        customerId: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
        customerNumber: "01019012345",
        customerType: "PRIVATE",
        customerName: "Kari Nordmann",
        agreements: [],
        accounts: [],
        cardAccounts: [],
        _links: { self: { href: `/v1/sandbox/customers/${created.customerId}`, verbs: ["GET"] } },
      });
      expect(await getSandboxCustomer({ db }, created.customerId)).toEqual(created);
      const list = await listSandboxCustomers({ db });
      expect(list.customers.map((c) => c.customerNumber).slice(0, 4)).toEqual(["13039319955", "12085592767", "18129215603", "20079518612"]);
      expect(list.customers.at(-1)).toEqual(created);
    });

    it("shows an initial customer with its accounts, card account and agreements", async () => {
      expect(await getSandboxCustomer({ db }, INGRID)).toMatchObject({
        customerId: INGRID,
        customerNumber: "13039319955",
        customerType: "PRIVATE",
        customerName: "Ingrid Marie Haugen",
        agreements: [],
        accounts: [INGRID_MAIN, INGRID_SAVINGS],
        cardAccounts: [INGRID_CARD],
      });
      const sindre = await getSandboxCustomer({ db }, SINDRE);
      expect(sindre.customerType).toBe("CORPORATE");
      expect(sindre.agreements).toEqual([
        { id: initialIds.agreement("18129215603"), name: "Lie Snekkeri AS", engagements: [...sindre.accounts].sort() },
      ]);
    });

    it("refuses a customer number that is taken (409 CONFLICT)", async () => {
      await expectRejected(
        () => createSandboxCustomer({ db, clock }, { customerNumber: "13039319955", customerName: "Someone", customerType: "PRIVATE" }),
        {
          code: "CONFLICT",
          status: 409,
          path: "customerNumber",
          text: "customerNumber 13039319955 belongs to another sandbox customer; a customer number is the identity used at SCA and must be unique",
        },
      );
    });

    it("answers an unknown customer id with 404 RESOURCE_UNKNOWN", async () => {
      await expectRejected(() => getSandboxCustomer({ db }, "nope"), {
        code: "RESOURCE_UNKNOWN",
        status: 404,
        text: 'no sandbox customer has the id "nope"',
      });
    });
  });

  describe("accounts, card accounts and agreements", () => {
    it("creates an account with a new valid BBAN and IBAN, listed on its customer", async () => {
      const account = await createSandboxAccount(
        { db, clock },
        {
          customerId: PER,
          name: "Reisekonto",
          kidRequired: true,
          balance: { currency: "NOK", amount: "1500.00" },
        },
      );
      expect(isValidNorwegianBban(account.bban)).toBe(true);
      expect(account.bban.startsWith("3800")).toBe(true);
      expect(isValidIban(account.iban)).toBe(true);
      expect(account).toMatchObject({
        customerId: PER,
        bic: "FJORNOKK",
        currency: "NOK",
        name: "Reisekonto",
        product: "Reisekonto",
        cashAccountType: "CACC",
        status: "enabled",
        usage: "PRIV",
        ownerName: "Per Olav Johansen",
        kidRequired: true,
        balance: { currency: "NOK", amount: "1500.00" },
        _links: { transactions: { href: `/v1/sandbox/accounts/${account.resourceId}/transactions`, verbs: ["POST"] } },
      });
      expect((await getSandboxCustomer({ db }, PER)).accounts).toContain(account.resourceId);
    });

    it("refuses an account for an unknown customer, or with a balance of another currency", async () => {
      await expectRejected(() => createSandboxAccount({ db, clock }, { customerId: "nobody", name: "Konto" }), {
        code: "FORMAT_ERROR",
        status: 400,
        path: "customerId",
        text: 'customerId "nobody" names no sandbox customer',
      });
      await expectRejected(
        () =>
          createSandboxAccount(
            { db, clock },
            {
              customerId: PER,
              name: "Konto",
              currency: "EUR",
              balance: { currency: "NOK", amount: "1.00" },
            },
          ),
        {
          code: "FORMAT_ERROR",
          status: 400,
          path: "balance.currency",
          text: "balance.currency is NOK, but the account's currency is EUR; they must be the same",
        },
      );
    });

    it("creates a card account drawn on the customer's first account, and refuses another customer's account", async () => {
      const card = await createSandboxCardAccount(
        { db, clock },
        {
          customerId: INGRID,
          name: "Reisekort",
          creditLimit: { currency: "NOK", amount: "20000.00" },
        },
      );
      expect(card).toMatchObject({
        customerId: INGRID,
        maskedPan: expect.stringMatching(/^552211\*{6}[0-9]{4}$/),
        currency: "NOK",
        creditLimit: { currency: "NOK", amount: "20000.00" },
        balance: { currency: "NOK", amount: "0.00" },
        relatedAccountId: INGRID_MAIN,
        usage: "PRIV",
      });
      await expectRejected(
        () =>
          createSandboxCardAccount(
            { db, clock },
            {
              customerId: INGRID,
              name: "Kort",
              creditLimit: { currency: "NOK", amount: "100.00" },
              relatedAccountId: PER_MAIN,
            },
          ),
        {
          code: "FORMAT_ERROR",
          status: 400,
          path: "relatedAccountId",
          text: `relatedAccountId "${PER_MAIN}" names no account of customer "${INGRID}"`,
        },
      );
    });

    it("creates an agreement of a corporate customer on its own accounts, and refuses the rest", async () => {
      const [main = "", second = ""] = (await getSandboxCustomer({ db }, SINDRE)).accounts;
      const agreement = await createSandboxAgreement(
        { db },
        {
          customerId: SINDRE,
          name: "Lie Eiendom AS",
          organisationNumber: "918765026",
          accountIds: [main],
        },
      );
      expect(agreement).toMatchObject({ customerId: SINDRE, name: "Lie Eiendom AS", organisationNumber: "918765026", engagements: [main] });
      expect((await getSandboxCustomer({ db }, SINDRE)).agreements.map((a) => a.name)).toEqual(["Lie Eiendom AS", "Lie Snekkeri AS"]);

      await expectRejected(
        () =>
          createSandboxAgreement(
            { db },
            { customerId: INGRID, name: "Haugen AS", organisationNumber: "918765026", accountIds: [INGRID_MAIN] },
          ),
        {
          code: "FORMAT_ERROR",
          status: 400,
          path: "customerId",
          text: `customerId "${INGRID}" is a PRIVATE customer; agreements belong to CORPORATE customers`,
        },
      );
      await expectRejected(
        () =>
          createSandboxAgreement(
            { db },
            {
              customerId: SINDRE,
              name: "Lie AS",
              organisationNumber: "918765026",
              accountIds: [second, INGRID_MAIN],
            },
          ),
        {
          code: "FORMAT_ERROR",
          status: 400,
          path: "accountIds[1]",
          text: `accountIds[1] "${INGRID_MAIN}" names no account of customer "${SINDRE}"`,
        },
      );
    });
  });

  describe("account transactions", () => {
    it("adds booked and pending transactions; the booked ones change the balance exactly", async () => {
      const before = (await getBalance(db, INGRID_SAVINGS)) ?? "";
      const result = await createSandboxAccountTransactions({ db, clock }, INGRID_SAVINGS, [
        {
          transactionAmount: { currency: "NOK", amount: "0.10" },
          debtorName: "Bestemor",
          debtorAccount: { bban: "15032080119" },
          remittanceInformationUnstructured: "Gave",
        },
        {
          transactionAmount: { currency: "NOK", amount: "0.20" },
          bookingDate: "2026-01-09",
          remittanceInformationStructured: "1234567890128",
        },
        { bookingStatus: "pending", transactionAmount: { currency: "NOK", amount: "-500.00" }, creditorName: "Fjordkraft AS" },
      ]);
      expect(result.transactions).toHaveLength(3);
      expect(result.transactions[0]).toMatchObject({
        bookingStatus: "booked",
        bookingDate: "2026-01-10",
        valueDate: "2026-01-10",
        transactionAmount: { currency: "NOK", amount: "0.10" },
        debtorName: "Bestemor",
        debtorAccount: { bban: "15032080119" },
        remittanceInformationUnstructured: "Gave",
      });
      expect(result.transactions[1]).toMatchObject({ bookingDate: "2026-01-09", remittanceInformationStructured: "1234567890128" });
      expect(result.transactions[2]).toMatchObject({ bookingStatus: "pending", valueDate: "2026-01-10" });
      expect(result.transactions[2]?.bookingDate).toBeUndefined();
      const expected = (Math.round(Number(before) * 100) + 30) / 100;
      expect(result.account.balance).toEqual({ currency: "NOK", amount: expected.toFixed(2) });
      expect(await getBalance(db, INGRID_SAVINGS)).toBe(expected.toFixed(2));
    });

    it("lets the account itself be the debtor of a debit", async () => {
      const account = await db.select({ bban: accounts.bban }).from(accounts).where(eq(accounts.id, INGRID_SAVINGS));
      const result = await createSandboxAccountTransactions({ db, clock }, INGRID_SAVINGS, [
        { transactionAmount: { currency: "NOK", amount: "-1.00" }, debtorAccount: { bban: account[0]?.bban ?? "" }, creditorName: "Kiosk" },
      ]);
      expect(result.transactions).toHaveLength(1);
    });

    it("refuses, all or nothing, a transaction whose debtor is another sandbox account", async () => {
      const [other] = await db.select({ bban: accounts.bban, iban: accounts.iban }).from(accounts).where(eq(accounts.id, PER_MAIN));
      const good: SandboxAccountTransactionInput = { transactionAmount: { currency: "NOK", amount: "100.00" } };
      await expectRejected(
        () =>
          createSandboxAccountTransactions({ db, clock }, INGRID_MAIN, [
            good,
            { transactionAmount: { currency: "NOK", amount: "250.00" }, debtorAccount: { bban: other?.bban } },
          ]),
        {
          code: "FORMAT_ERROR",
          status: 400,
          path: "[1].debtorAccount",
          text: `[1].debtorAccount is the sandbox account ${other?.bban}; a transaction cannot take money from another account of the sandbox bank: make a payment from it instead`,
        },
      );
      await expectRejected(
        () =>
          createSandboxAccountTransactions({ db, clock }, INGRID_MAIN, [
            { transactionAmount: { currency: "NOK", amount: "250.00" }, debtorAccount: { iban: other?.iban } },
          ]),
        {
          code: "FORMAT_ERROR",
          status: 400,
          path: "[0].debtorAccount",
          text: `[0].debtorAccount is the sandbox account ${other?.bban}; a transaction cannot take money from another account of the sandbox bank: make a payment from it instead`,
        },
      );
    });

    it("refuses future bookings, a booking date on a pending one, other currencies and unknown accounts", async () => {
      const add =
        (body: CreateSandboxAccountTransactionsInput, accountId = INGRID_MAIN) =>
        () =>
          createSandboxAccountTransactions({ db, clock }, accountId, body);
      await expectRejected(add([{ transactionAmount: { currency: "NOK", amount: "-10.00" }, bookingDate: "2026-01-11" }]), {
        code: "FORMAT_ERROR",
        status: 400,
        path: "[0].bookingDate",
        text: "[0].bookingDate 2026-01-11 is after today (2026-01-10); a future transaction is created as pending",
      });
      await expectRejected(
        add([{ bookingStatus: "pending", bookingDate: "2026-01-09", transactionAmount: { currency: "NOK", amount: "-10.00" } }]),
        {
          code: "FORMAT_ERROR",
          status: 400,
          path: "[0].bookingDate",
          text: "[0].bookingDate must be absent: a pending transaction is not booked yet",
        },
      );
      await expectRejected(add([{ transactionAmount: { currency: "EUR", amount: "-10.00" } }]), {
        code: "FORMAT_ERROR",
        status: 400,
        path: "[0].transactionAmount.currency",
        text: "[0].transactionAmount.currency is EUR, but the account's currency is NOK",
      });
      await expectRejected(add([{ transactionAmount: { currency: "NOK", amount: "10.00" } }], "nope"), {
        code: "RESOURCE_UNKNOWN",
        status: 404,
        text: 'no sandbox account has the id "nope"',
      });
    });
  });

  describe("card transactions", () => {
    it("adds card transactions, changes the balance, and lists them in the spec's shape", async () => {
      const card = await createSandboxCardAccount(
        { db, clock },
        {
          customerId: PER,
          name: "Ferie",
          creditLimit: { currency: "NOK", amount: "10000.00" },
        },
      );
      const created = await createSandboxCardTransactions({ db, clock }, card.resourceId, [
        {
          transactionDate: "2026-01-08",
          bookingDate: "2026-01-09",
          transactionAmount: { currency: "NOK", amount: "-580.25" },
          originalAmount: { currency: "EUR", amount: "-49.90" },
          merchantCategoryCode: "5812",
          transactionDetails: "TRATTORIA ROMA",
        },
        { transactionAmount: { currency: "NOK", amount: "-250.00" }, merchantCategoryCode: "5411" },
        { bookingStatus: "pending", transactionAmount: { currency: "NOK", amount: "-99.00" }, merchantCategoryCode: "5814" },
      ]);
      expect(created.cardAccount.balance).toEqual({ currency: "NOK", amount: "-830.25" });
      expect(created.cardTransactions[1]).toMatchObject({
        bookingStatus: "booked",
        bookingDate: "2026-01-10",
        transactionDate: "2026-01-10",
        transactionAmount: { currency: "NOK", amount: "-250.00" },
        originalAmount: { currency: "NOK", amount: "-250.00" },
      });

      const listing = await listSandboxCardTransactions({ db }, card.resourceId, { bookingStatus: "both" });
      expect(listing).toEqual({
        cardAccount: { maskedPan: card.maskedPan },
        cardTransactions: {
          booked: [
            {
              cardTransactionId: created.cardTransactions[1]?.cardTransactionId,
              bookingDate: "2026-01-10",
              transactionDate: "2026-01-10",
              transactionAmount: { currency: "NOK", amount: "-250.00" },
              originalAmount: { currency: "NOK", amount: "-250.00" },
              merchantCategoryCode: "5411",
            },
            {
              cardTransactionId: created.cardTransactions[0]?.cardTransactionId,
              bookingDate: "2026-01-09",
              transactionDate: "2026-01-08",
              transactionAmount: { currency: "NOK", amount: "-580.25" },
              originalAmount: { currency: "EUR", amount: "-49.90" },
              merchantCategoryCode: "5812",
              transactionDetails: "TRATTORIA ROMA",
            },
          ],
          pending: [created.cardTransactions[2]?.cardTransactionId],
        },
      });
      const booked = await listSandboxCardTransactions({ db }, card.resourceId, { bookingStatus: "booked", offset: 1, limit: 1 });
      expect(booked.cardTransactions.booked.map((t) => t.cardTransactionId)).toEqual([created.cardTransactions[0]?.cardTransactionId]);
      expect(booked.cardTransactions.pending).toEqual([]);
      const dated = await listSandboxCardTransactions({ db }, card.resourceId, {
        bookingStatus: "booked",
        fromDate: "2026-01-09",
        toDate: "2026-01-09",
      });
      expect(dated.cardTransactions.booked.map((t) => t.bookingDate)).toEqual(["2026-01-09"]);
    });

    it("lists the initial card account's transactions too, 200 by default", async () => {
      const listing = await listSandboxCardTransactions({ db }, INGRID_CARD, { bookingStatus: "both" });
      expect(listing.cardAccount.maskedPan).toBe("552211******4821");
      expect(listing.cardTransactions.booked.length).toBeGreaterThan(100);
      expect(listing.cardTransactions.booked.length).toBeLessThanOrEqual(200);
      expect(listing.cardTransactions.pending.length).toBeGreaterThanOrEqual(2);
      expect(listing.cardTransactions.booked.some((t) => t.originalAmount.currency !== "NOK")).toBe(true);
    });

    it("refuses card transactions against the card account's rules, a date range that ends before it begins, and unknown ids", async () => {
      const add = (body: CreateSandboxCardTransactionsInput) => () => createSandboxCardTransactions({ db, clock }, INGRID_CARD, body);
      await expectRejected(
        add([
          {
            transactionAmount: { currency: "NOK", amount: "-10.00" },
            originalAmount: { currency: "EUR", amount: "1.00" },
            merchantCategoryCode: "5411",
          },
        ]),
        {
          code: "FORMAT_ERROR",
          status: 400,
          path: "[0].originalAmount.amount",
          text: "[0].originalAmount.amount must have the sign of transactionAmount.amount (negative for a purchase)",
        },
      );
      await expectRejected(add([{ transactionAmount: { currency: "SEK", amount: "-10.00" }, merchantCategoryCode: "5411" }]), {
        code: "FORMAT_ERROR",
        status: 400,
        path: "[0].transactionAmount.currency",
        text: "[0].transactionAmount.currency is SEK, but the card account's currency is NOK; the original currency goes in originalAmount",
      });
      await expectRejected(
        () => listSandboxCardTransactions({ db }, INGRID_CARD, { bookingStatus: "booked", fromDate: "2026-01-09", toDate: "2026-01-01" }),
        {
          code: "FORMAT_ERROR",
          status: 400,
          path: "toDate",
          text: "toDate 2026-01-01 is before fromDate 2026-01-09",
        },
      );
      await expectRejected(() => listSandboxCardTransactions({ db }, "nope", { bookingStatus: "booked" }), {
        code: "RESOURCE_UNKNOWN",
        status: 404,
        text: 'no sandbox card account has the id "nope"',
      });
    });
  });

  describe("balances", () => {
    it("sets the booked balance of an account and of a card account", async () => {
      expect(await setSandboxAccountBalance({ db, clock }, PER_MAIN, { balanceAmount: { currency: "NOK", amount: "-12.34" } })).toEqual({
        resourceId: PER_MAIN,
        balanceAmount: { currency: "NOK", amount: "-12.34" },
        lastChangeDateTime: "2026-01-10T11:00:00.000Z",
      });
      expect(await getBalance(db, PER_MAIN)).toBe("-12.34");
      await setSandboxCardAccountBalance({ db, clock }, INGRID_CARD, { balanceAmount: { currency: "NOK", amount: "0.00" } });
      const [card] = await db
        .select({ balance: sql<string>`${cardAccounts.bookedBalance}::numeric(23,2)::text` })
        .from(cardAccounts)
        .where(eq(cardAccounts.id, INGRID_CARD));
      expect(card?.balance).toBe("0.00");
    });

    it("refuses another currency and an unknown account", async () => {
      await expectRejected(
        () => setSandboxAccountBalance({ db, clock }, PER_MAIN, { balanceAmount: { currency: "EUR", amount: "1.00" } }),
        {
          code: "FORMAT_ERROR",
          status: 400,
          path: "balanceAmount.currency",
          text: "balanceAmount.currency is EUR, but the account's currency is NOK",
        },
      );
      await expectRejected(
        () => setSandboxCardAccountBalance({ db, clock }, "nope", { balanceAmount: { currency: "NOK", amount: "1.00" } }),
        {
          code: "RESOURCE_UNKNOWN",
          status: 404,
          text: 'no sandbox card account has the id "nope"',
        },
      );
    });
  });
});

async function getBalance(db: Executor, accountId: string): Promise<string | undefined> {
  const rows = await db
    .select({ balance: sql<string>`${accounts.bookedBalance}::numeric(23,2)::text` })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return rows[0]?.balance;
}
