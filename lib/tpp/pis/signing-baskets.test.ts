/**
 * Signing baskets against a real sandbox bank (its own process): several single payments
 * approved with one SCA, each then going its own way (one rejected for lack of funds while the
 * others are paid), the basket's status the worst case, x-accept-fix amount-as-string, the 409
 * for a payment already in a basket, REFERENCE_MIX_INVALID for a periodic payment, and deleting
 * a basket before its approval.
 * @see docs/interface/signing-baskets.md#request-and-response, docs/interface/states.md#basket-not-atomic, docs/interface/states.md#no-bulk-or-periodic-in-a-basket; docs/interface/signing-baskets.md#rules-in-the-sandbox
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBatch, type SandboxAccount } from "../testing/sandbox-operations";
import { createSigningBasket } from "./create-signing-basket";
import { deleteSigningBasket } from "./delete-signing-basket";
import { getPaymentStatus } from "./get-payment-status";
import { getSigningBasket } from "./get-signing-basket";
import { initiatePayment } from "./initiate-payment";
import {
  aspspErrorOf,
  createTestAccount,
  CUSTOMERS,
  domesticBody,
  identifyTestPsu,
  type PisWorld,
  startPisWorld,
  successOf,
} from "./pis.test-support";
import type { PaymentRef } from "./pis-types";
import { startBasketAuthorisation } from "./start-basket-authorisation";

const DOMESTIC = "norwegian-domestic-credit-transfers";
const SEPA = "sepa-credit-transfers";

describe("signing baskets against the sandbox bank", () => {
  let world: PisWorld;
  let rich: SandboxAccount;
  let poor: SandboxAccount;
  let psuId: string;

  beforeAll(async () => {
    world = await startPisWorld();
    rich = await createTestAccount(world, CUSTOMERS.ingrid, "Basket rich", { currency: "NOK", amount: "50000.00" });
    poor = await createTestAccount(world, CUSTOMERS.ingrid, "Basket poor", { currency: "NOK", amount: "5.00" });
    ({ psuId } = await identifyTestPsu(world, { nationalId: CUSTOMERS.ingrid }));
  });
  afterAll(async () => {
    await world?.close();
  });

  async function domesticPayment(debtorBban: string): Promise<PaymentRef> {
    const payment = await initiatePayment(world.ctx({ psuId }), {
      service: "payments",
      product: DOMESTIC,
      body: domesticBody(debtorBban, world.nextAmount()),
      payer: { kind: "psu-id" },
    });
    return payment.ref;
  }

  it("one SCA signs three payments; the one short of funds is rejected at the batch run, the others paid; the basket is RJCT (not atomic)", async () => {
    const refs = [await domesticPayment(rich.bban), await domesticPayment(poor.bban), await domesticPayment(rich.bban)];
    const ctx = world.ctx({ psuId });
    const basket = await createSigningBasket(
      ctx,
      refs.map((ref) => ref.paymentId),
    );
    expect(basket).toMatchObject({
      status: "RCVD",
      startAuthorisation: expect.stringContaining(`/v1/signing-baskets/${basket.basketId}/authorisations`),
    });
    const sent = world.tpp.sentHeaders("POST", /^\/v1\/signing-baskets$/);
    expect(sent["x-accept-fix"]).toBe("amount-as-string");
    expect(sent["psu-id"]).toBe(psuId);
    expect(sent["psu-ip-address"]).toBeDefined();
    expect(JSON.parse(world.tpp.lastExchange("POST", /^\/v1\/signing-baskets$/).requestBody)).toEqual({
      paymentIds: refs.map((ref) => ref.paymentId),
    });

    const scaStart = await startBasketAuthorisation(ctx, basket.basketId, basket.startAuthorisation);
    expect([scaStart.tppSessionId, scaStart.flowId]).toEqual([ctx.caller.tppSessionId, ctx.caller.flowId]);
    successOf((await world.browser.complete(scaStart.scaRedirect, { nationalId: CUSTOMERS.ingrid })).redirect);
    const approved = await getSigningBasket(ctx, basket.basketId);
    expect(approved.status).toBe("ACTC");
    expect([...approved.paymentIds].sort()).toEqual(refs.map((ref) => ref.paymentId).sort());

    await runBatch(world.tpp.client);
    const statuses = await Promise.all(refs.map((ref) => getPaymentStatus(ctx, ref)));
    expect(statuses.map((status) => [status.status, status.fundsAvailable])).toEqual([
      ["ACSC", true],
      ["RJCT", false],
      ["ACSC", true],
    ]);
    expect((await getSigningBasket(ctx, basket.basketId)).status).toBe("RJCT");
  });

  it("a payment already in a basket is the bank's 409; a periodic one is 400 REFERENCE_MIX_INVALID", async () => {
    const ref = await domesticPayment(rich.bban);
    const ctx = world.ctx({ psuId });
    await createSigningBasket(ctx, [ref.paymentId]);
    const conflict = await aspspErrorOf(createSigningBasket(ctx, [ref.paymentId]));
    expect(conflict.status).toBe(409);
    expect(conflict.bankCode).toBe("CONFLICT");

    const periodic = await initiatePayment(ctx, {
      service: "periodic-payments",
      product: SEPA,
      body: {
        instructedAmount: { currency: "EUR", amount: world.nextAmount() },
        creditorName: "Hans Schmidt",
        creditorAccount: { iban: "DE89370400440532013000", currency: "EUR" },
        debtorAccount: { iban: rich.iban, currency: "NOK" },
        startDate: world.dateAfter(3),
        frequency: "Monthly",
      },
      payer: { kind: "psu-id" },
    });
    const mix = await aspspErrorOf(createSigningBasket(ctx, [periodic.ref.paymentId]));
    expect([mix.status, mix.bankCode]).toEqual([400, "REFERENCE_MIX_INVALID"]);
  });

  it("a basket not yet authorised can be deleted: its payments can go in another", async () => {
    const ref = await domesticPayment(rich.bban);
    const ctx = world.ctx({ psuId });
    const first = await createSigningBasket(ctx, [ref.paymentId]);
    await deleteSigningBasket(ctx, first.basketId);
    expect((await aspspErrorOf(getSigningBasket(ctx, first.basketId))).status).toBe(404);
    const second = await createSigningBasket(ctx, [ref.paymentId]);
    expect(second.status).toBe("RCVD");
  });
});
