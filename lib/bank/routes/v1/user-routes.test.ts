import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agreementsResponseSchema, errorResponseSchema, scaRedirectResponseSchema, userResponseSchema } from "../../../psd2/schemas";
import { createTppsRepository } from "../../repositories/tpps-repository";
import { CUSTOMERS, giveConsent, scaHeaders } from "../../testing/ais-scenarios";
import { buildTestBank } from "../../testing/build-test-bank";
import { issueTestTpp } from "../../testing/issue-test-tpp";
import { completeScaJourney, openScaLink, submitScaPage } from "../../testing/sca-page-driver";
import { createSignedTestClient, type SignedTestClient } from "../../testing/signed-test-client";
import { testDatabaseKinds } from "../../testing/test-database";

// docs/interface/endpoints.md#success-statuses (/v1/users, /v1/user, /v1/agreements, TPP dialogue API), docs/interface/sca-and-consent.md#sca-sessions-consent-and-context, docs/interface/certificates.md#certificates-and-tpp-registration.
describe.each(testDatabaseKinds())("users, agreements and the TPP dialogue API on %s", (kind) => {
  let app: FastifyInstance;
  let tpp: SignedTestClient;

  beforeAll(async () => {
    app = await buildTestBank(kind);
    tpp = createSignedTestClient(app);
  }, 120_000);
  afterAll(() => app.close());

  const messageOf = (body: unknown) => errorResponseSchema.parse(body).tppMessages[0];

  async function identify(tppSessionId: string, customerNumber: string, context?: "PRIVATE" | "CORPORATE") {
    const response = await tpp.get("/v1/users", scaHeaders(tppSessionId));
    expect(response.statusCode).toBe(200);
    const href = scaRedirectResponseSchema.parse(response.json())._links.scaRedirect.href;
    return completeScaJourney(app, href, { customerNumber, ...(context ? { context } : {}) });
  }

  it("GET /v1/users answers 200 with only an scaRedirect; its journey has no consent screen", async () => {
    const response = await tpp.get("/v1/users", scaHeaders("users-1"));
    const body = scaRedirectResponseSchema.parse(response.json());
    expect(Object.keys(body)).toEqual(["_links"]);
    let page = await openScaLink(app, body._links.scaRedirect.href);
    expect(page.kind === "page" && page.html).toContain("wants to confirm who you are");
    page = await submitScaPage(app, page, { action: "login", nationalIdentityNumber: CUSTOMERS.per });
    expect(page.kind).toBe("redirect");
    expect(page.kind === "redirect" && page.query).toMatchObject({ "tpp-session-id": "users-1", context: "PRIVATE" });
  });

  it("GET /v1/user tells psuId, context and customerName for a valid PSU-ID and session", async () => {
    const done = await identify("user-1", CUSTOMERS.per);
    const psuId = done.query["psu-id"] ?? "";
    const response = await tpp.get("/v1/user", scaHeaders("user-1", { "PSU-ID": psuId }));
    expect(response.statusCode).toBe(200);
    expect(userResponseSchema.parse(response.json())).toEqual({ psuId, context: "PRIVATE", customerName: "Per Olav Johansen" });
    expect(Object.keys(response.json())).toEqual(["psuId", "context", "customerName"]);
  });

  it("GET /v1/user without PSU-ID, or under another TPP-Session-ID, is 401 with scaRedirect", async () => {
    const done = await identify("user-2", CUSTOMERS.per);
    for (const headers of [scaHeaders("user-2"), scaHeaders("user-other", { "PSU-ID": done.query["psu-id"] })]) {
      const response = await tpp.get("/v1/user", headers);
      expect(response.statusCode).toBe(401);
      const body = errorResponseSchema.parse(response.json());
      expect(body.tppMessages[0]?.code).toBe("SCA_NOT_FOUND");
      expect(body._links?.scaRedirect?.href).toContain("/sca/");
    }
  });

  it("identification of a corporate customer gives the CORPORATE context and psu-corporate-id", async () => {
    const done = await identify("user-3", CUSTOMERS.sindre, "CORPORATE");
    expect(done.query).toMatchObject({ context: "CORPORATE", "psu-corporate-id": expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const user = await tpp.get("/v1/user", scaHeaders("user-3", { "PSU-ID": done.query["psu-id"] }));
    expect(userResponseSchema.parse(user.json())).toMatchObject({ context: "CORPORATE", customerName: "Sindre Lie" });
  });

  it("GET /v1/agreements lists the PSU's agreements; each id is the psu-corporate-id, which starts a consent without agreement choice", async () => {
    const done = await identify("agreements-1", CUSTOMERS.amalie, "PRIVATE");
    const psuId = done.query["psu-id"] ?? "";
    const response = await tpp.get("/v1/agreements", scaHeaders("agreements-1", { "PSU-ID": psuId }));
    expect(response.statusCode).toBe(200);
    const body = agreementsResponseSchema.parse(response.json());
    expect(body.agreements).toEqual([
      { id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: "Bergstrand Arkitekter AS", organisationNumber: "918765026" },
    ]);
    const again = agreementsResponseSchema.parse((await tpp.get("/v1/agreements", scaHeaders("agreements-1", { "PSU-ID": psuId }))).json());
    expect(again.agreements[0]?.id).toBe(body.agreements[0]?.id);

    const consent = await giveConsent(app, tpp, {
      tppSessionId: "agreements-2",
      customerNumber: CUSTOMERS.amalie,
      headers: { "PSU-ID": psuId, "PSU-Corporate-ID": body.agreements[0]?.id },
    });
    expect(consent).toMatchObject({ psuId, context: "CORPORATE", psuCorporateId: body.agreements[0]?.id });
  });

  it("GET /v1/agreements of a private customer is an empty list; without PSU-ID it is 400; without a session 401", async () => {
    const done = await identify("agreements-3", CUSTOMERS.per);
    const psuId = done.query["psu-id"] ?? "";
    expect((await tpp.get("/v1/agreements", scaHeaders("agreements-3", { "PSU-ID": psuId }))).json()).toEqual({ agreements: [] });
    const without = await tpp.get("/v1/agreements", scaHeaders("agreements-3"));
    expect(without.statusCode).toBe(400);
    expect(messageOf(without.json())).toMatchObject({ code: "HTTP_HEADER_REQUIRED", path: "PSU-ID" });
    const noSession = await tpp.get("/v1/agreements", scaHeaders("nope", { "PSU-ID": psuId }));
    expect(noSession.statusCode).toBe(401);
  });

  describe("TPP contact information", () => {
    const url = "/v1/tpps/PSDNO-FSA-123456/contact-information";

    it("GET before any PUT is 404 RESOURCE_UNKNOWN; PUT stores it; GET reads it", async () => {
      const fresh = issueTestTpp(app, { organizationIdentifier: "PSDNO-FSA-200001", organizationName: "Fresh TPP AS", roles: ["PSP_AI"] });
      const missing = await fresh.get("/v1/tpps/PSDNO-FSA-200001/contact-information");
      expect(missing.statusCode).toBe(404);
      expect(messageOf(missing.json())?.code).toBe("RESOURCE_UNKNOWN");
      const put = await tpp.put(url, { email: "psd2-ops@example-tpp.no" });
      expect(put.statusCode).toBe(200);
      expect(put.json()).toEqual({ email: "psd2-ops@example-tpp.no" });
      expect((await tpp.get(url)).json()).toEqual({ email: "psd2-ops@example-tpp.no" });
      const changed = await tpp.put(url, { email: "noc@example-tpp.no" });
      expect(changed.json()).toEqual({ email: "noc@example-tpp.no" });
    });

    it.each([
      [{ email: "not an address" }, "email"],
      [{ email: 42 }, "email"],
      [{}, "email"],
      [{ email: "a@b.no", phone: "123" }, "phone"],
      [{ email: `${"o".repeat(64)}@${"d".repeat(63)}.${"e".repeat(63)}.${"x".repeat(59)}.no` }, "email"],
    ])("PUT %j is 400 FORMAT_ERROR naming %s, and changes nothing", async (body, path) => {
      const before = (await tpp.get(url)).json();
      const response = await tpp.put(url, body);
      expect(response.statusCode).toBe(400);
      expect(messageOf(response.json())).toMatchObject({ code: "FORMAT_ERROR", path });
      expect((await tpp.get(url)).json()).toEqual(before);
    });

    it("PUT without a body, or with XML, is refused", async () => {
      const empty = await tpp.request({ method: "PUT", url });
      expect(empty.statusCode).toBe(400);
      const xml = await tpp.request({ method: "PUT", url, body: "<email>a@b.no</email>", headers: { "Content-Type": "application/xml" } });
      expect(xml.statusCode).toBe(415);
    });

    it("a rejected request registers nothing; the first stored thing registers the TPP from its certificate", async () => {
      const tpps = createTppsRepository(app.bank.db);
      const newcomer = issueTestTpp(app, {
        organizationIdentifier: "PSDNO-FSA-300003",
        organizationName: "Newcomer AS",
        roles: ["PSP_AI"],
      });
      expect((await newcomer.post("/v1/consents", {}, scaHeaders("x", { "TPP-Redirect-URI": "nope" }))).statusCode).toBe(400);
      expect((await newcomer.put("/v1/tpps/PSDNO-FSA-300003/contact-information", { email: "bad" })).statusCode).toBe(400);
      expect(await tpps.findById("PSDNO-FSA-300003")).toBeUndefined();
      expect((await newcomer.post("/v1/consents", {}, scaHeaders("x"))).statusCode).toBe(201);
      expect(await tpps.findById("PSDNO-FSA-300003")).toMatchObject({
        name: "Newcomer AS",
        roles: ["PSP_AI"],
        registeredThrough: "certificate",
        contactEmail: null,
      });
    });
  });
});
