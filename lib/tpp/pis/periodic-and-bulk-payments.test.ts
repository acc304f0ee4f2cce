/**
 * Periodic payments (MonthlyVariable) and bulk payments in a corporate context (PSU-ID with
 * PSU-Corporate-ID), the product refused in a private context, a KID and the deprecated single
 * structured remittance, against a real sandbox bank (its own process).
 * @see docs/interface/header-parameters.md#headers-by-operation, docs/interface/versioning.md#versioning; docs/interface/endpoints.md#success-statuses, docs/interface/payments.md#payments-in-the-sandbox, docs/interface/sca-and-consent.md#sca-sessions-consent-and-context
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isValidKid } from "../../psd2/validation";
import { createSandboxAgreement, findSandboxCustomer, runBatch, type SandboxAccount } from "../testing/sandbox-operations";
import { cancelPayment } from "./cancel-payment";
import { getPayment } from "./get-payment";
import { getPaymentStatus } from "./get-payment-status";
import { initiatePayment } from "./initiate-payment";
import {
  aspspErrorOf,
  createTestAccount,
  CUSTOMERS,
  domesticBody,
  EXTERNAL_BBAN,
  identifyTestPsu,
  type PisWorld,
  startPisWorld,
  successOf,
} from "./pis.test-support";
import type { InitiatedPayment } from "./pis-types";
import { startPaymentAuthorisation } from "./start-payment-authorisation";

const DOMESTIC = "norwegian-domestic-credit-transfers";
const KID = "1234567890128";
/** Another creditor outside the sandbox bank (a valid Norwegian account number). */
const SECOND_BBAN = "15032080119";

function startAuthorisationHref(payment: InitiatedPayment): string {
  if (payment.authorisation.kind !== "start-authorisation")
    throw new Error(`expected startAuthorisation, got ${payment.authorisation.kind}`);
  return payment.authorisation.href;
}

describe("periodic and bulk payments against the sandbox bank", () => {
  let world: PisWorld;
  let ingridAccount: SandboxAccount;
  let ingridPsuId: string;
  let companyAccount: SandboxAccount;
  let sindre: { psuId: string; psuCorporateId: string };

  beforeAll(async () => {
    world = await startPisWorld();
    ingridAccount = await createTestAccount(world, CUSTOMERS.ingrid, "PIS periodic", { currency: "NOK", amount: "20000.00" });
    ({ psuId: ingridPsuId } = await identifyTestPsu(world, { nationalId: CUSTOMERS.ingrid }));
    // A company account of Sindre Lie's, in an agreement of its own.
    companyAccount = await createTestAccount(world, CUSTOMERS.sindre, "PIS bulk", { currency: "NOK", amount: "100000.00" });
    const customer = await findSandboxCustomer(world.tpp.client, CUSTOMERS.sindre);
    await createSandboxAgreement(world.tpp.client, {
      customerId: customer.customerId,
      name: "Lie Testverksted AS",
      organisationNumber: "926148338",
      accountIds: [companyAccount.resourceId],
    });
    const identified = await identifyTestPsu(world, {
      nationalId: CUSTOMERS.sindre,
      context: "CORPORATE",
      agreement: "Lie Testverksted AS",
    });
    if (identified.psuCorporateId === undefined) throw new Error("the corporate SCA brought no psu-corporate-id");
    sindre = { psuId: identified.psuId, psuCorporateId: identified.psuCorporateId };
  });
  afterAll(async () => {
    await world?.close();
  });

  function periodicBody(amount: string, monthsOfExecution: string[]): Record<string, unknown> {
    return {
      ...domesticBody(ingridAccount.bban, amount, { remittanceInformationUnstructured: "Quarterly rent" }),
      startDate: world.dateAfter(1),
      endDate: world.dateAfter(400),
      frequency: "MonthlyVariable",
      executionRule: "following",
      dayOfExecution: "15",
      monthsOfExecution,
    };
  }

  it("periodic MonthlyVariable: ACCP after the SCA, its schedule in the details; deleted (204) it is CANC", async () => {
    const ctx = world.ctx({ psuId: ingridPsuId });
    const amount = world.nextAmount();
    const payment = await initiatePayment(ctx, {
      service: "periodic-payments",
      product: DOMESTIC,
      body: periodicBody(amount, ["1", "4", "7", "10"]),
      payer: { kind: "psu-id" },
    });
    expect(payment.ref.service).toBe("periodic-payments");
    expect(startAuthorisationHref(payment)).toBe(`/v1/periodic-payments/${DOMESTIC}/${payment.ref.paymentId}/authorisations`);
    const scaStart = await startPaymentAuthorisation(ctx, startAuthorisationHref(payment), { kind: "psu-id" });
    successOf((await world.browser.complete(scaStart.scaRedirect, { nationalId: CUSTOMERS.ingrid })).redirect);

    expect((await getPaymentStatus(ctx, payment.ref)).status).toBe("ACCP");
    const details = await getPayment(ctx, payment.ref);
    expect(details).toMatchObject({
      status: "ACCP",
      debtorAccount: ingridAccount.bban,
      schedule: {
        startDate: world.dateAfter(1),
        endDate: world.dateAfter(400),
        frequency: "MonthlyVariable",
        executionRule: "following",
        dayOfExecution: "15",
        monthsOfExecution: ["1", "4", "7", "10"],
      },
      batchBookingPreferred: undefined,
    });
    expect(details.transfers).toEqual([
      expect.objectContaining({
        amount: { amount, currency: "NOK" },
        creditorAccount: EXTERNAL_BBAN,
        remittanceInformation: "Quarterly rent",
      }),
    ]);

    await cancelPayment(ctx, payment.ref);
    expect((await getPaymentStatus(ctx, payment.ref)).status).toBe("CANC");
  });

  it("periodic MonthlyVariable with a month given twice is 400 FORMAT_ERROR at monthsOfExecution", async () => {
    const error = await aspspErrorOf(
      initiatePayment(world.ctx({ psuId: ingridPsuId }), {
        service: "periodic-payments",
        product: DOMESTIC,
        body: periodicBody(world.nextAmount(), ["3", "6", "3"]),
        payer: { kind: "psu-id" },
      }),
    );
    expect(error.status).toBe(400);
    expect(error.tppMessages).toHaveLength(1);
    expect(error.tppMessages[0]?.code).toBe("FORMAT_ERROR");
    expect(error.tppMessages[0]?.path).toMatch(/^monthsOfExecution/);
  });

  it("bulk in a corporate context: PSU-ID and PSU-Corporate-ID sent, the agreement's SCA, ACTC, then ACSC as a whole", async () => {
    const ctx = world.ctx({ psuId: sindre.psuId, psuCorporateId: sindre.psuCorporateId, psuContext: "CORPORATE" });
    const [first, second] = [world.nextAmount(), world.nextAmount()];
    const body = {
      batchBookingPreferred: true,
      debtorAccount: { bban: companyAccount.bban, currency: "NOK" },
      payments: [
        {
          instructedAmount: { currency: "NOK", amount: first },
          creditorName: "Kari Nordmann",
          creditorAccount: { bban: EXTERNAL_BBAN, currency: "NOK" },
          creditorAddress: { country: "NO" },
          remittanceInformationUnstructured: "Invoice 1001",
        },
        {
          instructedAmount: { currency: "NOK", amount: second },
          creditorName: "Byggvarer AS",
          creditorAccount: { bban: SECOND_BBAN, currency: "NOK" },
          creditorAddress: { country: "NO", city: "Bergen" },
          remittanceInformationStructuredArray: [{ reference: KID, referenceType: "KID" }],
        },
      ],
    };
    const payment = await initiatePayment(ctx, { service: "bulk-payments", product: DOMESTIC, body, payer: { kind: "psu-id" } });
    const headers = world.tpp.sentHeaders("POST", new RegExp(`^/v1/bulk-payments/${DOMESTIC}$`));
    expect(headers).toMatchObject({ "psu-id": sindre.psuId, "psu-corporate-id": sindre.psuCorporateId });
    expect(headers).not.toHaveProperty("psu-context");
    expect(world.tpp.lastExchange("POST", new RegExp(`^/v1/bulk-payments/${DOMESTIC}$`)).signedHeaders).toEqual([
      "date",
      "digest",
      "x-request-id",
      "psu-id",
      "psu-corporate-id",
      "tpp-redirect-uri",
    ]);

    const scaStart = await startPaymentAuthorisation(ctx, startAuthorisationHref(payment), { kind: "psu-id" });
    expect(world.tpp.sentHeaders("POST", /\/authorisations$/)).toMatchObject({
      "psu-id": sindre.psuId,
      "psu-corporate-id": sindre.psuCorporateId,
    });
    const { redirect, steps } = await world.browser.complete(scaStart.scaRedirect, { nationalId: CUSTOMERS.sindre });
    // PSU-Corporate-ID named the agreement: no choice of context at the bank.
    expect(steps).not.toContain("context");
    expect(successOf(redirect)).toMatchObject({ psuId: sindre.psuId, context: "CORPORATE", psuCorporateId: sindre.psuCorporateId });

    const details = await getPayment(ctx, payment.ref);
    expect(details).toMatchObject({ status: "ACTC", debtorAccount: companyAccount.bban, batchBookingPreferred: true, schedule: undefined });
    expect(
      details.transfers.map((transfer) => [
        transfer.creditorName,
        transfer.creditorAccount,
        transfer.amount?.amount,
        transfer.structuredReferences,
      ]),
    ).toEqual([
      ["Kari Nordmann", EXTERNAL_BBAN, first, []],
      ["Byggvarer AS", SECOND_BBAN, second, [KID]],
    ]);

    await runBatch(world.tpp.client);
    expect((await getPaymentStatus(ctx, payment.ref)).status).toBe("ACSC");
  });

  it("single SCA in a corporate context: PSU-Context CORPORATE; the PSU picks the agreement at the bank and the redirect brings both ids", async () => {
    const ctx = world.ctx();
    const payer = { kind: "single-sca", context: "CORPORATE" } as const;
    const payment = await initiatePayment(ctx, {
      service: "payments",
      product: DOMESTIC,
      body: domesticBody(companyAccount.bban, world.nextAmount()),
      payer,
    });
    expect(world.tpp.sentHeaders("POST", new RegExp(`^/v1/payments/${DOMESTIC}$`))["psu-context"]).toBe("CORPORATE");
    const scaStart = await startPaymentAuthorisation(ctx, startAuthorisationHref(payment), payer);
    world.browser.clearCookies();
    const { redirect, steps } = await world.browser.complete(scaStart.scaRedirect, {
      nationalId: CUSTOMERS.sindre,
      context: "CORPORATE",
      agreement: "Lie Testverksted AS",
    });
    expect(steps).toEqual(["login", "context", "approval"]);
    expect(successOf(redirect)).toMatchObject({ psuId: sindre.psuId, context: "CORPORATE", psuCorporateId: sindre.psuCorporateId });
    expect((await getPaymentStatus(ctx, payment.ref)).status).toBe("ACTC");
  });

  it("bulk in a private context is 403 PRODUCT_INVALID", async () => {
    const body = {
      debtorAccount: { bban: ingridAccount.bban, currency: "NOK" },
      payments: [
        {
          instructedAmount: { currency: "NOK", amount: world.nextAmount() },
          creditorName: "Kari Nordmann",
          creditorAccount: { bban: EXTERNAL_BBAN, currency: "NOK" },
          creditorAddress: { country: "NO" },
        },
      ],
    };
    const error = await aspspErrorOf(
      initiatePayment(world.ctx({ psuId: ingridPsuId }), { service: "bulk-payments", product: DOMESTIC, body, payer: { kind: "psu-id" } }),
    );
    expect([error.status, error.bankCode]).toEqual([403, "PRODUCT_INVALID"]);
    expect(error.tppMessages[0]?.text).toContain("corporate");
  });

  it("a corporate PSU without PSU-Corporate-ID cannot pay from the agreement's account: 400 FORMAT_ERROR naming the header", async () => {
    const error = await aspspErrorOf(
      initiatePayment(world.ctx({ psuId: sindre.psuId }), {
        service: "payments",
        product: DOMESTIC,
        body: domesticBody(companyAccount.bban, world.nextAmount()),
        payer: { kind: "psu-id" },
      }),
    );
    expect(error.status).toBe(400);
    expect(error.tppMessages).toEqual([expect.objectContaining({ code: "FORMAT_ERROR", path: "PSU-Corporate-ID" })]);
  });

  it("the deprecated single remittanceInformationStructured comes back as a WARNING; the KID is kept as the array", async () => {
    expect(isValidKid(KID)).toBe(true);
    const ctx = world.ctx({ psuId: ingridPsuId });
    const body = domesticBody(ingridAccount.bban, world.nextAmount(), {
      remittanceInformationUnstructured: undefined,
      remittanceInformationStructured: { reference: KID, referenceType: "KID" },
    });
    const payment = await initiatePayment(ctx, {
      service: "payments",
      product: "instant-norwegian-credit-transfers-straks",
      body,
      payer: { kind: "psu-id" },
    });
    expect(payment.warnings).toEqual([
      {
        code: expect.any(String),
        path: "remittanceInformationStructured",
        text: expect.stringContaining("remittanceInformationStructuredArray"),
      },
    ]);
    expect((await getPayment(ctx, payment.ref)).transfers[0]?.structuredReferences).toEqual([KID]);
  });
});
