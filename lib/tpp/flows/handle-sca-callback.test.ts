import { describe, expect, it } from "vitest";
import { AUTHORISATION_TTL_MS, type PendingAuthorisation, type PsuSession } from "../session/psu-session-data";
import { approvalFailedPath, callbackFailedPath, handleScaCallback, SCA_VALIDITY_MS } from "./handle-sca-callback";
import { safeReturnPath } from "./safe-return-path";

const NOW = new Date("2026-03-02T10:00:00Z");
const USER = "user-1";
const PSU_ID = "6f1b3c0e-8d1a-4a57-9a5e-3b2f0c6d7e81";
const CORPORATE_ID = "0b9d8f3e-2c4a-4d6b-8e1f-5a7c9b3d2e10";
const FLOW_SESSION = "9a4c1f2e-7b3d-4e5f-8a6b-1c2d3e4f5a6b";

const consentApproval: PendingAuthorisation = {
  kind: "consent",
  flowId: "flow-consent",
  returnTo: "/accounts?tab=all",
  tppSessionId: FLOW_SESSION,
  startedAt: "2026-03-02T09:59:00.000Z",
};
const paymentApproval: PendingAuthorisation = {
  kind: "payment",
  resourceId: "bank-payment-1",
  flowId: "flow-payment",
  returnTo: "/payments/p-1",
  tppSessionId: FLOW_SESSION,
  startedAt: "2026-03-02T09:58:00.000Z",
};

const idleSession: PsuSession = {
  userId: USER,
  tppSessionId: FLOW_SESSION,
  createdAt: "2026-03-02T09:00:00.000Z",
  context: "CORPORATE",
  psuCorporateId: "old-corporate-id",
  authorisations: [],
};
const pendingSession: PsuSession = { ...idleSession, authorisations: [consentApproval] };
const twoTabs: PsuSession = { ...idleSession, authorisations: [paymentApproval, consentApproval] };

/** The redirect's query; the flow of the consent unless another (or none: null) is given. */
function query(parameters: Record<string, string>, flow: string | null = consentApproval.flowId): URLSearchParams {
  const search = new URLSearchParams(parameters);
  if (flow !== null) search.set("flow", flow);
  return search;
}

const success = { "psu-id": PSU_ID, "tpp-session-id": FLOW_SESSION, context: "PRIVATE" };

describe("handleScaCallback: success redirect (psd2-interface.md, Redirect parameters)", () => {
  it("accepts the return of the pending flow: psu-id to keep, SCA valid for an hour, back where the flow began", () => {
    const outcome = handleScaCallback({ query: query(success), userId: USER, session: pendingSession, now: NOW });
    expect(outcome).toEqual({
      kind: "success",
      authorisation: consentApproval,
      returnTo: "/accounts?tab=all",
      psuId: PSU_ID,
      psuCorporateId: undefined,
      context: "PRIVATE",
      session: {
        userId: USER,
        tppSessionId: FLOW_SESSION,
        createdAt: "2026-03-02T09:00:00.000Z",
        scaValidUntil: new Date(NOW.getTime() + SCA_VALIDITY_MS).toISOString(),
        context: "PRIVATE",
        authorisations: [],
      },
    });
  });

  it("keeps the context and psu-corporate-id of a CORPORATE choice", () => {
    const outcome = handleScaCallback({
      query: query({ ...success, context: "CORPORATE", "psu-corporate-id": CORPORATE_ID }),
      userId: USER,
      session: pendingSession,
      now: NOW,
    });
    expect(outcome.kind).toBe("success");
    if (outcome.kind !== "success") return;
    expect(outcome.psuCorporateId).toBe(CORPORATE_ID);
    expect(outcome.session.context).toBe("CORPORATE");
    expect(outcome.session.psuCorporateId).toBe(CORPORATE_ID);
    expect(outcome.session.authorisations).toEqual([]);
  });

  it("refuses a tpp-session-id that is not the pending flow's, and changes nothing", () => {
    const outcome = handleScaCallback({
      query: query({ ...success, "tpp-session-id": "another-session" }),
      userId: USER,
      session: pendingSession,
      now: NOW,
    });
    expect(outcome).toEqual({
      kind: "refused",
      reason: "session-mismatch",
      problems: ["tpp-session-id 'another-session' is not the one of the flow started here"],
      retry: "/accounts?tab=all",
    });
    expect(callbackFailedPath(outcome.kind === "refused" ? outcome : fail())).toBe(
      "/callback/failed?reason=session-mismatch&problem=tpp-session-id+%27another-session%27+is+not+the+one+of+the+flow+started+here&retry=%2Faccounts%3Ftab%3Dall",
    );
  });

  it("refuses a return when no flow is pending, or the user is signed out", () => {
    expect(handleScaCallback({ query: query(success), userId: USER, session: idleSession, now: NOW })).toMatchObject({
      kind: "refused",
      reason: "no-flow",
    });
    expect(handleScaCallback({ query: query(success), userId: USER, session: undefined, now: NOW })).toMatchObject({
      kind: "refused",
      reason: "no-flow",
    });
    expect(handleScaCallback({ query: query(success), userId: undefined, session: undefined, now: NOW })).toMatchObject({
      kind: "refused",
      reason: "signed-out",
    });
  });

  it.each([
    ["psu-id missing", { "tpp-session-id": FLOW_SESSION, context: "PRIVATE" }, /psu-id/],
    ["psu-id not a UUID", { ...success, "psu-id": "12345" }, /psu-id/],
    ["tpp-session-id missing", { "psu-id": PSU_ID, context: "PRIVATE" }, /tpp-session-id/],
    ["context missing", { "psu-id": PSU_ID, "tpp-session-id": FLOW_SESSION }, /context/],
    ["context unknown", { ...success, context: "BUSINESS" }, /context/],
    ["psu-corporate-id not a UUID", { ...success, "psu-corporate-id": "x" }, /psu-corporate-id/],
  ])("refuses a success redirect with %s", (_case, parameters, problem) => {
    const outcome = handleScaCallback({ query: query(parameters), userId: USER, session: pendingSession, now: NOW });
    expect(outcome.kind).toBe("refused");
    if (outcome.kind !== "refused") return;
    expect(outcome.reason).toBe("invalid-parameters");
    expect(outcome.problems.join(" ")).toMatch(problem);
  });

  it("refuses parameters given twice, and a return with no parameters at all", () => {
    const twice = new URLSearchParams(success);
    twice.append("psu-id", "7a1b3c0e-8d1a-4a57-9a5e-3b2f0c6d7e81");
    expect(handleScaCallback({ query: twice, userId: USER, session: pendingSession, now: NOW })).toMatchObject({
      kind: "refused",
      reason: "invalid-parameters",
      problems: ["psu-id: given more than once"],
    });
    expect(handleScaCallback({ query: query({}), userId: USER, session: pendingSession, now: NOW })).toMatchObject({
      kind: "refused",
      reason: "invalid-parameters",
    });
    expect(
      handleScaCallback({
        query: query({ ...success, code: "SCA_INVALID", status: "401" }),
        userId: USER,
        session: pendingSession,
        now: NOW,
      }),
    ).toMatchObject({
      kind: "refused",
      reason: "invalid-parameters",
    });
  });
});

describe("handleScaCallback: several approvals at once (two tabs)", () => {
  it("completes the approval the redirect's flow names, and leaves the other waiting", () => {
    const payment = handleScaCallback({ query: query(success, paymentApproval.flowId), userId: USER, session: twoTabs, now: NOW });
    expect(payment).toMatchObject({ kind: "success", authorisation: paymentApproval, returnTo: "/payments/p-1" });
    if (payment.kind !== "success") return fail();
    expect(payment.session.authorisations).toEqual([consentApproval]);
    const consent = handleScaCallback({ query: query(success), userId: USER, session: payment.session, now: NOW });
    expect(consent).toMatchObject({ kind: "success", authorisation: consentApproval, returnTo: "/accounts?tab=all" });
    if (consent.kind !== "success") return fail();
    expect(consent.session.authorisations).toEqual([]);
  });

  it("refuses a flow that is not waiting here (done already, another browser's, forged), and changes nothing", () => {
    expect(handleScaCallback({ query: query(success, "flow-of-someone-else"), userId: USER, session: twoTabs, now: NOW })).toEqual({
      kind: "refused",
      reason: "no-flow",
      problems: ["no approval of flow 'flow-of-someone-else' is waiting in this browser"],
      retry: "/",
    });
  });

  it("without a flow in the redirect, takes the only waiting approval, never a guess among several", () => {
    expect(handleScaCallback({ query: query(success, null), userId: USER, session: pendingSession, now: NOW })).toMatchObject({
      kind: "success",
      authorisation: consentApproval,
    });
    expect(handleScaCallback({ query: query(success, null), userId: USER, session: twoTabs, now: NOW })).toMatchObject({
      kind: "refused",
      reason: "no-flow",
    });
  });

  it("drops approvals that waited too long", () => {
    const late = new Date(Date.parse(consentApproval.startedAt) + AUTHORISATION_TTL_MS + 1);
    expect(handleScaCallback({ query: query(success), userId: USER, session: pendingSession, now: late })).toMatchObject({
      kind: "refused",
      reason: "no-flow",
    });
  });

  it("a failure ends only the approval it names", () => {
    const outcome = handleScaCallback({
      query: query({ status: "400", code: "PAYMENT_FAILED", message: "Insufficient funds" }, paymentApproval.flowId),
      userId: USER,
      session: twoTabs,
      now: NOW,
    });
    expect(outcome).toMatchObject({ kind: "failure", authorisation: paymentApproval, retry: "/payments/p-1" });
    expect(outcome.kind === "failure" && outcome.session?.authorisations).toEqual([consentApproval]);
  });
});

describe("handleScaCallback: a success as another customer than the user's PSU-ID", () => {
  const OTHER_PSU = "0b0e5bde-1f6c-4c55-9b7a-6a3f0f6c9e01";

  it("replaces nothing and holds the return for the user's choice, the approval no longer waiting", () => {
    const outcome = handleScaCallback({ query: query(success), userId: USER, psuId: OTHER_PSU, session: pendingSession, now: NOW });
    expect(outcome).toEqual({
      kind: "psu-changed",
      authorisation: consentApproval,
      currentPsuId: OTHER_PSU,
      psuId: PSU_ID,
      session: {
        ...idleSession,
        psuChange: {
          authorisation: consentApproval,
          currentPsuId: OTHER_PSU,
          psuId: PSU_ID,
          context: "PRIVATE",
          tppSessionId: FLOW_SESSION,
          scaValidUntil: new Date(NOW.getTime() + SCA_VALIDITY_MS).toISOString(),
          receivedAt: NOW.toISOString(),
        },
      },
    });
  });

  it("asks for a payment's or a basket's approval too, and keeps a psu-corporate-id for the choice", () => {
    const outcome = handleScaCallback({
      query: query({ ...success, context: "CORPORATE", "psu-corporate-id": CORPORATE_ID }, paymentApproval.flowId),
      userId: USER,
      psuId: OTHER_PSU,
      session: twoTabs,
      now: NOW,
    });
    expect(outcome.kind).toBe("psu-changed");
    if (outcome.kind !== "psu-changed") return;
    expect(outcome.session.authorisations).toEqual([consentApproval]);
    expect(outcome.session.psuChange).toMatchObject({ authorisation: paymentApproval, psuCorporateId: CORPORATE_ID, context: "CORPORATE" });
    // The session's own SCA and context stay as they were until the user chooses.
    expect(outcome.session.context).toBe("CORPORATE");
    expect(outcome.session.psuCorporateId).toBe("old-corporate-id");
  });

  it("replaces without asking when the flow was started to connect another customer (newPsu), or the PSU-ID is the same, or there is none yet", () => {
    const newPsu = { ...consentApproval, flowId: "flow-new-psu", newPsu: true };
    const started = (authorisation: PendingAuthorisation, psuId: string | undefined) =>
      handleScaCallback({
        query: query(success, authorisation.flowId),
        userId: USER,
        psuId,
        session: { ...idleSession, authorisations: [authorisation] },
        now: NOW,
      });
    expect(started(newPsu, OTHER_PSU)).toMatchObject({ kind: "success", psuId: PSU_ID });
    expect(started({ ...newPsu, kind: "identify" }, OTHER_PSU)).toMatchObject({ kind: "success", psuId: PSU_ID });
    expect(started(consentApproval, PSU_ID)).toMatchObject({ kind: "success", psuId: PSU_ID });
    expect(started(consentApproval, undefined)).toMatchObject({ kind: "success", psuId: PSU_ID });
    // A success drops a return held from before.
    const held = handleScaCallback({
      query: query(success),
      userId: USER,
      psuId: OTHER_PSU,
      session: { ...pendingSession, authorisations: [consentApproval, newPsu] },
      now: NOW,
    });
    if (held.kind !== "psu-changed") return fail();
    const after = handleScaCallback({
      query: query(success, newPsu.flowId),
      userId: USER,
      psuId: OTHER_PSU,
      session: held.session,
      now: NOW,
    });
    expect(after.kind === "success" && after.session.psuChange).toBeUndefined();
  });
});

describe("handleScaCallback: failure redirect", () => {
  const failure = { system: "sca", status: "401", code: "SCA_INVALID", message: "The customer cancelled" };

  it("explains the bank's failure and ends the pending flow, keeping the session otherwise", () => {
    const outcome = handleScaCallback({ query: query(failure), userId: USER, session: pendingSession, now: NOW });
    expect(outcome.kind).toBe("failure");
    if (outcome.kind !== "failure") return;
    expect(outcome.failure).toEqual({ system: "sca", status: 401, code: "SCA_INVALID", message: "The customer cancelled" });
    // "Try again" starts the consent again at the bank, returning where the flow began.
    expect(outcome.retry).toBe("/connect?returnTo=%2Faccounts%3Ftab%3Dall");
    expect(outcome.authorisation).toEqual(consentApproval);
    expect(outcome.session).toEqual(idleSession);
    expect(callbackFailedPath(outcome)).toBe(
      "/callback/failed?reason=bank&system=sca&status=401&code=SCA_INVALID&message=The+customer+cancelled&retry=%2Fconnect%3FreturnTo%3D%252Faccounts%253Ftab%253Dall",
    );
  });

  it("after three wrong national identity numbers (PSU_CREDENTIALS_INVALID), Try again is the same SCA started again, not the page", () => {
    const credentials = { system: "SCA", status: "401", code: "PSU_CREDENTIALS_INVALID" };
    const retryOf = (authorisation: PendingAuthorisation) =>
      handleScaCallback({
        query: query(credentials, authorisation.flowId),
        userId: USER,
        session: { ...idleSession, authorisations: [authorisation] },
        now: NOW,
      });
    expect(retryOf(consentApproval)).toMatchObject({ kind: "failure", retry: "/connect?returnTo=%2Faccounts%3Ftab%3Dall" });
    // Any customer could log in: so again; an identification stays one.
    expect(retryOf({ ...consentApproval, newPsu: true })).toMatchObject({ retry: "/connect?returnTo=%2Faccounts%3Ftab%3Dall&newPsu=1" });
    expect(retryOf({ ...consentApproval, kind: "identify", returnTo: "/corporate" })).toMatchObject({
      retry: "/connect?returnTo=%2Fcorporate&purpose=identify",
    });
    // A payment's own page offers its approval again.
    expect(retryOf(paymentApproval)).toMatchObject({ retry: "/payments/p-1" });
  });

  it("reads a percent-encoded message", () => {
    const outcome = handleScaCallback({
      query: new URLSearchParams(
        "system=sca&status=400&code=PSU_CREDENTIALS_INVALID&message=Ukjent%20kunde%20%E2%80%93%20pr%C3%B8v%20igjen",
      ),
      userId: USER,
      session: pendingSession,
      now: NOW,
    });
    expect(outcome.kind === "failure" && outcome.failure.message).toBe("Ukjent kunde – prøv igjen");
  });

  it("refuses a failure that matches no approval waiting in this browser, exactly as a forged success (never the bank's words)", () => {
    const cases = [
      { session: undefined, flow: consentApproval.flowId },
      { session: idleSession, flow: consentApproval.flowId },
      { session: pendingSession, flow: "flow-of-another-browser" },
      // No flow named, two waiting: never a guess.
      { session: twoTabs, flow: null },
    ];
    for (const { session, flow } of cases) {
      const asFailure = handleScaCallback({ query: query(failure, flow), userId: USER, session, now: NOW });
      const asSuccess = handleScaCallback({ query: query(success, flow), userId: USER, session, now: NOW });
      expect(asFailure).toEqual(asSuccess);
      expect(asFailure).toMatchObject({ kind: "refused", reason: "no-flow", retry: "/" });
      if (asFailure.kind !== "refused") return;
      expect(callbackFailedPath(asFailure)).not.toContain("reason=bank");
      expect(callbackFailedPath(asFailure)).not.toContain("cancelled");
    }
    // Signed out: the same refusal as a success's.
    expect(handleScaCallback({ query: query(failure), userId: undefined, session: undefined, now: NOW })).toEqual(
      handleScaCallback({ query: query(success), userId: undefined, session: undefined, now: NOW }),
    );
    expect(handleScaCallback({ query: query(failure), userId: undefined, session: undefined, now: NOW })).toMatchObject({
      kind: "refused",
      reason: "signed-out",
    });
  });

  it.each([
    ["status missing", { code: "SCA_INVALID" }],
    ["status not an HTTP status", { status: "abc", code: "SCA_INVALID" }],
    ["code missing", { status: "401", message: "x" }],
  ])("refuses a failure redirect with %s", (_case, parameters) => {
    expect(handleScaCallback({ query: query(parameters), userId: USER, session: pendingSession, now: NOW })).toMatchObject({
      kind: "refused",
      reason: "invalid-parameters",
    });
  });
});

describe("safeReturnPath", () => {
  it.each([
    ["/accounts", "/accounts"],
    ["/accounts/a1?page=x#top", "/accounts/a1?page=x#top"],
    ["https://evil.example/", "/"],
    ["//evil.example/x", "/"],
    ["/\\evil.example", "/"],
    ["accounts", "/"],
    ["", "/"],
    [undefined, "/"],
  ])("%j -> %j", (input, expected) => {
    expect(safeReturnPath(input)).toBe(expected);
  });
});

function fail(): never {
  throw new Error("unexpected outcome");
}

describe("approvalFailedPath", () => {
  it("returns to the payment's page with the bank's failure in the query", () => {
    expect(approvalFailedPath("/payments/p-1", { system: "sca", status: 400, code: "SCA_INVALID", message: "Avbrutt av kunden" })).toBe(
      "/payments/p-1?scaFailed=1&system=sca&status=400&code=SCA_INVALID&message=Avbrutt+av+kunden",
    );
    expect(approvalFailedPath("/baskets/b?x=1", { status: 401, code: "SCA_INVALID" })).toBe(
      "/baskets/b?x=1&scaFailed=1&status=401&code=SCA_INVALID",
    );
    expect(approvalFailedPath("https://evil.example/", { status: 401, code: "SCA_INVALID" })).toBe(
      "/?scaFailed=1&status=401&code=SCA_INVALID",
    );
  });
});
