import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedTppDatabase } from "../db/open-tpp-database";
import { payments, paymentStatusReads, signingBaskets, users } from "../db/schema";
import { TppError } from "../errors";
import { createTppTestDatabase, tppTestDatabaseKinds } from "../testing/test-database";
import { createUsersRepository } from "../users/users-repository";
import { createBasketsRepository } from "./baskets-repository";
import { createPaymentsRepository, type NewPayment, type PaymentsRepository } from "./payments-repository";

const T0 = new Date("2026-03-02T10:00:00.000Z");
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

let userCount = 0;

function domesticBody(amount: string): string {
  return JSON.stringify({
    instructedAmount: { currency: "NOK", amount },
    debtorAccount: { bban: "38001574202", currency: "NOK" },
    creditorName: "Fjord Kraft AS",
    creditorAccount: { bban: "38009589705" },
  });
}

function newPayment(userId: string, overrides: Partial<NewPayment> = {}): NewPayment {
  const paymentId = overrides.paymentId ?? `pay-${Math.random().toString(36).slice(2)}`;
  return {
    userId,
    paymentId,
    service: "payments",
    product: "norwegian-domestic-credit-transfers",
    psuContext: "PRIVATE",
    payerKind: "psu-id",
    requestBody: domesticBody("125.50"),
    amount: { amount: "125.50", currency: "NOK" },
    debtorAccount: "38001574202",
    creditorName: "Fjord Kraft AS",
    creditorAccount: "38009589705",
    status: "RCVD",
    createdAt: T0,
    ...overrides,
  };
}

async function expectInputInvalid(promise: Promise<unknown>, message: RegExp): Promise<void> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(TppError);
  expect(error).toMatchObject({ code: "INPUT_INVALID" });
  expect((error as Error).message).toMatch(message);
}

/** The database's own message, under the query error that drizzle wraps around it. */
async function databaseRefusal(promise: Promise<unknown>): Promise<string> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  const messages: string[] = [];
  for (let current: unknown = error; current instanceof Error; current = current.cause) messages.push(current.message);
  return messages.join(" <- ");
}

describe.each(tppTestDatabaseKinds())("payments repository on %s", (kind) => {
  let database: OpenedTppDatabase;
  let repository: PaymentsRepository;

  beforeAll(async () => {
    database = await createTppTestDatabase(kind);
    repository = createPaymentsRepository(database.db);
  }, 60_000);
  afterAll(async () => {
    await database.close();
  });

  async function newUser(): Promise<string> {
    userCount += 1;
    const id = `user-${kind}-${userCount}`;
    await createUsersRepository(database.db).insert({ id, username: id, displayName: id, passwordHash: "scrypt$x", createdAt: T0 });
    return id;
  }

  it("keeps a payment with its first status read and reads it back, by the app's id and the bank's", async () => {
    const userId = await newUser();
    const body = domesticBody("125.50");
    const inserted = await repository.insert(
      newPayment(userId, {
        paymentId: "bank-1",
        product: "instant-norwegian-credit-transfers-straks",
        psuContext: "CORPORATE",
        psuCorporateId: "corp-1",
        payerKind: "national-id",
        requestBody: body,
        debtorName: "Brukskonto",
        fees: { amount: "2.00", currency: "NOK" },
        feeIndicator: true,
        requestedExecutionDate: "2026-03-05",
      }),
    );
    expect(inserted.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(inserted).toEqual({
      id: inserted.id,
      userId,
      paymentId: "bank-1",
      service: "payments",
      product: "instant-norwegian-credit-transfers-straks",
      psuContext: "CORPORATE",
      psuCorporateId: "corp-1",
      payerKind: "national-id",
      requestBody: body,
      amount: { amount: "125.50", currency: "NOK" },
      debtorAccount: "38001574202",
      debtorName: "Brukskonto",
      creditorName: "Fjord Kraft AS",
      creditorAccount: "38009589705",
      transferCount: 1,
      fees: { amount: "2.00", currency: "NOK" },
      feeIndicator: true,
      status: "RCVD",
      statusReadAt: T0,
      fundsAvailable: null,
      signingBasketId: null,
      requestedExecutionDate: "2026-03-05",
      createdAt: T0,
      updatedAt: T0,
    });
    expect(await repository.findById(userId, inserted.id)).toEqual(inserted);
    expect(await repository.findByBankId(userId, "bank-1")).toEqual(inserted);
    expect(await repository.history(userId, inserted.id)).toEqual([
      { id: expect.any(Number), status: "RCVD", fundsAvailable: null, firstSeenAt: T0, lastSeenAt: T0, source: "initiation", readCount: 1 },
    ]);
  });

  it("keeps a bulk's sum and count, and null amounts for a bulk in several currencies", async () => {
    const userId = await newUser();
    const bulk = await repository.insert(
      newPayment(userId, { service: "bulk-payments", amount: { amount: "300.00", currency: "NOK" }, transferCount: 3, id: "app-bulk-1" }),
    );
    expect(bulk).toMatchObject({
      id: "app-bulk-1",
      service: "bulk-payments",
      amount: { amount: "300.00", currency: "NOK" },
      transferCount: 3,
    });
    const mixed = await repository.insert(newPayment(userId, { service: "bulk-payments", amount: null, transferCount: 2 }));
    expect(mixed.amount).toBeNull();
    expect(mixed.fees).toBeNull();
  });

  it("never shows nor changes another user's payment", async () => {
    const owner = await newUser();
    const other = await newUser();
    const payment = await repository.insert(newPayment(owner, { paymentId: "shared-bank-id" }));
    expect(await repository.findById(other, payment.id)).toBeUndefined();
    expect(await repository.findByBankId(other, "shared-bank-id")).toBeUndefined();
    expect(await repository.history(other, payment.id)).toEqual([]);
    expect((await repository.list(other)).items).toEqual([]);
    expect(await repository.recordStatusRead(other, payment.id, { status: "ACTC", readAt: at(5), source: "status" })).toBeUndefined();
    await expectInputInvalid(repository.setBasket(other, [payment.id], null, at(5)), /payments: .* is not a payment of this user/);
    expect((await repository.findById(owner, payment.id))?.status).toBe("RCVD");
    expect(await repository.history(owner, payment.id)).toHaveLength(1);
    // The bank's paymentId is unique per user, not across users.
    const theirs = await repository.insert(newPayment(other, { paymentId: "shared-bank-id" }));
    expect(theirs.userId).toBe(other);
  });

  it("refuses a value outside its closed set, a bad amount or date, a body that is not JSON, and a second copy of the bank's paymentId", async () => {
    const userId = await newUser();
    const bad = (overrides: Record<string, unknown>) => repository.insert({ ...newPayment(userId), ...overrides } as NewPayment);
    await expectInputInvalid(bad({ status: "DONE" }), /^payment: status: "DONE" is not a payment status \(one of ACCP, ACSC, .*PART\)$/);
    await expectInputInvalid(bad({ service: "standing-orders" }), /service: "standing-orders" is not a payment service/);
    await expectInputInvalid(bad({ product: "target-2-payments" }), /product: "target-2-payments" is not a payment product/);
    await expectInputInvalid(bad({ payerKind: "12345678901" }), /payerKind: "12345678901" is not a kind of payer identification/);
    await expectInputInvalid(bad({ amount: { amount: "12,50", currency: "NOK" } }), /amount\.amount: is not a decimal amount/);
    await expectInputInvalid(bad({ amount: { amount: "12.50", currency: "XYZ" } }), /amount\.currency: is not an ISO 4217 currency code/);
    await expectInputInvalid(bad({ requestedExecutionDate: "2026-02-30" }), /requestedExecutionDate: is not a date/);
    await expectInputInvalid(bad({ requestBody: "{not json" }), /requestBody: is not JSON/);
    await expectInputInvalid(bad({ createdAt: new Date("nonsense") }), /createdAt: /);
    await repository.insert(newPayment(userId, { paymentId: "twice" }));
    await expectInputInvalid(
      repository.insert(newPayment(userId, { paymentId: "twice" })),
      /paymentId twice is already kept for this user/,
    );
    const payment = await repository.insert(newPayment(userId));
    await expectInputInvalid(
      repository.recordStatusRead(userId, payment.id, { status: "PATC" as "ACTC", readAt: at(1), source: "status" }),
      /^status read: status: "PATC" is not a payment status/,
    );
    await expectInputInvalid(
      repository.recordStatusRead(userId, payment.id, { status: "ACTC", readAt: at(1), source: "webhook" as "status" }),
      /source: "webhook" is not a status read source/,
    );
    expect((await repository.list(userId)).items).toHaveLength(2);
  });

  it("the database refuses what the repository would: statuses and sets are checked there too", async () => {
    const userId = await newUser();
    const payment = await repository.insert(newPayment(userId));
    // Raw SQL past the repository: a value outside the closed set breaks a CHECK constraint.
    expect(await databaseRefusal(database.db.execute(`update payments set status = 'DONE' where id = '${payment.id}'`))).toMatch(
      /payments_status_check/,
    );
    expect(await databaseRefusal(database.db.execute(`update payments set fee_amount = '1.00' where id = '${payment.id}'`))).toMatch(
      /payments_fee_check/,
    );
    expect(
      await databaseRefusal(
        database.db.execute(
          `insert into payment_status_reads (payment_id, status, first_seen_at, last_seen_at, source) values ('${payment.id}', 'ACTC', now(), now(), 'guess')`,
        ),
      ),
    ).toMatch(/payment_status_reads_source_check/);
    expect(
      await databaseRefusal(
        database.db.execute(
          `insert into signing_baskets (id, user_id, basket_id, status, status_read_at, psu_context, created_at, updated_at) values ('raw', '${userId}', 'raw', 'ACSC', now(), 'PRIVATE', now(), now())`,
        ),
      ),
    ).toMatch(/signing_baskets_status_check/);
  });

  it("lists newest first, filters by status, product and service, and pages with a stable cursor", async () => {
    const userId = await newUser();
    const other = await newUser();
    await repository.insert(newPayment(other, { createdAt: at(100) }));
    const made: { id: string; label: string }[] = [];
    const add = async (label: string, seconds: number, overrides: Partial<NewPayment> = {}) => {
      const record = await repository.insert(newPayment(userId, { id: `list-${kind}-${label}`, createdAt: at(seconds), ...overrides }));
      made.push({ id: record.id, label });
    };
    await add("a", 1);
    await add("b", 2, { product: "sepa-credit-transfers", amount: { amount: "10.00", currency: "EUR" } });
    await add("c", 3, { status: "ACTC" });
    // d and e share their instant: the id breaks the tie.
    await add("d", 4, { service: "periodic-payments" });
    await add("e", 4, { status: "RJCT" });
    await add("f", 5, { product: "instant-norwegian-credit-transfers-straks", status: "ACSC" });
    const labels = (items: readonly { id: string }[]) => items.map((item) => made.find((m) => m.id === item.id)?.label);

    expect(labels((await repository.list(userId)).items)).toEqual(["f", "e", "d", "c", "b", "a"]);
    expect(labels((await repository.list(userId, { status: ["RCVD"] })).items)).toEqual(["d", "b", "a"]);
    expect(labels((await repository.list(userId, { status: ["ACTC", "RJCT"] })).items)).toEqual(["e", "c"]);
    expect(labels((await repository.list(userId, { status: [] })).items)).toHaveLength(6);
    expect(labels((await repository.list(userId, { product: "sepa-credit-transfers" })).items)).toEqual(["b"]);
    expect(labels((await repository.list(userId, { service: "periodic-payments" })).items)).toEqual(["d"]);
    expect(labels((await repository.list(userId, { product: "norwegian-domestic-credit-transfers", status: ["RCVD"] })).items)).toEqual([
      "d",
      "a",
    ]);

    const first = await repository.list(userId, { limit: 2 });
    expect(labels(first.items)).toEqual(["f", "e"]);
    // A payment made after the first page does not shift the next pages.
    await add("g", 6);
    const second = await repository.list(userId, { limit: 2, before: first.nextCursor });
    expect(labels(second.items)).toEqual(["d", "c"]);
    const third = await repository.list(userId, { limit: 2, before: second.nextCursor });
    expect(labels(third.items)).toEqual(["b", "a"]);
    expect(third.nextCursor).toBeUndefined();
    const filtered = await repository.list(userId, { limit: 1, status: ["RCVD"] });
    expect(labels(filtered.items)).toEqual(["g"]);
    expect(labels((await repository.list(userId, { limit: 5, status: ["RCVD"], before: filtered.nextCursor })).items)).toEqual([
      "d",
      "b",
      "a",
    ]);

    await expectInputInvalid(
      repository.list(userId, { before: "not-a-cursor" }),
      /^payment listing: before: not a cursor of the payment listing$/,
    );
    await expectInputInvalid(repository.list(userId, { status: ["DONE" as "RCVD"] }), /status\.0: "DONE" is not a payment status/);
    expect((await repository.list(userId, { limit: 0 })).items).toHaveLength(1);

    expect(await repository.countByStatus(userId)).toEqual({
      ACCP: 0,
      ACSC: 1,
      ACSP: 0,
      ACTC: 1,
      ACWC: 0,
      ACWP: 0,
      RCVD: 4,
      PDNG: 0,
      RJCT: 1,
      CANC: 0,
      PART: 0,
    });
  });

  it("keeps a payment's status history: a repeated status moves last seen, a new one adds a row", async () => {
    const userId = await newUser();
    const payment = await repository.insert(newPayment(userId));
    for (const seconds of [5, 10, 15]) {
      const record = await repository.recordStatusRead(userId, payment.id, { status: "RCVD", readAt: at(seconds), source: "status" });
      expect(record?.statusReadAt).toEqual(at(seconds));
    }
    const actc = await repository.recordStatusRead(userId, payment.id, { status: "ACTC", readAt: at(20), source: "callback" });
    expect(actc).toMatchObject({ status: "ACTC", statusReadAt: at(20), updatedAt: at(20), fundsAvailable: null });
    await repository.recordStatusRead(userId, payment.id, { status: "ACTC", readAt: at(25), source: "status" });
    await repository.recordStatusRead(userId, payment.id, { status: "RJCT", fundsAvailable: false, readAt: at(30), source: "status" });
    // A later read of the same status that does not say fundsAvailable keeps what the bank said with it.
    const rejected = await repository.recordStatusRead(userId, payment.id, { status: "RJCT", readAt: at(35), source: "details" });
    expect(rejected).toMatchObject({ status: "RJCT", fundsAvailable: false, statusReadAt: at(35) });

    const history = await repository.history(userId, payment.id);
    expect(
      history.map(({ status, firstSeenAt, lastSeenAt, source, readCount, fundsAvailable }) => ({
        status,
        firstSeenAt,
        lastSeenAt,
        source,
        readCount,
        fundsAvailable,
      })),
    ).toEqual([
      { status: "RCVD", firstSeenAt: T0, lastSeenAt: at(15), source: "initiation", readCount: 4, fundsAvailable: null },
      { status: "ACTC", firstSeenAt: at(20), lastSeenAt: at(25), source: "callback", readCount: 2, fundsAvailable: null },
      { status: "RJCT", firstSeenAt: at(30), lastSeenAt: at(35), source: "status", readCount: 2, fundsAvailable: false },
    ]);
    const rows = await database.db.select().from(paymentStatusReads).where(eq(paymentStatusReads.paymentId, payment.id));
    expect(rows).toHaveLength(3);
  });

  it("puts a read that lost a race to a newer one in the history by its time, leaving the status alone", async () => {
    const userId = await newUser();
    const payment = await repository.insert(newPayment(userId));
    await repository.recordStatusRead(userId, payment.id, { status: "ACTC", readAt: at(10), source: "callback" });
    await repository.recordStatusRead(userId, payment.id, { status: "ACSC", readAt: at(30), source: "status" });
    // Older replies arriving late: ACSP in the gap, ACTC joining its own row, RCVD inside ACTC's span is left out.
    const late = await repository.recordStatusRead(userId, payment.id, { status: "ACSP", readAt: at(20), source: "status" });
    expect(late).toMatchObject({ status: "ACSC", statusReadAt: at(30) });
    await repository.recordStatusRead(userId, payment.id, { status: "ACTC", readAt: at(15), source: "status" });
    await repository.recordStatusRead(userId, payment.id, { status: "ACSC", readAt: at(25), source: "details" });
    await repository.recordStatusRead(userId, payment.id, { status: "RCVD", readAt: at(12), source: "status" });
    const history = await repository.history(userId, payment.id);
    expect(history.map(({ status, firstSeenAt, lastSeenAt }) => [status, firstSeenAt, lastSeenAt])).toEqual([
      ["RCVD", T0, T0],
      ["ACTC", at(10), at(15)],
      ["ACSP", at(20), at(20)],
      ["ACSC", at(25), at(30)],
    ]);
    expect((await repository.findById(userId, payment.id))?.status).toBe("ACSC");
  });

  it("applies concurrent reads of the same new status one after the other: one history row", async () => {
    const userId = await newUser();
    const payment = await repository.insert(newPayment(userId));
    const seconds = [7, 3, 9, 1, 5, 8, 2, 6, 4, 10];
    const records = await Promise.all(
      seconds.map((s) => repository.recordStatusRead(userId, payment.id, { status: "ACTC", readAt: at(s), source: "status" })),
    );
    expect(records.every((record) => record?.status === "ACTC")).toBe(true);
    const history = await repository.history(userId, payment.id);
    expect(history.map(({ status, firstSeenAt, lastSeenAt, readCount }) => ({ status, firstSeenAt, lastSeenAt, readCount }))).toEqual([
      { status: "RCVD", firstSeenAt: T0, lastSeenAt: T0, readCount: 1 },
      { status: "ACTC", firstSeenAt: at(1), lastSeenAt: at(10), readCount: 10 },
    ]);
    expect(await repository.findById(userId, payment.id)).toMatchObject({ status: "ACTC", statusReadAt: at(10) });

    // And the same instant from several callers at once.
    await Promise.all(
      Array.from({ length: 6 }, () =>
        repository.recordStatusRead(userId, payment.id, { status: "ACSC", readAt: at(20), source: "status" }),
      ),
    );
    const after = await repository.history(userId, payment.id);
    expect(after.map((read) => [read.status, read.readCount])).toEqual([
      ["RCVD", 1],
      ["ACTC", 10],
      ["ACSC", 6],
    ]);
  });

  it("puts payments in a basket of the user's and takes them out, all or nothing", async () => {
    const userId = await newUser();
    const other = await newUser();
    const baskets = createBasketsRepository(database.db);
    const [p1, p2] = await Promise.all([
      repository.insert(newPayment(userId)),
      repository.insert(newPayment(userId, { createdAt: at(1) })),
    ]);
    if (p1 === undefined || p2 === undefined) throw new Error("payments not made");
    const basket = await baskets.insert({
      userId,
      basketId: "bank-basket-set",
      psuContext: "PRIVATE",
      paymentRecordIds: [p1.id],
      createdAt: at(2),
    });
    const othersBasket = await baskets.insert({
      userId: other,
      basketId: "bank-basket-set",
      psuContext: "PRIVATE",
      paymentRecordIds: [(await repository.insert(newPayment(other))).id],
      createdAt: at(2),
    });

    await repository.setBasket(userId, [p2.id, p2.id], basket.id, at(3));
    expect(await repository.findById(userId, p2.id)).toMatchObject({ signingBasketId: basket.id, updatedAt: at(3) });
    expect((await repository.listInBasket(userId, basket.id)).map((p) => p.id)).toEqual([p1.id, p2.id]);
    expect(await repository.listInBasket(other, basket.id)).toEqual([]);

    await expectInputInvalid(repository.setBasket(userId, [p1.id], othersBasket.id, at(4)), /is not a signing basket of this user/);
    await expectInputInvalid(
      repository.setBasket(userId, [p1.id, "nope-1", "nope-2"], null, at(4)),
      /^payments: nope-1, nope-2 are not payments of this user$/,
    );
    expect((await repository.findById(userId, p1.id))?.signingBasketId).toBe(basket.id);

    await repository.setBasket(userId, [p1.id, p2.id], null, at(5));
    expect(await repository.listInBasket(userId, basket.id)).toEqual([]);
    await repository.setBasket(userId, [], basket.id, at(6));
  });

  it("goes with its user (removed on /settings): payments, their history and baskets are deleted in cascade", async () => {
    const userId = await newUser();
    const payment = await repository.insert(newPayment(userId));
    await repository.recordStatusRead(userId, payment.id, { status: "ACTC", readAt: at(1), source: "status" });
    await createBasketsRepository(database.db).insert({
      userId,
      basketId: "cascade",
      psuContext: "PRIVATE",
      paymentRecordIds: [payment.id],
      createdAt: at(2),
    });
    expect(await createUsersRepository(database.db).removeKeepingAnAdministrator(userId)).toBe("done");
    expect(await database.db.select().from(users).where(eq(users.id, userId))).toEqual([]);
    expect(await database.db.select().from(payments).where(eq(payments.userId, userId))).toEqual([]);
    expect(await database.db.select().from(paymentStatusReads).where(eq(paymentStatusReads.paymentId, payment.id))).toEqual([]);
    expect(await database.db.select().from(signingBaskets).where(eq(signingBaskets.userId, userId))).toEqual([]);
  });
});
