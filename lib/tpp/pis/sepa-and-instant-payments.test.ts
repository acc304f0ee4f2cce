/**
 * SEPA credit transfers (the SCA started at once: scaRedirect), instant payments (straks) with
 * their fee, deleting a payment before its approval, a cancelled SCA, and the single-SCA journey
 * of a PISP-only PSU (PSU-Context, no PSU-ID), against a real sandbox bank (its own process).
 * @see docs/interface/payments.md#payment-creation-response, docs/interface/header-parameters.md#headers-by-operation; docs/interface/payments.md#payments-in-the-sandbox, docs/interface/sca-and-consent.md#sca-sessions-consent-and-context
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SandboxAccount, setAccountBalance } from "../testing/sandbox-operations";
import { cancelPayment } from "./cancel-payment";
import { getInstantFeeInformation } from "./get-instant-fee-information";
import { getPayment } from "./get-payment";
import { getPaymentStatus } from "./get-payment-status";
import { initiatePayment } from "./initiate-payment";
import {
  aspspErrorOf,
  createTestAccount,
  CUSTOMERS,
  domesticBody,
  EXTERNAL_IBAN,
  identifyTestPsu,
  type PisWorld,
  startPisWorld,
  successOf,
} from "./pis.test-support";
import type { InitiatedPayment } from "./pis-types";
import { startPaymentAuthorisation } from "./start-payment-authorisation";

const INSTANT = "instant-norwegian-credit-transfers-straks";
const SEPA = "sepa-credit-transfers";

function sepaBody(debtorIban: string, amount: string): Record<string, unknown> {
  return {
    endToEndIdentification: "E2E-PIS-TEST-1",
    instructedAmount: { currency: "EUR", amount },
    creditorName: "Hans Schmidt",
    creditorAccount: { iban: EXTERNAL_IBAN, currency: "EUR" },
    debtorAccount: { iban: debtorIban, currency: "NOK" },
    remittanceInformationUnstructured: "Invoice 7",
  };
}

function startAuthorisationHref(payment: InitiatedPayment): string {
  if (payment.authorisation.kind !== "start-authorisation")
    throw new Error(`expected startAuthorisation, got ${payment.authorisation.kind}`);
  return payment.authorisation.href;
}

describe("SEPA, instant and single-SCA payments against the sandbox bank", () => {
  let world: PisWorld;
  let account: SandboxAccount;
  let psuId: string;

  beforeAll(async () => {
    world = await startPisWorld();
    account = await createTestAccount(world, CUSTOMERS.ingrid, "PIS SEPA and instant", { currency: "NOK", amount: "30000.00" });
    ({ psuId } = await identifyTestPsu(world, { nationalId: CUSTOMERS.ingrid }));
  });
  afterAll(async () => {
    await world?.close();
  });

  it("SEPA: the bank starts the SCA itself (scaRedirect for the browser, bound to the session and flow); approved, it is ACTC", async () => {
    const ctx = world.ctx({ psuId });
    const amount = world.nextAmount();
    const payment = await initiatePayment(ctx, {
      service: "payments",
      product: SEPA,
      body: sepaBody(account.iban, amount),
      payer: { kind: "psu-id" },
    });
    expect(payment.status).toBe("RCVD");
    if (payment.authorisation.kind !== "sca-redirect") throw new Error(`expected scaRedirect, got ${payment.authorisation.kind}`);
    const { scaStart } = payment.authorisation;
    expect(scaStart.tppSessionId).toBe(ctx.caller.tppSessionId);
    expect(scaStart.flowId).toBe(ctx.caller.flowId);
    expect(scaStart.scaRedirect.startsWith(`${world.bank.url}/sca/`)).toBe(true);

    // Readable before approval: the known issue is the domestic product's only.
    expect((await getPaymentStatus(ctx, payment.ref)).status).toBe("RCVD");
    const { redirect } = await world.browser.complete(scaStart.scaRedirect, { nationalId: CUSTOMERS.ingrid });
    expect(successOf(redirect)).toMatchObject({ psuId, tppSessionId: ctx.caller.tppSessionId, flow: ctx.caller.flowId });

    const details = await getPayment(ctx, payment.ref);
    expect(details).toMatchObject({ status: "ACTC", debtorAccount: account.iban });
    expect(details.transfers).toEqual([
      {
        amount: { amount, currency: "EUR" },
        creditorName: "Hans Schmidt",
        creditorAccount: EXTERNAL_IBAN,
        creditorAgent: undefined,
        remittanceInformation: "Invoice 7",
        structuredReferences: [],
        endToEndIdentification: "E2E-PIS-TEST-1",
      },
    ]);
  });

  it("instant: the fee before (fee-information) and in the 201; settled (ACSC) at the approval", async () => {
    const ctx = world.ctx({ psuId });
    const amount = world.nextAmount();
    expect(await getInstantFeeInformation(ctx, { amount, currency: "NOK" })).toEqual({
      fee: { amount: "2.00", currency: "NOK" },
      feeIndicator: true,
    });
    const query = new URL(world.tpp.lastExchange("GET", /\/fee-information$/).url).searchParams;
    expect(Object.fromEntries(query)).toEqual({ amount, currency: "NOK" });
    expect(await getInstantFeeInformation(ctx, { amount: "123456.78", currency: "NOK" })).toMatchObject({
      fee: { amount: "12.35", currency: "NOK" },
    });

    const payment = await initiatePayment(ctx, {
      service: "payments",
      product: INSTANT,
      body: domesticBody(account.bban, amount),
      payer: { kind: "psu-id" },
    });
    expect(payment).toMatchObject({ status: "RCVD", fees: { amount: "2.00", currency: "NOK" }, feeIndicator: true });
    const scaStart = await startPaymentAuthorisation(ctx, startAuthorisationHref(payment), { kind: "psu-id" });
    successOf((await world.browser.complete(scaStart.scaRedirect, { nationalId: CUSTOMERS.ingrid })).redirect);
    expect(await getPaymentStatus(ctx, payment.ref)).toEqual({ status: "ACSC", fundsAvailable: true, psuMessage: undefined });
  });

  it("TPP-Redirect-Preferred false: the bank asks for the approval in its app instead of the login", async () => {
    const ctx = world.ctx({ psuId, redirectPreferred: false });
    const payment = await initiatePayment(ctx, {
      service: "payments",
      product: SEPA,
      body: sepaBody(account.iban, world.nextAmount()),
      payer: { kind: "psu-id" },
    });
    expect(world.tpp.sentHeaders("POST", new RegExp(`^/v1/payments/${SEPA}$`))["tpp-redirect-preferred"]).toBe("false");
    if (payment.authorisation.kind !== "sca-redirect") throw new Error(`expected scaRedirect, got ${payment.authorisation.kind}`);
    world.browser.clearCookies();
    const { redirect, steps } = await world.browser.complete(payment.authorisation.scaStart.scaRedirect, { nationalId: CUSTOMERS.ingrid });
    expect(steps).toEqual(["app-approval", "approval"]);
    expect(successOf(redirect).psuId).toBe(psuId);
  });

  it("a fee-information amount in another currency is 400 naming currency", async () => {
    const error = await aspspErrorOf(getInstantFeeInformation(world.ctx(), { amount: "10.00", currency: "EUR" }));
    expect(error.status).toBe(400);
    expect(error.tppMessages[0]).toMatchObject({ code: "FORMAT_ERROR", path: "currency" });
  });

  it("an instant payment the funds do not cover: the failure redirect PAYMENT_FAILED, RJCT with fundsAvailable false", async () => {
    const poor = await createTestAccount(world, CUSTOMERS.ingrid, "PIS instant, little money", { currency: "NOK", amount: "1000.00" });
    await setAccountBalance(world.tpp.client, poor.resourceId, { currency: "NOK", amount: "40.00" });
    const ctx = world.ctx({ psuId });
    // 39.00 and the fee of 2.00 are more than 40.00.
    const payment = await initiatePayment(ctx, {
      service: "payments",
      product: INSTANT,
      body: domesticBody(poor.bban, "39.00"),
      payer: { kind: "psu-id" },
    });
    const scaStart = await startPaymentAuthorisation(ctx, startAuthorisationHref(payment), { kind: "psu-id" });
    const { redirect } = await world.browser.complete(scaStart.scaRedirect, { nationalId: CUSTOMERS.ingrid });
    expect(Object.fromEntries(redirect.searchParams)).toMatchObject({ status: "400", code: "PAYMENT_FAILED" });
    expect(await getPaymentStatus(ctx, payment.ref)).toEqual({
      status: "RJCT",
      fundsAvailable: false,
      psuMessage: "The payment was rejected: the account did not have enough funds.",
    });
  });

  it("an instant payment whose SCA the PSU cancels is RJCT", async () => {
    const ctx = world.ctx({ psuId });
    const payment = await initiatePayment(ctx, {
      service: "payments",
      product: INSTANT,
      body: domesticBody(account.bban, world.nextAmount()),
      payer: { kind: "psu-id" },
    });
    const scaStart = await startPaymentAuthorisation(ctx, startAuthorisationHref(payment), { kind: "psu-id" });
    const { redirect } = await world.browser.complete(scaStart.scaRedirect, { nationalId: CUSTOMERS.ingrid, decision: "cancel" });
    expect(redirect.searchParams.get("code")).toBe("SCA_INVALID");
    expect(await getPaymentStatus(ctx, payment.ref)).toMatchObject({ status: "RJCT", psuMessage: "The payment was rejected." });
  });

  it("deletes a payment not yet approved: 204, then CANC, and its SCA can no longer start", async () => {
    const ctx = world.ctx({ psuId });
    const payment = await initiatePayment(ctx, {
      service: "payments",
      product: INSTANT,
      body: domesticBody(account.bban, world.nextAmount()),
      payer: { kind: "psu-id" },
    });
    await expect(cancelPayment(ctx, payment.ref)).resolves.toBeUndefined();
    const deletion = world.tpp.lastExchange("DELETE", /^\/v1\/payments\//);
    expect([deletion.status, deletion.requestBody, new URL(deletion.url).pathname]).toEqual([
      204,
      "",
      `/v1/payments/${INSTANT}/${payment.ref.paymentId}`,
    ]);
    expect((await getPaymentStatus(ctx, payment.ref)).status).toBe("CANC");
    const error = await aspspErrorOf(startPaymentAuthorisation(ctx, startAuthorisationHref(payment), { kind: "psu-id" }));
    expect([error.status, error.bankCode]).toEqual([409, "CONFLICT"]);
    // A final state cannot be deleted again.
    expect((await aspspErrorOf(cancelPayment(ctx, payment.ref))).status).toBe(405);
  });

  it("single SCA: no PSU-ID but PSU-Context; the one SCA identifies the PSU and approves; the redirect brings the new psu-id", async () => {
    // Per has never been through an SCA with this TPP: he has no psu-id yet.
    const perAccount = await createTestAccount(world, CUSTOMERS.per, "PIS single SCA", { currency: "NOK", amount: "5000.00" });
    const ctx = world.ctx();
    const payer = { kind: "single-sca", context: "PRIVATE" } as const;
    const payment = await initiatePayment(ctx, {
      service: "payments",
      product: "norwegian-domestic-credit-transfers",
      body: domesticBody(perAccount.bban, world.nextAmount()),
      payer,
    });
    const headers = world.tpp.sentHeaders("POST", /^\/v1\/payments\/norwegian-domestic-credit-transfers$/);
    expect(headers["psu-context"]).toBe("PRIVATE");
    for (const absent of ["psu-id", "x-psu-identity", "psu-corporate-id"]) expect(headers).not.toHaveProperty(absent);

    const scaStart = await startPaymentAuthorisation(ctx, startAuthorisationHref(payment), payer);
    expect(world.tpp.sentHeaders("POST", /\/authorisations$/)).not.toHaveProperty("psu-id");
    world.browser.clearCookies();
    const { redirect, steps } = await world.browser.complete(scaStart.scaRedirect, { nationalId: CUSTOMERS.per });
    expect(steps).toEqual(["login", "approval"]);
    const success = successOf(redirect);
    expect(success.psuId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(success.psuId).not.toBe(psuId);
    expect(success.context).toBe("PRIVATE");

    // The new psu-id names Per from now on.
    const known = world.ctx({ psuId: success.psuId });
    expect((await getPaymentStatus(known, payment.ref)).status).toBe("ACTC");
    const next = await initiatePayment(known, {
      service: "payments",
      product: INSTANT,
      body: domesticBody(perAccount.bban, world.nextAmount()),
      payer: { kind: "psu-id" },
    });
    expect(world.tpp.sentHeaders("POST", new RegExp(`^/v1/payments/${INSTANT}$`))["psu-id"]).toBe(success.psuId);
    expect(next.status).toBe("RCVD");
  });

  it("refuses a payer it cannot name before calling the bank, saying why", async () => {
    const calls = world.tpp.exchanges.length;
    const body = domesticBody(account.bban, world.nextAmount());
    await expect(initiatePayment(world.ctx(), { service: "payments", product: INSTANT, body, payer: { kind: "psu-id" } })).rejects.toThrow(
      "initiatePayment payments/instant-norwegian-credit-transfers-straks: payer kind psu-id, but the caller has no PSU-ID",
    );
    await expect(
      initiatePayment(world.ctx({ psu: undefined, psuId }), { service: "payments", product: INSTANT, body, payer: { kind: "psu-id" } }),
    ).rejects.toThrow("PSU-IP-Address is required");
    await expect(
      initiatePayment(world.ctx(), {
        service: "payments",
        product: INSTANT,
        body,
        payer: { kind: "national-id", nationalId: "1303931995" },
      }),
    ).rejects.toThrow("payer.nationalId must be a Norwegian national identity or D-number of 11 digits");
    expect(world.tpp.exchanges.length).toBe(calls);
  });
});
