import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorResponseSchema, scaRedirectResponseSchema, successRedirectParametersSchema } from "../../psd2/schemas";
import { CUSTOMERS, giveConsent, ids, REDIRECT_URI, scaHeaders } from "../testing/ais-scenarios";
import { buildTestBank, TEST_PUBLIC_URL } from "../testing/build-test-bank";
import { agreementChoices, completeScaJourney, consentChoices, openScaLink, type ScaPage, submitScaPage } from "../testing/sca-page-driver";
import { createSignedTestClient, type SignedTestClient } from "../testing/signed-test-client";
import { testDatabaseKinds } from "../testing/test-database";

// docs/interface/authentication.md#sca-by-redirect, docs/interface/authentication.md#consent, docs/interface/authentication.md#session-hour, docs/interface/authentication.md#contexts, docs/interface/authentication.md#biometric-flow, docs/interface/redirect-parameters.md#redirect-parameters-and-events; docs/interface/sca-and-consent.md#sca-sessions-consent-and-context.
describe.each(testDatabaseKinds())("SCA and consent pages on %s", (kind) => {
  let app: FastifyInstance;
  let tpp: SignedTestClient;
  let session = 0;
  const nextSession = () => `journey-${++session}`;

  beforeAll(async () => {
    app = await buildTestBank(kind);
    tpp = createSignedTestClient(app);
  }, 120_000);
  afterAll(() => app.close());

  async function startConsent(headers: Record<string, string | undefined> = {}, tppSessionId = nextSession()): Promise<string> {
    const response = await tpp.post("/v1/consents", { access: "ignored" }, scaHeaders(tppSessionId, headers));
    expect(response.statusCode, response.body).toBe(201);
    return scaRedirectResponseSchema.parse(response.json())._links.scaRedirect.href;
  }

  const asPage = (page: ScaPage) => {
    if (page.kind !== "page") throw new Error(`expected a page, got a redirect to ${page.location}`);
    return page;
  };
  const asRedirect = (page: ScaPage) => {
    if (page.kind !== "redirect") throw new Error(`expected a redirect, got page ${page.status}: ${page.html.slice(0, 300)}`);
    return page;
  };

  it("POST /v1/consents disregards the body and answers 201 with an absolute scaRedirect on the bank's origin", async () => {
    const response = await tpp.post("/v1/consents", { access: { allPsd2: "allAccounts" } }, scaHeaders(nextSession()));
    expect(response.statusCode).toBe(201);
    const body = scaRedirectResponseSchema.parse(response.json());
    expect(Object.keys(body)).toEqual(["_links"]);
    expect(body._links.scaRedirect.href).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/sca/[A-Za-z0-9_-]+\\?token=[A-Za-z0-9_-]{43}$`));
    expect(body._links.scaRedirect.verbs).toEqual(["GET"]);
    expect(response.headers.location).toBe(body._links.scaRedirect.href);
    expect(response.headers["aspsp-sca-approach"]).toBe("REDIRECT");
  });

  it.each([
    ["TPP-Session-ID", { "TPP-Redirect-URI": REDIRECT_URI }],
    ["TPP-Redirect-URI", { "TPP-Session-ID": "s" }],
  ])("POST /v1/consents without %s is 400 HTTP_HEADER_REQUIRED naming it", async (missing, headers) => {
    const response = await tpp.post("/v1/consents", {}, headers);
    expect(response.statusCode).toBe(400);
    const message = errorResponseSchema.parse(response.json()).tppMessages[0];
    expect(message).toMatchObject({ code: "HTTP_HEADER_REQUIRED", path: missing });
  });

  it.each([
    ["TPP-Redirect-URI", "ftp://tpp.example/cb"],
    ["TPP-Redirect-URI", "/relative/callback"],
    ["TPP-Redirect-Preferred", "maybe"],
    ["PSU-ID", "not-a-uuid"],
    ["PSU-Corporate-ID", "1234"],
    ["X-PSU-IDENTITY", "1303931995"],
  ])("POST /v1/consents with a malformed %s is 400 FORMAT_ERROR naming it", async (header, value) => {
    const response = await tpp.post("/v1/consents", {}, { ...scaHeaders(nextSession()), [header]: value });
    expect(response.statusCode).toBe(400);
    const message = errorResponseSchema.parse(response.json()).tppMessages[0];
    expect(message?.code).toBe("FORMAT_ERROR");
    expect(message?.path).toBe(header);
    expect(message?.text).toContain(header);
  });

  it("POST /v1/consents with a PSU-ID unknown to this TPP is 401 PSU_CREDENTIALS_INVALID with a fresh scaRedirect", async () => {
    const response = await tpp.post("/v1/consents", {}, scaHeaders(nextSession(), { "PSU-ID": "5f0c8a5e-3b1a-4f39-9a51-2f1d0c0b7a11" }));
    expect(response.statusCode).toBe(401);
    const body = errorResponseSchema.parse(response.json());
    expect(body.tppMessages[0]).toMatchObject({ code: "PSU_CREDENTIALS_INVALID", path: "PSU-ID" });
    expect(body._links?.scaRedirect?.href).toMatch(/^http:\/\/bank\.test\/sca\//);
  });

  it("the login page asks for the national identity number with a labelled field and a Log in button", async () => {
    const page = asPage(await openScaLink(app, await startConsent()));
    expect(page.status).toBe(200);
    expect(page.step).toBe("login");
    expect(page.html).toContain('<label for="national-identity-number">National identity number</label>');
    expect(page.html).toMatch(/<button type="submit" name="action" value="login" class="primary">Log in<\/button>/);
    expect(page.html).toContain("Example TPP AS");
  });

  it("completes a private consent: success redirect with exactly psu-id, tpp-session-id and context, keeping the TPP's own query", async () => {
    const tppSessionId = nextSession();
    const href = await startConsent({ "TPP-Redirect-URI": "https://tpp.example/cb?state=a%20b&x=1#frag" }, tppSessionId);
    const done = await completeScaJourney(app, href, { customerNumber: CUSTOMERS.ingrid });
    expect(done.status).toBe(303);
    const url = new URL(done.location);
    expect(`${url.origin}${url.pathname}`).toBe("https://tpp.example/cb");
    expect(url.search.startsWith("?state=a%20b&x=1&psu-id=")).toBe(true);
    expect(url.hash).toBe("#frag");
    const parameters = successRedirectParametersSchema.parse(done.query);
    expect(parameters).toEqual({ "psu-id": expect.any(String), "tpp-session-id": tppSessionId, context: "PRIVATE" });
    expect([...url.searchParams.keys()]).toEqual(["state", "x", "psu-id", "tpp-session-id", "context"]);
  });

  it("percent-encodes the tpp-session-id in the redirect", async () => {
    const tppSessionId = "a b&c=d/é".replace("é", "e");
    const href = await startConsent({}, tppSessionId);
    const done = await completeScaJourney(app, href, { customerNumber: CUSTOMERS.per });
    expect(done.location).toContain("tpp-session-id=a%20b%26c%3Dd%2Fe");
    expect(done.query["tpp-session-id"]).toBe(tppSessionId);
  });

  it("gives one stable psu-id per (TPP, customer)", async () => {
    const first = await giveConsent(app, tpp, { tppSessionId: nextSession(), customerNumber: CUSTOMERS.per });
    const second = await giveConsent(app, tpp, { tppSessionId: nextSession(), customerNumber: CUSTOMERS.per });
    const other = await giveConsent(app, tpp, { tppSessionId: nextSession(), customerNumber: CUSTOMERS.ingrid });
    expect(second.psuId).toBe(first.psuId);
    expect(other.psuId).not.toBe(first.psuId);
  });

  it("an unknown number shows an alert on the page; the third failure is the failure redirect PSU_CREDENTIALS_INVALID", async () => {
    let page = asPage(await openScaLink(app, await startConsent()));
    page = asPage(await submitScaPage(app, page, { action: "login", nationalIdentityNumber: "01010199999" }));
    expect(page.status).toBe(400);
    expect(page.html).toMatch(
      /<div class="alert error" role="alert" id="login-error">We found no customer with that national identity number\. Check the number and try again \(2 attempts left\)\.<\/div>/,
    );
    page = asPage(await submitScaPage(app, page, { action: "login", nationalIdentityNumber: "01010199998" }));
    expect(page.html).toContain("(1 attempt left)");
    const done = asRedirect(await submitScaPage(app, page, { action: "login", nationalIdentityNumber: "99999999999" }));
    expect(done.location.startsWith(`${REDIRECT_URI}&system=SCA&status=401&code=PSU_CREDENTIALS_INVALID&message=`)).toBe(true);
    expect(done.query).toMatchObject({
      system: "SCA",
      status: "401",
      code: "PSU_CREDENTIALS_INVALID",
      message: "The PSU entered an unknown national identity number 3 times",
    });
    expect(done.query["psu-id"]).toBeUndefined();
  });

  it("the login page names test customers and links to the developer portal's list of them", async () => {
    const page = asPage(await openScaLink(app, await startConsent()));
    expect(page.html).toContain("such as 13039319955 (private) or 18129215603 (corporate)");
    expect(page.html).toContain('<a href="/portal#customers-title" target="_blank" rel="noopener">the developer portal lists them all</a>');
    for (const number of [CUSTOMERS.ingrid, CUSTOMERS.sindre]) {
      expect((await app.inject({ method: "GET", url: "/portal" })).body).toContain(`<code>${number}</code>`);
    }
    expect((await app.inject({ method: "GET", url: "/portal" })).body).toContain('id="customers-title"');
  });

  it("a number that cannot be one says what is wrong, keeps what was typed, and does not count as a failure", async () => {
    let page = asPage(await openScaLink(app, await startConsent()));
    for (let i = 0; i < 3; i++) {
      page = asPage(await submitScaPage(app, page, { action: "login", nationalIdentityNumber: "1303 9319 95" }));
      expect(page.status).toBe(400);
      expect(page.html).toContain("A national identity number has 11 digits; this one has 10. Check the number and try again.");
      expect(page.html).toContain('value="1303 9319 95"');
      expect(page.html).toContain('aria-invalid="true"');
      expect(page.html).not.toContain("attempt");
    }
    page = asPage(await submitScaPage(app, page, { action: "login", nationalIdentityNumber: "1303931995x" }));
    expect(page.html).toContain("A national identity number has digits only: remove the other characters.");
    // None of them counted: a wrong number of the right form still has its three attempts.
    page = asPage(await submitScaPage(app, page, { action: "login", nationalIdentityNumber: "01010199999" }));
    expect(page.html).toContain("(2 attempts left)");
    expect(asPage(await submitScaPage(app, page, { action: "login", nationalIdentityNumber: CUSTOMERS.per })).step).toBe("purpose");
  });

  it("an empty number is asked again without counting as a failure", async () => {
    let page = asPage(await openScaLink(app, await startConsent()));
    for (let i = 0; i < 3; i++) page = asPage(await submitScaPage(app, page, { action: "login", nationalIdentityNumber: " " }));
    expect(page.html).toContain("Enter your national identity number (11 digits).");
    expect(asPage(await submitScaPage(app, page, { action: "login", nationalIdentityNumber: CUSTOMERS.per })).step).toBe("purpose");
  });

  it("Cancel is the failure redirect SCA_INVALID, at login and on the consent screen", async () => {
    const atLogin = asPage(await openScaLink(app, await startConsent()));
    const cancelled = asRedirect(await submitScaPage(app, atLogin, { action: "cancel" }));
    expect(cancelled.query).toMatchObject({
      system: "SCA",
      status: "401",
      code: "SCA_INVALID",
      message: "The PSU cancelled the authorisation at the bank",
    });
    expect(cancelled.location).toContain("message=The%20PSU%20cancelled%20the%20authorisation%20at%20the%20bank");

    let page = asPage(await openScaLink(app, await startConsent()));
    page = asPage(await submitScaPage(app, page, { action: "login", nationalIdentityNumber: CUSTOMERS.per }));
    expect(page.step).toBe("purpose");
    expect(asRedirect(await submitScaPage(app, page, { action: "cancel" })).query.code).toBe("SCA_INVALID");
  });

  it("an SCA link works once: a second visit is an error page that redirects nowhere", async () => {
    const href = await startConsent();
    expect(asPage(await openScaLink(app, href)).step).toBe("login");
    const again = asPage(await openScaLink(app, href));
    expect(again.status).toBe(410);
    expect(again.html).toContain("This link has already been used");
    expect(again.token).toBeUndefined();
    expect(again.html).not.toContain("tpp.example");
  });

  it("a link with a wrong token or unknown id is an error page", async () => {
    const href = await startConsent();
    const wrong = asPage(await openScaLink(app, href.replace(/token=.*/, "token=AAAA")));
    expect(wrong.status).toBe(404);
    expect(wrong.html).toContain("This link is not valid");
    expect(asPage(await openScaLink(app, `${TEST_PUBLIC_URL}/sca/unknownid?token=x`)).status).toBe(404);
    // the real link still works afterwards
    expect(asPage(await openScaLink(app, href)).step).toBe("login");
  });

  it("a link expires after 15 minutes of the sandbox clock", async () => {
    const href = await startConsent();
    await app.bank.clock.advance(15 * 60 * 1000 + 1000);
    const page = asPage(await openScaLink(app, href));
    expect(page.status).toBe(410);
    expect(page.html).toContain("This link has expired");
  });

  it("a page posted after the 15 minutes ends the journey with the failure redirect SCA_EXPIRED", async () => {
    const page = asPage(await openScaLink(app, await startConsent()));
    await app.bank.clock.advance(16 * 60 * 1000);
    expect(asRedirect(await submitScaPage(app, page, { action: "login", nationalIdentityNumber: CUSTOMERS.per })).query.code).toBe(
      "SCA_EXPIRED",
    );
  });

  it("a form without the page's secret is refused (no CSRF): the secret is in the form, its hash in the database", async () => {
    const page = asPage(await openScaLink(app, await startConsent()));
    const forged = asPage(
      await submitScaPage(app, { ...page, token: "forged-token" }, { action: "login", nationalIdentityNumber: CUSTOMERS.per }),
    );
    expect(forged.status).toBe(403);
    expect(forged.html).toContain("This page is no longer valid");
    const linkSecret = "not the page secret";
    expect(asPage(await submitScaPage(app, { ...page, token: linkSecret }, { action: "cancel" })).status).toBe(403);
    // the genuine form still works
    expect(asPage(await submitScaPage(app, page, { action: "login", nationalIdentityNumber: CUSTOMERS.per })).step).toBe("purpose");
  });

  it("a page sent twice shows the current step again; a finished journey shows a finished page", async () => {
    const loginPage = asPage(await openScaLink(app, await startConsent()));
    const consentPage = asPage(await submitScaPage(app, loginPage, { action: "login", nationalIdentityNumber: CUSTOMERS.per }));
    const again = asPage(await submitScaPage(app, loginPage, { action: "login", nationalIdentityNumber: CUSTOMERS.per }));
    expect(again.step).toBe("purpose");
    asRedirect(await submitScaPage(app, consentPage, { action: "confirm", resource: [] }));
    const late = asPage(await submitScaPage(app, consentPage, { action: "confirm", resource: [] }));
    expect(late.status).toBe(410);
    expect(late.html).toContain("This approval is finished");
  });

  it("the consent screen lists every account and card account with name and formatted number, pre-checking those consented", async () => {
    const tppSessionId = nextSession();
    let page = asPage(await openScaLink(app, await startConsent({}, tppSessionId)));
    page = asPage(await submitScaPage(app, page, { action: "login", nationalIdentityNumber: CUSTOMERS.ingrid }));
    expect(page.html).toContain("Choose accounts to share");
    expect(page.html).toMatch(/<span class="name">Brukskonto<\/span> <span class="number">3800 \d\d \d{5}<\/span>/);
    expect(page.html).toContain('<span class="name">Mastercard Gold</span> <span class="number">5522 11** **** 4821</span>');
    expect(page.html).toMatch(/<button type="submit" name="action" value="confirm" class="primary">Confirm<\/button>/);
    const choices = consentChoices(page);
    expect(choices.map((c) => c.value)).toEqual([
      `account:${ids.account(CUSTOMERS.ingrid, 1)}`,
      `account:${ids.account(CUSTOMERS.ingrid, 2)}`,
      `card-account:${ids.cardAccount(CUSTOMERS.ingrid)}`,
    ]);
    // Earlier tests consented to all three for this TPP.
    expect(choices.every((c) => c.checked)).toBe(true);
  });

  it("a customer with agreements chooses Private or Corporate and an Agreement; CORPORATE gives a stable psu-corporate-id", async () => {
    let page = asPage(await openScaLink(app, await startConsent()));
    page = asPage(await submitScaPage(app, page, { action: "login", nationalIdentityNumber: CUSTOMERS.sindre }));
    expect(page.step).toBe("context");
    expect(page.html).toContain('<label for="context-private" class="name">Private</label>');
    expect(page.html).toContain('<label for="context-corporate" class="name">Corporate</label>');
    expect(page.html).toContain('<label for="agreement">Agreement</label>');
    expect(page.html).toMatch(/value="continue" class="primary">Continue<\/button>/);
    const agreements = agreementChoices(page);
    expect(agreements).toEqual([{ value: ids.agreement(CUSTOMERS.sindre), label: "Lie Snekkeri AS (org. no. 926 148 338)" }]);
    const wrong = asPage(
      await submitScaPage(app, page, { action: "continue", context: "CORPORATE", agreement: ids.agreement(CUSTOMERS.amalie) }),
    );
    expect(wrong.html).toContain("Choose the agreement you act for.");
    page = asPage(await submitScaPage(app, wrong, { action: "continue", context: "CORPORATE", agreement: agreements[0]?.value ?? "" }));
    expect(consentChoices(page).map((c) => c.value)).toEqual([
      `account:${ids.account(CUSTOMERS.sindre, 1)}`,
      `account:${ids.account(CUSTOMERS.sindre, 2)}`,
    ]);
    const done = asRedirect(await submitScaPage(app, page, { action: "confirm", resource: consentChoices(page).map((c) => c.value) }));
    const parameters = successRedirectParametersSchema.parse(done.query);
    expect(parameters.context).toBe("CORPORATE");
    expect(parameters["psu-corporate-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect([...new URL(done.location).searchParams.keys()].slice(-4)).toEqual(["psu-id", "tpp-session-id", "context", "psu-corporate-id"]);

    const again = await giveConsent(app, tpp, { tppSessionId: nextSession(), customerNumber: CUSTOMERS.sindre, context: "CORPORATE" });
    expect(again.psuCorporateId).toBe(parameters["psu-corporate-id"]);
    expect(again.psuId).toBe(parameters["psu-id"]);
  });

  it("the Private context of a corporate customer has no psu-corporate-id", async () => {
    const result = await giveConsent(app, tpp, { tppSessionId: nextSession(), customerNumber: CUSTOMERS.amalie, context: "PRIVATE" });
    expect(result.context).toBe("PRIVATE");
    expect(result.psuCorporateId).toBeUndefined();
  });

  it("a request with PSU-Corporate-ID starts a consent flow without agreement selection", async () => {
    const corporate = await giveConsent(app, tpp, { tppSessionId: nextSession(), customerNumber: CUSTOMERS.amalie, context: "CORPORATE" });
    const href = await startConsent({ "PSU-ID": corporate.psuId, "PSU-Corporate-ID": corporate.psuCorporateId });
    let page = asPage(await openScaLink(app, href));
    page = asPage(await submitScaPage(app, page, { action: "login", nationalIdentityNumber: CUSTOMERS.amalie }));
    expect(page.step).toBe("purpose");
    const done = asRedirect(await submitScaPage(app, page, { action: "confirm", resource: consentChoices(page).map((c) => c.value) }));
    expect(done.query).toMatchObject({ context: "CORPORATE", "psu-corporate-id": corporate.psuCorporateId, "psu-id": corporate.psuId });
  });

  it("a PSU-ID or X-PSU-IDENTITY of another customer than the one logging in is refused with PSU_CREDENTIALS_INVALID", async () => {
    const per = await giveConsent(app, tpp, { tppSessionId: nextSession(), customerNumber: CUSTOMERS.per });
    for (const headers of [{ "PSU-ID": per.psuId }, { "X-PSU-IDENTITY": CUSTOMERS.per }]) {
      const page = asPage(await openScaLink(app, await startConsent(headers)));
      const done = asRedirect(await submitScaPage(app, page, { action: "login", nationalIdentityNumber: CUSTOMERS.ingrid }));
      expect(done.query).toMatchObject({ code: "PSU_CREDENTIALS_INVALID", status: "401" });
      expect(done.query["psu-id"]).toBeUndefined();
    }
  });

  it("X-PSU-IDENTITY that names nobody, or another PSU than PSU-ID, is 401 PSU_CREDENTIALS_INVALID", async () => {
    const unknown = await tpp.post("/v1/consents", {}, scaHeaders(nextSession(), { "X-PSU-IDENTITY": "01017012345" }));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ tppMessages: [{ code: "PSU_CREDENTIALS_INVALID", path: "X-PSU-IDENTITY" }] });
    const per = await giveConsent(app, tpp, { tppSessionId: nextSession(), customerNumber: CUSTOMERS.per });
    const mixed = await tpp.post(
      "/v1/consents",
      {},
      scaHeaders(nextSession(), { "PSU-ID": per.psuId, "X-PSU-IDENTITY": CUSTOMERS.ingrid }),
    );
    expect(mixed.statusCode).toBe(401);
    expect(mixed.json()).toMatchObject({
      tppMessages: [{ code: "PSU_CREDENTIALS_INVALID", path: "X-PSU-IDENTITY", text: "X-PSU-IDENTITY names another PSU than PSU-ID" }],
    });
  });

  it("TPP-Redirect-Preferred false with a known PSU shows Approve in app instead of the login form", async () => {
    const tppSessionId = nextSession();
    const href = await startConsent({ "TPP-Redirect-Preferred": "false", "X-PSU-IDENTITY": CUSTOMERS.per }, tppSessionId);
    let page = asPage(await openScaLink(app, href));
    expect(page.html).toContain("Approve in your mobile app");
    expect(page.html).toMatch(/value="approve-app" class="primary">Approve in app<\/button>/);
    expect(page.html).not.toContain("National identity number");
    page = asPage(await submitScaPage(app, page, { action: "approve-app" }));
    expect(page.step).toBe("purpose");
    const kept = consentChoices(page)
      .filter((c) => c.checked)
      .map((c) => c.value);
    const done = asRedirect(await submitScaPage(app, page, { action: "confirm", resource: kept }));
    expect(done.query).toMatchObject({ "tpp-session-id": tppSessionId, context: "PRIVATE" });
  });

  it("TPP-Redirect-Preferred false without a PSU still asks for the number, saying why", async () => {
    const page = asPage(await openScaLink(app, await startConsent({ "TPP-Redirect-Preferred": "false" })));
    expect(page.html).toContain("asked for approval in the app, but did not say who you are");
    expect(page.html).toContain("National identity number");
    // Approve in app is refused when nobody is named: the login step stays.
    expect(asPage(await submitScaPage(app, page, { action: "approve-app" })).html).toContain("Enter your national identity number");
  });

  it("the pages carry security headers and no script", async () => {
    const href = await startConsent();
    const response = await app.inject({ method: "GET", url: new URL(href).pathname + new URL(href).search });
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.headers["referrer-policy"]).toBe("no-referrer");
    expect(response.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(response.body).not.toContain("<script");
  });
});
