import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountsResponseSchema, agreementsResponseSchema, errorResponseSchema } from "../../../psd2/schemas";
import { CUSTOMERS, type ConsentResult, giveConsent, ids, presentHeaders, scaHeaders } from "../../testing/ais-scenarios";
import { buildTestBank } from "../../testing/build-test-bank";
import { issueTestTpp } from "../../testing/issue-test-tpp";
import { completeScaJourney, consentChoices, openScaLink, submitScaPage } from "../../testing/sca-page-driver";
import { createSignedTestClient, type SignedTestClient } from "../../testing/signed-test-client";
import { testDatabaseKinds } from "../../testing/test-database";

// docs/interface/errors.md#statuses-by-code (403 FORBIDDEN, 404 RESOURCE_UNKNOWN), docs/interface/sca-and-consent.md#sca-sessions-consent-and-context; docs/interface/redirect-parameters.md#redirect-parameters-and-events (psu-id unique per TPP).
describe.each(testDatabaseKinds())("isolation between TPPs and between PSUs on %s", (kind) => {
  let app: FastifyInstance;
  let first: SignedTestClient;
  let second: SignedTestClient;
  let ingridAtFirst: ConsentResult;
  let sindreAtFirst: ConsentResult;
  const main = ids.account(CUSTOMERS.ingrid, 1);

  beforeAll(async () => {
    app = await buildTestBank(kind);
    first = createSignedTestClient(app);
    second = issueTestTpp(app, {
      organizationIdentifier: "PSDNO-FSA-654321",
      organizationName: "Other TPP AS",
      roles: ["PSP_AI", "PSP_PI"],
    });
    ingridAtFirst = await giveConsent(app, first, { tppSessionId: "first", customerNumber: CUSTOMERS.ingrid, resources: "all" });
    sindreAtFirst = await giveConsent(app, first, {
      tppSessionId: "first-corp",
      customerNumber: CUSTOMERS.sindre,
      context: "CORPORATE",
      resources: "all",
    });
  }, 120_000);
  afterAll(() => app.close());

  const messageOf = (body: unknown) => errorResponseSchema.parse(body).tppMessages[0];

  it("another TPP's psu-id is unknown: the same 401 PSU_CREDENTIALS_INVALID as a random UUID", async () => {
    const stolen = await second.get(`/v1/accounts/${main}/balances`, { "PSU-ID": ingridAtFirst.psuId });
    const random = await second.get(`/v1/accounts/${main}/balances`, { "PSU-ID": "0b7f3c1e-2a4d-4c8e-9f10-123456789abc" });
    expect(stolen.statusCode).toBe(401);
    expect(messageOf(stolen.json())).toMatchObject({ code: "PSU_CREDENTIALS_INVALID", path: "PSU-ID" });
    expect(messageOf(stolen.json())?.text).toBe(
      messageOf(random.json())?.text?.replace("0b7f3c1e-2a4d-4c8e-9f10-123456789abc", ingridAtFirst.psuId),
    );
    const listing = await second.get("/v1/accounts", scaHeaders("second", { "PSU-ID": ingridAtFirst.psuId }));
    expect(listing.statusCode).toBe(401);
    expect(messageOf(listing.json())?.code).toBe("PSU_CREDENTIALS_INVALID");
  });

  it("another TPP's psu-corporate-id is unknown too", async () => {
    const response = await second.post("/v1/consents", {}, scaHeaders("second", { "PSU-Corporate-ID": sindreAtFirst.psuCorporateId }));
    expect(response.statusCode).toBe(401);
    expect(messageOf(response.json())).toMatchObject({ code: "PSU_CREDENTIALS_INVALID", path: "PSU-Corporate-ID" });
  });

  it("the same customer gets another psu-id at another TPP, and the other TPP's consents are not shown or used", async () => {
    const started = await second.post("/v1/consents", {}, scaHeaders("second-1"));
    const href = started.json<{ _links: { scaRedirect: { href: string } } }>()._links.scaRedirect.href;
    let page = await openScaLink(app, href);
    expect(page.kind === "page" && page.html).toContain("Other TPP AS");
    page = await submitScaPage(app, page, { action: "login", nationalIdentityNumber: CUSTOMERS.ingrid });
    // nothing is pre-selected: the consents are the first TPP's
    expect(consentChoices(page).every((choice) => !choice.checked)).toBe(true);
    const done = await submitScaPage(app, page, { action: "confirm", resource: [`account:${ids.account(CUSTOMERS.ingrid, 2)}`] });
    if (done.kind !== "redirect") throw new Error("expected the success redirect");
    const psuIdAtSecond = done.query["psu-id"] ?? "";
    expect(psuIdAtSecond).not.toBe(ingridAtFirst.psuId);

    const listed = accountsResponseSchema.parse(
      (await second.get("/v1/accounts", scaHeaders("second-1", { "PSU-ID": psuIdAtSecond }))).json(),
    );
    expect(listed.accounts.map((a) => a.resourceId)).toEqual([ids.account(CUSTOMERS.ingrid, 2)]);
    // the account the first TPP may read is 404 for the second
    for (const path of [
      `/v1/accounts/${main}`,
      `/v1/accounts/${main}/balances`,
      `/v1/accounts/${main}/transactions?bookingStatus=booked`,
    ]) {
      const response = await second.get(path, presentHeaders(psuIdAtSecond, "second-1"));
      expect(response.statusCode, path).toBe(404);
      expect(messageOf(response.json())?.code).toBe("RESOURCE_UNKNOWN");
    }
    const card = await second.get(
      `/v1/card-accounts/${ids.cardAccount(CUSTOMERS.ingrid)}/balances`,
      presentHeaders(psuIdAtSecond, "second-1"),
    );
    expect(card.statusCode).toBe(404);
    // and the first TPP still reads it
    expect((await first.get(`/v1/accounts/${main}/balances`, presentHeaders(ingridAtFirst.psuId, "first"))).statusCode).toBe(200);
  });

  it("the sessions of one TPP do not replace or serve another's", async () => {
    // the second TPP's SCA above did not end the first TPP's session
    expect((await first.get("/v1/accounts", scaHeaders("first", { "PSU-ID": ingridAtFirst.psuId }))).statusCode).toBe(200);
    expect((await second.get("/v1/user", scaHeaders("first", { "PSU-ID": ingridAtFirst.psuId }))).statusCode).toBe(401);
  });

  it("the PSU-absent counters are per TPP", async () => {
    const savings = ids.account(CUSTOMERS.ingrid, 2);
    const atSecond = await giveConsent(app, second, { tppSessionId: "second-2", customerNumber: CUSTOMERS.ingrid, resources: "keep" });
    for (let call = 0; call < 4; call++)
      expect((await first.get(`/v1/accounts/${savings}/balances`, { "PSU-ID": ingridAtFirst.psuId })).statusCode).toBe(200);
    expect((await first.get(`/v1/accounts/${savings}/balances`, { "PSU-ID": ingridAtFirst.psuId })).statusCode).toBe(429);
    expect((await second.get(`/v1/accounts/${savings}/balances`, { "PSU-ID": atSecond.psuId })).statusCode).toBe(200);
  });

  it("a PSU never reaches another PSU's accounts, even with consent of its own", async () => {
    const per = await giveConsent(app, first, { tppSessionId: "per", customerNumber: CUSTOMERS.per, resources: "all" });
    for (const path of [
      `/v1/accounts/${main}`,
      `/v1/accounts/${main}/balances`,
      `/v1/card-accounts/${ids.cardAccount(CUSTOMERS.ingrid)}`,
    ]) {
      const response = await first.get(path, presentHeaders(per.psuId, "per"));
      expect(response.statusCode, path).toBe(404);
      expect(messageOf(response.json())?.code).toBe("RESOURCE_UNKNOWN");
    }
    const listed = accountsResponseSchema.parse((await first.get("/v1/accounts", scaHeaders("per", { "PSU-ID": per.psuId }))).json());
    expect(listed.accounts.map((a) => a.resourceId)).toEqual([ids.account(CUSTOMERS.per, 1), ids.account(CUSTOMERS.per, 2)]);
  });

  it("a corporate account is not reached in the private context, nor through another agreement", async () => {
    const corporateAccount = ids.account(CUSTOMERS.sindre, 1);
    const missing = await first.get(`/v1/accounts/${corporateAccount}`, presentHeaders(sindreAtFirst.psuId, "first-corp"));
    expect(missing.statusCode).toBe(400);
    expect(messageOf(missing.json())).toMatchObject({ code: "FORMAT_ERROR", path: "PSU-Corporate-ID" });
    const amalie = await giveConsent(app, first, {
      tppSessionId: "amalie",
      customerNumber: CUSTOMERS.amalie,
      context: "CORPORATE",
      resources: "all",
    });
    const crossed = await first.get(
      `/v1/accounts/${corporateAccount}`,
      presentHeaders(amalie.psuId, "amalie", { "PSU-Corporate-ID": amalie.psuCorporateId }),
    );
    expect(crossed.statusCode).toBe(404);
    const mixed = await first.get(
      `/v1/accounts/${corporateAccount}`,
      presentHeaders(sindreAtFirst.psuId, "first-corp", { "PSU-Corporate-ID": amalie.psuCorporateId }),
    );
    expect(mixed.statusCode).toBe(401);
    expect(messageOf(mixed.json())).toMatchObject({ code: "PSU_CREDENTIALS_INVALID", path: "PSU-Corporate-ID" });
  });

  it("agreements list the psu-corporate-ids of this TPP only", async () => {
    const atSecond = await completeScaJourney(
      app,
      (await second.get("/v1/users", scaHeaders("second-corp"))).json<{ _links: { scaRedirect: { href: string } } }>()._links.scaRedirect
        .href,
      { customerNumber: CUSTOMERS.sindre, context: "PRIVATE" },
    );
    const psuId = atSecond.query["psu-id"] ?? "";
    const agreements = agreementsResponseSchema.parse(
      (await second.get("/v1/agreements", scaHeaders("second-corp", { "PSU-ID": psuId }))).json(),
    );
    expect(agreements.agreements).toHaveLength(1);
    expect(agreements.agreements[0]?.id).not.toBe(sindreAtFirst.psuCorporateId);
    expect(agreements.agreements[0]).toMatchObject({ name: "Lie Snekkeri AS", organisationNumber: "926148338" });
  });

  it("a TPP may not read or set another TPP's contact information: 403 FORBIDDEN", async () => {
    expect((await first.put("/v1/tpps/PSDNO-FSA-123456/contact-information", { email: "ops@example-tpp.no" })).statusCode).toBe(200);
    const read = await second.get("/v1/tpps/PSDNO-FSA-123456/contact-information");
    expect(read.statusCode).toBe(403);
    expect(messageOf(read.json())).toMatchObject({ code: "FORBIDDEN", path: "tppId" });
    const write = await second.put("/v1/tpps/PSDNO-FSA-123456/contact-information", { email: "evil@example.com" });
    expect(write.statusCode).toBe(403);
    expect((await first.get("/v1/tpps/PSDNO-FSA-123456/contact-information")).json()).toEqual({ email: "ops@example-tpp.no" });
  });

  it("a certificate without PSP_AI gets 403 FORBIDDEN on account information, but may use /v1/users", async () => {
    const pisp = issueTestTpp(app, { organizationIdentifier: "PSDNO-FSA-777777", organizationName: "Payments Only AS", roles: ["PSP_PI"] });
    const accounts = await pisp.get("/v1/accounts", scaHeaders("pisp"));
    expect(accounts.statusCode).toBe(403);
    expect(messageOf(accounts.json())?.code).toBe("FORBIDDEN");
    expect((await pisp.post("/v1/consents", {}, scaHeaders("pisp"))).statusCode).toBe(403);
    expect((await pisp.get("/v1/users", scaHeaders("pisp"))).statusCode).toBe(200);
  });
});
