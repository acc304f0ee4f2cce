/**
 * The signing basket page's view: while its payments wait for the one approval the page offers
 * it, saying whether it was started; a basket past the retention period may have lost its flow.
 */
import { describe, expect, it } from "vitest";
import type { TransactionStatus } from "../../psd2/schemas";
import type { SigningBasketRecord } from "./baskets-repository";
import { buildBasketPageView } from "./basket-page-view";
import type { PaymentRecord } from "./payments-repository";

const NOW = new Date("2026-03-02T10:00:00Z");
const RETENTION = { days: 30, period: "30 days" };
const FLOW_ID = "4b7e2c1a-9d3f-4e5a-8b6c-7d8e9f0a1b2c";

function basketOf(status: SigningBasketRecord["status"], createdAt = new Date("2026-03-01T09:00:00Z")): SigningBasketRecord {
  return {
    id: "0f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b",
    userId: "user-1",
    basketId: "bank-basket-1",
    status,
    statusReadAt: NOW,
    psuContext: "PRIVATE",
    psuCorporateId: null,
    paymentRecordIds: ["p-1", "p-2"],
    createdAt,
    updatedAt: createdAt,
  };
}

function paymentOf(id: string, status: TransactionStatus, service: PaymentRecord["service"] = "payments"): PaymentRecord {
  return {
    id,
    userId: "user-1",
    paymentId: `bank-${id}`,
    service,
    product: "norwegian-domestic-credit-transfers",
    psuContext: "PRIVATE",
    psuCorporateId: null,
    payerKind: "psu-id",
    requestBody: "{}",
    amount: { amount: "100.00", currency: "NOK" },
    debtorAccount: "12345678903",
    debtorName: null,
    creditorName: "Kari Nordmann",
    creditorAccount: "98765432106",
    transferCount: 1,
    fees: null,
    feeIndicator: null,
    status,
    statusReadAt: NOW,
    fundsAvailable: null,
    signingBasketId: "0f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b",
    requestedExecutionDate: null,
    createdAt: NOW,
    updatedAt: NOW,
  };
}

function viewOf(input: {
  basket: SigningBasketRecord;
  statuses: readonly TransactionStatus[];
  flowId?: string;
  approvalNotStartedSaid?: boolean;
}) {
  return buildBasketPageView({
    basket: input.basket,
    bankError: undefined,
    members: input.statuses.map((status, index) => ({ record: paymentOf(`p-${index + 1}`, status), hiddenByKnownIssue: false })),
    flowId: input.flowId,
    retention: RETENTION,
    scaFailure: undefined,
    approvalNotStartedSaid: input.approvalNotStartedSaid ?? false,
    now: NOW,
  });
}

describe("the signing basket page's view", () => {
  it("offers the approval while the basket and a payment of it are RCVD, saying whether it was started", () => {
    expect(viewOf({ basket: basketOf("RCVD"), statuses: ["RCVD", "RCVD"] }).approval).toBe("not-started");
    expect(viewOf({ basket: basketOf("RCVD"), statuses: ["RCVD", "RCVD"], flowId: FLOW_ID }).approval).toBe("started");
    // Past the retention period its flow may be gone: whether it was started is not known.
    const old = basketOf("RCVD", new Date("2026-01-01T09:00:00Z"));
    const view = viewOf({ basket: old, statuses: ["RCVD"] });
    expect(view.approval).toBe("unknown");
    expect(view.recordsDeleted).toBe(true);
    expect(view.retentionPeriod).toBe("30 days");
  });

  it("offers no approval once nothing waits for it", () => {
    expect(viewOf({ basket: basketOf("PATC"), statuses: ["ACSC", "RCVD"] }).approval).toBeUndefined();
    expect(viewOf({ basket: basketOf("RCVD"), statuses: ["CANC", "RJCT"] }).approval).toBeUndefined();
    expect(viewOf({ basket: basketOf("ACTC"), statuses: ["ACSC", "ACSC"] }).approval).toBeUndefined();
  });

  it("reads the payments again while one can still change", () => {
    expect(viewOf({ basket: basketOf("ACTC"), statuses: ["ACSC", "ACTC"] }).open).toBe(true);
    expect(viewOf({ basket: basketOf("RJCT"), statuses: ["ACSC", "RJCT", "CANC"] }).open).toBe(false);
  });

  it("takes a basket's calls and flow as gone only past the period and with no flow found", () => {
    expect(viewOf({ basket: basketOf("RCVD"), statuses: ["RCVD"] }).recordsDeleted).toBe(false);
    const old = viewOf({ basket: basketOf("ACTC", new Date("2026-01-01T09:00:00Z")), statuses: ["ACSC"], flowId: FLOW_ID });
    expect(old.recordsDeleted).toBe(false);
    expect(old.flowId).toBe(FLOW_ID);
  });

  it("says the approval was not started only while the basket is RCVD", () => {
    expect(viewOf({ basket: basketOf("RCVD"), statuses: ["RCVD"], approvalNotStartedSaid: true }).notices.approvalNotStarted).toBe(true);
    expect(viewOf({ basket: basketOf("ACTC"), statuses: ["ACSC"], approvalNotStartedSaid: true }).notices.approvalNotStarted).toBe(false);
    expect(viewOf({ basket: basketOf("RCVD"), statuses: ["RCVD"] }).notices.approvalNotStarted).toBe(false);
  });
});
