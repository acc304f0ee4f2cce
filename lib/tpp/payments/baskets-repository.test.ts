import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedTppDatabase } from "../db/open-tpp-database";
import { signingBaskets } from "../db/schema";
import { TppError } from "../errors";
import { createTppTestDatabase, tppTestDatabaseKinds } from "../testing/test-database";
import { createUsersRepository } from "../users/users-repository";
import { type BasketsRepository, createBasketsRepository, type NewSigningBasket } from "./baskets-repository";
import { createPaymentsRepository, type PaymentsRepository } from "./payments-repository";

const T0 = new Date("2026-03-02T10:00:00.000Z");
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

let userCount = 0;
let paymentCount = 0;

async function expectInputInvalid(promise: Promise<unknown>, message: RegExp): Promise<void> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(TppError);
  expect(error).toMatchObject({ code: "INPUT_INVALID" });
  expect((error as Error).message).toMatch(message);
}

describe.each(tppTestDatabaseKinds())("signing baskets repository on %s", (kind) => {
  let database: OpenedTppDatabase;
  let baskets: BasketsRepository;
  let paymentsRepository: PaymentsRepository;

  beforeAll(async () => {
    database = await createTppTestDatabase(kind);
    baskets = createBasketsRepository(database.db);
    paymentsRepository = createPaymentsRepository(database.db);
  }, 60_000);
  afterAll(async () => {
    await database.close();
  });

  async function newUser(): Promise<string> {
    userCount += 1;
    const id = `basket-user-${kind}-${userCount}`;
    await createUsersRepository(database.db).insert({ id, username: id, displayName: id, passwordHash: "scrypt$x", createdAt: T0 });
    return id;
  }

  async function newPayment(userId: string, seconds = 0): Promise<string> {
    paymentCount += 1;
    const record = await paymentsRepository.insert({
      userId,
      paymentId: `bank-payment-${paymentCount}`,
      service: "payments",
      product: "norwegian-domestic-credit-transfers",
      psuContext: "PRIVATE",
      payerKind: "psu-id",
      requestBody: "{}",
      amount: { amount: "100.00", currency: "NOK" },
      debtorAccount: "38001574202",
      creditorName: "Fjord Kraft AS",
      creditorAccount: "38009589705",
      status: "RCVD",
      createdAt: at(seconds),
    });
    return record.id;
  }

  function newBasket(userId: string, paymentRecordIds: readonly string[], overrides: Partial<NewSigningBasket> = {}): NewSigningBasket {
    return {
      userId,
      basketId: `bank-basket-${Math.random().toString(36).slice(2)}`,
      psuContext: "PRIVATE",
      paymentRecordIds,
      createdAt: at(10),
      ...overrides,
    };
  }

  it("keeps a basket with its payments, found by the app's id and the bank's, and only by its user", async () => {
    const userId = await newUser();
    const other = await newUser();
    const second = await newPayment(userId, 2);
    const first = await newPayment(userId, 1);
    const basket = await baskets.insert(
      newBasket(userId, [second, first], { basketId: "bank-basket-1", psuContext: "CORPORATE", psuCorporateId: "corp-1" }),
    );
    expect(basket).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      userId,
      basketId: "bank-basket-1",
      status: "RCVD",
      statusReadAt: at(10),
      psuContext: "CORPORATE",
      psuCorporateId: "corp-1",
      paymentRecordIds: [first, second],
      createdAt: at(10),
      updatedAt: at(10),
    });
    expect(await baskets.findById(userId, basket.id)).toEqual(basket);
    expect(await baskets.findByBankId(userId, "bank-basket-1")).toEqual(basket);
    expect(await paymentsRepository.findById(userId, first)).toMatchObject({ signingBasketId: basket.id, updatedAt: at(10) });

    expect(await baskets.findById(other, basket.id)).toBeUndefined();
    expect(await baskets.findByBankId(other, "bank-basket-1")).toBeUndefined();
    expect(await baskets.list(other)).toEqual([]);
  });

  it("lists a user's baskets newest first", async () => {
    const userId = await newUser();
    const older = await baskets.insert(newBasket(userId, [await newPayment(userId)], { createdAt: at(1) }));
    const newer = await baskets.insert(newBasket(userId, [await newPayment(userId)], { createdAt: at(2) }));
    const listed = await baskets.list(userId);
    expect(listed.map((basket) => basket.id)).toEqual([newer.id, older.id]);
    expect(listed.map((basket) => basket.paymentRecordIds.length)).toEqual([1, 1]);
    expect((await baskets.list(userId, { limit: 1 })).map((basket) => basket.id)).toEqual([newer.id]);
  });

  it("moves a payment into a new basket: a payment is in at most one", async () => {
    const userId = await newUser();
    const [p1, p2] = [await newPayment(userId), await newPayment(userId)];
    const first = await baskets.insert(newBasket(userId, [p1, p2]));
    const second = await baskets.insert(newBasket(userId, [p2], { createdAt: at(20) }));
    expect((await baskets.findById(userId, first.id))?.paymentRecordIds).toEqual([p1]);
    expect(second.paymentRecordIds).toEqual([p2]);
  });

  it("refuses a basket without payments, with another user's payment (keeping nothing), twice the bank's basketId, or a bad status", async () => {
    const userId = await newUser();
    const other = await newUser();
    const mine = await newPayment(userId);
    const theirs = await newPayment(other);
    await expectInputInvalid(
      baskets.insert(newBasket(userId, [])),
      /^signing basket: paymentRecordIds: a signing basket has at least one payment$/,
    );
    await expectInputInvalid(
      baskets.insert(newBasket(userId, [mine, theirs], { basketId: "refused" })),
      new RegExp(`^signing basket: paymentRecordIds: ${theirs} is not a payment of this user$`),
    );
    expect(await baskets.findByBankId(userId, "refused")).toBeUndefined();
    expect((await paymentsRepository.findById(userId, mine))?.signingBasketId).toBeNull();
    expect((await paymentsRepository.findById(other, theirs))?.signingBasketId).toBeNull();

    await baskets.insert(newBasket(userId, [mine], { basketId: "once" }));
    await expectInputInvalid(
      baskets.insert(newBasket(userId, [mine], { basketId: "once" })),
      /the bank's basketId once is already kept for this user/,
    );
    await expectInputInvalid(
      baskets.insert(newBasket(userId, [mine], { status: "ACSC" as "ACTC" })),
      /status: "ACSC" is not a signing basket status \(one of RCVD, ACTC, PATC, RJCT\)/,
    );
  });

  it("keeps the newest status the bank told, and only the user's", async () => {
    const userId = await newUser();
    const other = await newUser();
    const basket = await baskets.insert(newBasket(userId, [await newPayment(userId)]));
    expect(await baskets.recordStatusRead(userId, basket.id, "PATC", at(20))).toMatchObject({
      status: "PATC",
      statusReadAt: at(20),
      updatedAt: at(20),
    });
    expect(await baskets.recordStatusRead(userId, basket.id, "ACTC", at(30))).toMatchObject({ status: "ACTC", statusReadAt: at(30) });
    // A reply older than the one kept (it lost a race) changes nothing.
    expect(await baskets.recordStatusRead(userId, basket.id, "RCVD", at(15))).toMatchObject({ status: "ACTC", statusReadAt: at(30) });
    await expectInputInvalid(
      baskets.recordStatusRead(userId, basket.id, "ACSC" as "ACTC", at(40)),
      /^signing basket status read: status: "ACSC" is not a signing basket status/,
    );
    expect(await baskets.recordStatusRead(other, basket.id, "RJCT", at(50))).toBeUndefined();
    expect((await baskets.findById(userId, basket.id))?.status).toBe("ACTC");
  });

  it("deletes a basket the bank deleted: its payments stay, outside any basket", async () => {
    const userId = await newUser();
    const other = await newUser();
    const [p1, p2] = [await newPayment(userId), await newPayment(userId)];
    const basket = await baskets.insert(newBasket(userId, [p1, p2]));
    expect(await baskets.delete(other, basket.id, at(20))).toBe(false);
    expect((await baskets.findById(userId, basket.id))?.paymentRecordIds).toHaveLength(2);

    expect(await baskets.delete(userId, basket.id, at(30))).toBe(true);
    expect(await baskets.findById(userId, basket.id)).toBeUndefined();
    expect(await database.db.select().from(signingBaskets).where(eq(signingBaskets.id, basket.id))).toEqual([]);
    for (const id of [p1, p2])
      expect(await paymentsRepository.findById(userId, id)).toMatchObject({ signingBasketId: null, updatedAt: at(30) });
    expect(await baskets.delete(userId, basket.id, at(40))).toBe(false);
  });
});
