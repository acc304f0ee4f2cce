/** What the page of one call to the bank shows of it: its path, its attempt, its bodies indented, its flow. */
import { describe, expect, it } from "vitest";
import type { FlowRecord } from "../flow-diagrams/flows-repository";
import { buildBankCallPageView } from "./bank-call-page-view";
import type { BankCallDetail } from "./bank-call-queries";

function callOf(changes: Partial<BankCallDetail>): BankCallDetail {
  return {
    id: 7,
    startedAt: new Date("2026-03-02T10:00:00Z"),
    userId: "user-1",
    method: "POST",
    url: "https://bank.example/v1/payments/norwegian-domestic-credit-transfers?x=1",
    path: "/v1/payments/norwegian-domestic-credit-transfers",
    requestId: "99391c7e-ad88-49ec-a2ad-99ddcb1f7721",
    attempt: 1,
    status: 201,
    durationMs: 42,
    signatureVerdict: "verified",
    error: null,
    unattended: false,
    requestHeaders: [],
    signingString: "",
    signedHeaders: [],
    requestBody: '{"instructedAmount":{"amount":"1.00","currency":"NOK"}}',
    responseHeaders: [],
    responseBody: '{"transactionStatus":"RCVD"}',
    responseBodyTruncated: false,
    signatureProblems: [],
    flowId: null,
    signature: undefined,
    curl: "curl",
    ...changes,
  };
}

const FLOW: FlowRecord = {
  id: "4b7e2c1a-9d3f-4e5a-8b6c-7d8e9f0a1b2c",
  userId: "user-1",
  kind: "basket",
  resourceId: "bank-basket-1",
  path: null,
  startedAt: new Date("2026-03-02T10:00:00Z"),
  endedAt: null,
  outcome: "waiting",
  detail: null,
};

describe("the page of a call to the bank", () => {
  it("titles it by the URL's path, without the query", () => {
    expect(buildBankCallPageView(callOf({}), undefined).path).toBe("/v1/payments/norwegian-domestic-credit-transfers");
  });

  it("indents JSON bodies, shows other text as it is, and says when a reply had no body", () => {
    const view = buildBankCallPageView(callOf({}), undefined);
    expect(view.requestBody).toBe('{\n  "instructedAmount": {\n    "amount": "1.00",\n    "currency": "NOK"\n  }\n}');
    expect(view.responseBody).toBe('{\n  "transactionStatus": "RCVD"\n}');
    const cut = buildBankCallPageView(callOf({ requestBody: "", responseBody: '{"transactionStatus":"RC' }), undefined);
    expect(cut.requestBody).toBeUndefined();
    expect(cut.responseBody).toBe('{"transactionStatus":"RC');
    expect(buildBankCallPageView(callOf({ responseBody: null, status: null }), undefined).responseBody).toBe("(no body)");
    expect(buildBankCallPageView(callOf({ responseBody: "" }), undefined).responseBody).toBe("(no body)");
  });

  it("counts retries after a connection error", () => {
    expect(buildBankCallPageView(callOf({}), undefined).attempt).toBe("First");
    expect(buildBankCallPageView(callOf({ attempt: 3 }), undefined).attempt).toBe("Retry 2 after a connection error");
  });

  it("links the flow the call belonged to, by its kind, when it is still kept", () => {
    expect(buildBankCallPageView(callOf({ flowId: FLOW.id }), FLOW).flow).toEqual({
      href: `/flows/${FLOW.id}`,
      label: "Signing basket flow: see it as a diagram",
    });
    expect(buildBankCallPageView(callOf({ flowId: FLOW.id }), undefined).flow).toBeUndefined();
  });
});
