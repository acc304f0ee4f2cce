import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountsResponseSchema, errorResponseSchema, scaRedirectResponseSchema, userResponseSchema } from "../../../psd2/schemas";
import { CUSTOMERS, giveConsent, ids, presentHeaders, scaHeaders } from "../../testing/ais-scenarios";
import { buildTestBank } from "../../testing/build-test-bank";
import { completeScaJourney, consentChoices, openScaLink, submitScaPage } from "../../testing/sca-page-driver";
import { createSignedTestClient, type SignedTestClient } from "../../testing/signed-test-client";
import { testDatabaseKinds } from "../../testing/test-database";

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// docs/interface/states.md#sca-session-moves, docs/interface/limits.md#limits-in-the-spec; docs/interface/sca-and-consent.md#sca-sessions-consent-and-context, docs/interface/limits.md#what-the-sandbox-enforces.
describe.each(testDatabaseKinds())("sessions, renewal and limits on the sandbox clock, on %s", (kind) => {
  let app: FastifyInstance;
  let tpp: SignedTestClient;

  beforeAll(async () => {
    app = await buildTestBank(kind);
    tpp = createSignedTestClient(app);
  }, 120_000);
  afterAll(() => app.close());

  const listAccounts = (psuId: string, tppSessionId: string) => tpp.get("/v1/accounts", scaHeaders(tppSessionId, { "PSU-ID": psuId }));
  const codeOf = (body: unknown) => errorResponseSchema.parse(body).tppMessages[0]?.code;
  const scaHrefOf = (body: unknown) => {
    const href = errorResponseSchema.parse(body)._links?.scaRedirect?.href;
    if (!href) throw new Error("no scaRedirect");
    return href;
  };

  it("an SCA is valid for 1 hour for its TPP-Session-ID, then 401 SCA_EXPIRED with scaRedirect", async () => {
    const { psuId } = await giveConsent(app, tpp, { tppSessionId: "hour", customerNumber: CUSTOMERS.ingrid });
    await app.bank.clock.advance(59 * MINUTE);
    expect((await listAccounts(psuId, "hour")).statusCode).toBe(200);
    await app.bank.clock.advance(MINUTE);
    const expired = await listAccounts(psuId, "hour");
    expect(expired.statusCode).toBe(401);
    expect(codeOf(expired.json())).toBe("SCA_EXPIRED");
    // the scaRedirect renews it: the same PSU logs in again, the consent screen shows what is shared
    const renewed = await completeScaJourney(app, scaHrefOf(expired.json()), { customerNumber: CUSTOMERS.ingrid, resources: "keep" });
    expect(renewed.query).toMatchObject({ "psu-id": psuId, "tpp-session-id": "hour" });
    expect((await listAccounts(psuId, "hour")).statusCode).toBe(200);
  });

  it("the session is valid across TPP roles: GET /v1/user answers for it", async () => {
    const { psuId } = await giveConsent(app, tpp, { tppSessionId: "roles", customerNumber: CUSTOMERS.ingrid });
    const response = await tpp.get("/v1/user", scaHeaders("roles", { "PSU-ID": psuId }));
    expect(response.statusCode).toBe(200);
    expect(userResponseSchema.parse(response.json())).toEqual({ psuId, context: "PRIVATE", customerName: "Ingrid Marie Haugen" });
  });

  it("a new TPP-Session-ID needs a new SCA; aborting it keeps the old session; completing it ends the old one", async () => {
    const { psuId } = await giveConsent(app, tpp, { tppSessionId: "old", customerNumber: CUSTOMERS.ingrid });
    const fresh = await listAccounts(psuId, "new");
    expect(fresh.statusCode).toBe(401);
    expect(codeOf(fresh.json())).toBe("SCA_NOT_FOUND");

    // aborted: cancel on the login page
    const login = await openScaLink(app, scaHrefOf(fresh.json()));
    const cancelled = await submitScaPage(app, login, { action: "cancel" });
    expect(cancelled.kind === "redirect" && cancelled.query.code).toBe("SCA_INVALID");
    expect((await listAccounts(psuId, "old")).statusCode).toBe(200);
    expect((await listAccounts(psuId, "new")).statusCode).toBe(401);

    // completed: the new one is valid, the old one is not
    const again = await listAccounts(psuId, "new");
    const done = await completeScaJourney(app, scaHrefOf(again.json()), { customerNumber: CUSTOMERS.ingrid, resources: "keep" });
    expect(done.query["tpp-session-id"]).toBe("new");
    expect((await listAccounts(psuId, "new")).statusCode).toBe(200);
    const old = await listAccounts(psuId, "old");
    expect(old.statusCode).toBe(401);
    expect(codeOf(old.json())).toBe("SCA_INVALID");
    expect(scaHrefOf(old.json())).toMatch(/\/sca\//);
  });

  it("after the sandbox clock moved back, the SCA completed last counts, not the one dated later", async () => {
    const start = app.bank.clock.now();
    await app.bank.clock.advance(HOUR);
    const { psuId } = await giveConsent(app, tpp, { tppSessionId: "back", customerNumber: CUSTOMERS.ingrid });
    await app.bank.clock.set(start, { frozen: true });
    // The earlier SCA is dated an hour ahead: still, the new SCA under the same TPP-Session-ID replaces it.
    await giveConsent(app, tpp, { tppSessionId: "back", customerNumber: CUSTOMERS.ingrid });
    expect((await listAccounts(psuId, "back")).statusCode).toBe(200);
    await app.bank.clock.set(new Date(start.getTime() + HOUR), { frozen: true });
  });

  it("deselecting an account on the consent screen revokes it; the TPP is not told, it just no longer sees it", async () => {
    const main = ids.account(CUSTOMERS.amalie, 1);
    const second = ids.account(CUSTOMERS.amalie, 2);
    const first = await giveConsent(app, tpp, {
      tppSessionId: "revoke-1",
      customerNumber: CUSTOMERS.amalie,
      context: "CORPORATE",
      resources: "all",
    });
    const corporate = { "PSU-Corporate-ID": first.psuCorporateId };
    const listed = accountsResponseSchema.parse(
      (await tpp.get("/v1/accounts", scaHeaders("revoke-1", { "PSU-ID": first.psuId, ...corporate }))).json(),
    );
    expect(listed.accounts.map((a) => a.resourceId)).toEqual([main, second]);

    const started = await tpp.post("/v1/consents", {}, scaHeaders("revoke-2", { "PSU-ID": first.psuId, ...corporate }));
    let page = await openScaLink(app, scaRedirectResponseSchema.parse(started.json())._links.scaRedirect.href);
    page = await submitScaPage(app, page, { action: "login", nationalIdentityNumber: CUSTOMERS.amalie });
    expect(consentChoices(page)).toEqual([
      { value: `account:${main}`, checked: true },
      { value: `account:${second}`, checked: true },
    ]);
    const done = await submitScaPage(app, page, { action: "confirm", resource: [`account:${second}`] });
    expect(done.kind).toBe("redirect");

    const after = accountsResponseSchema.parse(
      (await tpp.get("/v1/accounts", scaHeaders("revoke-2", { "PSU-ID": first.psuId, ...corporate }))).json(),
    );
    expect(after.accounts.map((a) => a.resourceId)).toEqual([second]);
    const balances = await tpp.get(`/v1/accounts/${main}/balances`, presentHeaders(first.psuId, "revoke-2", corporate));
    expect(balances.statusCode).toBe(404);
    expect(codeOf(balances.json())).toBe("RESOURCE_UNKNOWN");
  });

  describe("without the PSU present (no PSU-IP-Address)", () => {
    let per: string;
    const main = ids.account(CUSTOMERS.per, 1);
    const savings = ids.account(CUSTOMERS.per, 2);
    const absent = () => ({ "PSU-ID": per });

    beforeAll(async () => {
      per = (await giveConsent(app, tpp, { tppSessionId: "per", customerNumber: CUSTOMERS.per, resources: "all" })).psuId;
      // The PSU has gone: the session hour is over.
      await app.bank.clock.advance(2 * HOUR);
    });

    it("reads balances 4 times per account in 24 hours; the fifth is 429 ACCESS_EXCEEDED; transactions and other accounts count apart", async () => {
      for (let call = 1; call <= 4; call++)
        expect((await tpp.get(`/v1/accounts/${main}/balances`, absent())).statusCode, `call ${call}`).toBe(200);
      const fifth = await tpp.get(`/v1/accounts/${main}/balances`, absent());
      expect(fifth.statusCode).toBe(429);
      expect(errorResponseSchema.parse(fifth.json()).tppMessages[0]).toMatchObject({ code: "ACCESS_EXCEEDED" });
      expect((await tpp.get(`/v1/accounts/${savings}/balances`, absent())).statusCode).toBe(200);
      expect((await tpp.get(`/v1/accounts/${main}/transactions?bookingStatus=booked`, absent())).statusCode).toBe(200);
    });

    it("rejected requests are not counted", async () => {
      // 1 transactions call was used above; bad queries and refused history do not count.
      expect((await tpp.get(`/v1/accounts/${main}/transactions`, absent())).statusCode).toBe(400);
      expect((await tpp.get(`/v1/accounts/${main}/transactions?bookingStatus=booked&limit=0`, absent())).statusCode).toBe(400);
      expect((await tpp.get(`/v1/accounts/${main}/transactions?bookingStatus=booked&dateFrom=2025-01-01`, absent())).statusCode).toBe(401);
      for (let call = 2; call <= 4; call++) {
        expect((await tpp.get(`/v1/accounts/${main}/transactions?bookingStatus=booked`, absent())).statusCode, `call ${call}`).toBe(200);
      }
      expect((await tpp.get(`/v1/accounts/${main}/transactions?bookingStatus=booked`, absent())).statusCode).toBe(429);
    });

    it("calls with the PSU present in a valid session are not counted; after 24 hours the limit is free again", async () => {
      const session = await giveConsent(app, tpp, { tppSessionId: "per-present", customerNumber: CUSTOMERS.per, resources: "keep" });
      expect((await tpp.get(`/v1/accounts/${main}/balances`, presentHeaders(session.psuId, "per-present"))).statusCode).toBe(200);
      expect((await tpp.get(`/v1/accounts/${main}/balances`, absent())).statusCode).toBe(429);
      await app.bank.clock.advance(DAY);
      expect((await tpp.get(`/v1/accounts/${main}/balances`, absent())).statusCode).toBe(200);
    });

    it("transactions older than 90 days need the PSU present with an SCA within the hour (401 CONSENT_INVALID naming dateFrom)", async () => {
      const today = app.bank.clock.today();
      const ninetyDaysAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 90 * DAY).toISOString().slice(0, 10);
      const ninetyOneDaysAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 91 * DAY).toISOString().slice(0, 10);
      expect(
        (await tpp.get(`/v1/accounts/${savings}/transactions?bookingStatus=booked&dateFrom=${ninetyDaysAgo}`, absent())).statusCode,
      ).toBe(200);
      const old = await tpp.get(`/v1/accounts/${savings}/transactions?bookingStatus=booked&dateFrom=${ninetyOneDaysAgo}`, absent());
      expect(old.statusCode).toBe(401);
      expect(errorResponseSchema.parse(old.json()).tppMessages[0]).toMatchObject({ code: "CONSENT_INVALID", path: "dateFrom" });

      const present = await giveConsent(app, tpp, { tppSessionId: "per-history", customerNumber: CUSTOMERS.per, resources: "keep" });
      const withPsu = await tpp.get(
        `/v1/accounts/${savings}/transactions?bookingStatus=booked&dateFrom=2025-01-01`,
        presentHeaders(present.psuId, "per-history"),
      );
      expect(withPsu.statusCode).toBe(200);
      await app.bank.clock.advance(HOUR + MINUTE);
      const expired = await tpp.get(
        `/v1/accounts/${savings}/transactions?bookingStatus=booked&dateFrom=2025-01-01`,
        presentHeaders(present.psuId, "per-history"),
      );
      expect(expired.statusCode).toBe(401);
      expect(codeOf(expired.json())).toBe("SCA_EXPIRED");
    });

    it("reads are allowed while the last SCA is less than 180 days old, then 401 SCA_EXPIRED", async () => {
      const card = ids.cardAccount(CUSTOMERS.per);
      const renewed = await giveConsent(app, tpp, { tppSessionId: "per-renewal", customerNumber: CUSTOMERS.per, resources: "keep" });
      await app.bank.clock.advance(179 * DAY);
      expect((await tpp.get(`/v1/card-accounts/${card}/balances`, { "PSU-ID": renewed.psuId })).statusCode).toBe(200);
      await app.bank.clock.advance(DAY);
      const stale = await tpp.get(`/v1/card-accounts/${card}/balances`, { "PSU-ID": renewed.psuId });
      expect(stale.statusCode).toBe(401);
      expect(errorResponseSchema.parse(stale.json()).tppMessages[0]).toMatchObject({ code: "SCA_EXPIRED" });
      expect(errorResponseSchema.parse(stale.json()).tppMessages[0]?.text).toContain("180 days");
    });
  });
});
