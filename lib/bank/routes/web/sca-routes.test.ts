import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scaRedirectResponseSchema } from "../../../psd2/schemas";
import { scaHeaders } from "../../testing/ais-scenarios";
import { buildTestBank } from "../../testing/build-test-bank";
import { createSignedTestClient, type SignedTestClient } from "../../testing/signed-test-client";
import { testDatabaseKinds } from "../../testing/test-database";
import { renderMessagePage } from "../../sca/pages/render-message-page";

// docs/interface/sca-and-consent.md#sca-sessions-consent-and-context: the SCA pages answer what they cannot read with a page, never JSON or a stack trace.
describe.each(testDatabaseKinds())("the SCA pages' bad requests on %s", (kind) => {
  let app: FastifyInstance;
  let tpp: SignedTestClient;
  let session = 0;

  beforeAll(async () => {
    app = await buildTestBank(kind);
    tpp = createSignedTestClient(app);
  }, 120_000);
  afterAll(() => app.close());

  /** The path and query of a new consent's scaRedirect link. */
  async function startConsent(): Promise<{ path: string; token: string }> {
    const response = await tpp.post("/v1/consents", { access: "ignored" }, scaHeaders(`web-sca-${++session}`));
    expect(response.statusCode, response.body).toBe(201);
    const link = new URL(scaRedirectResponseSchema.parse(response.json())._links.scaRedirect.href);
    return { path: link.pathname, token: link.searchParams.get("token") ?? "" };
  }

  /** The reply is exactly the message page with this status and wording, with the SCA pages' headers. */
  function expectMessagePage(response: LightMyRequestResponse, status: number, title: string, text: string, hint?: string) {
    expect(response.statusCode, response.body.slice(0, 300)).toBe(status);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.headers["referrer-policy"]).toBe("no-referrer");
    expect(response.headers["set-cookie"]).toBeUndefined();
    expect(response.body).toBe(renderMessagePage({ bankName: app.bank.config.bankName, title, text, ...(hint ? { hint } : {}) }));
  }

  const notValid = (response: LightMyRequestResponse) =>
    expectMessagePage(response, 404, "This link is not valid", "The approval link is incomplete or unknown.");
  const unreadable = (response: LightMyRequestResponse, status: number) =>
    expectMessagePage(response, status, "The request could not be read", "The page sent something the bank could not read.");

  it("GET of a link whose id cannot be one the bank made is the invalid-link page (404)", async () => {
    const { token } = await startConsent();
    for (const id of ["bad!id", "a".repeat(65), "%E2%9C%93", "a.b"]) {
      notValid(await app.inject({ method: "GET", url: `/sca/${id}?token=${token}` }));
    }
  });

  it("HEAD of a link is 405 (Allow: GET, POST) and does not use the single-use link up: the GET after it opens the login", async () => {
    const { path, token } = await startConsent();
    const head = await app.inject({ method: "HEAD", url: `${path}?token=${token}` });
    expect(head.statusCode).toBe(405);
    expect(head.headers.allow).toBe("GET, POST");
    expect(head.headers["set-cookie"]).toBeUndefined();
    const opened = await app.inject({ method: "GET", url: `${path}?token=${token}` });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain('name="step" value="login"');
    // The link was used by that GET: a second one is refused, so the HEAD above really did not count.
    const again = await app.inject({ method: "GET", url: `${path}?token=${token}` });
    expect(again.statusCode).not.toBe(200);
  });

  it("GET of a link whose token is given twice or is too long is the invalid-link page (404), and the link still works", async () => {
    const { path, token } = await startConsent();
    notValid(await app.inject({ method: "GET", url: `${path}?token=${token}&token=${token}` }));
    notValid(await app.inject({ method: "GET", url: `${path}?token=${"A".repeat(201)}` }));
    const opened = await app.inject({ method: "GET", url: `${path}?token=${token}&utm_source=mail` });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain('name="step" value="login"');
  });

  it("GET of a link without a token, or with a wrong one, is the journey's invalid-link page (404)", async () => {
    const { path } = await startConsent();
    const hint = "Go back to the service you came from and start again there.";
    expectMessagePage(
      await app.inject({ method: "GET", url: path }),
      404,
      "This link is not valid",
      "The approval link is incomplete or unknown.",
      hint,
    );
    expectMessagePage(
      await app.inject({ method: "GET", url: `${path}?token=AAAA` }),
      404,
      "This link is not valid",
      "The approval link is incomplete or unknown.",
      hint,
    );
  });

  it("POST to an id that cannot be one the bank made is the invalid-link page (404), whatever the body", async () => {
    notValid(
      await app.inject({
        method: "POST",
        url: "/sca/bad!id",
        payload: "token=x&step=login",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
    );
    notValid(await app.inject({ method: "POST", url: `/sca/${"a".repeat(65)}`, payload: { token: 1 } }));
    notValid(await app.inject({ method: "POST", url: "/sca/bad!id" }));
  });

  it("POST of a body that is not a form reads as a form without fields: the page's secret is missing (403)", async () => {
    const { path, token } = await startConsent();
    const opened = await app.inject({ method: "GET", url: `${path}?token=${token}` });
    expect(opened.statusCode).toBe(200);
    const secret = /name="token" value="([^"]+)"/.exec(opened.body)?.[1] ?? "";
    const noLonger = (response: LightMyRequestResponse) =>
      expectMessagePage(
        response,
        403,
        "This page is no longer valid",
        "The page you sent does not belong to this approval.",
        "Go back to the service you came from and start again there.",
      );
    noLonger(await app.inject({ method: "POST", url: path, payload: { token: secret, step: "login", n: 1 } }));
    noLonger(await app.inject({ method: "POST", url: path, payload: [secret] }));
    noLonger(await app.inject({ method: "POST", url: path, payload: "null", headers: { "content-type": "application/json" } }));
    noLonger(await app.inject({ method: "POST", url: path, payload: `token=${secret}`, headers: { "content-type": "text/plain" } }));
    noLonger(await app.inject({ method: "POST", url: path }));
    // The journey is where it was: the form posted as a browser does goes on.
    const form = new URLSearchParams({ token: secret, step: "login", action: "cancel" });
    const cancelled = await app.inject({
      method: "POST",
      url: path,
      payload: form.toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toMatch(/code=SCA_INVALID/);
  });

  it("POST to an unknown id with a body that is not a form is the journey's invalid-link page (404)", async () => {
    expectMessagePage(
      await app.inject({ method: "POST", url: "/sca/unknownid", payload: { token: ["a", 1] } }),
      404,
      "This link is not valid",
      "The approval link is incomplete or unknown.",
      "Go back to the service you came from and start again there.",
    );
  });

  it("a body the bank cannot read is the could-not-read page: 400 for broken JSON, 415 for another content type", async () => {
    const { path } = await startConsent();
    unreadable(await app.inject({ method: "POST", url: path, payload: "{nope", headers: { "content-type": "application/json" } }), 400);
    unreadable(await app.inject({ method: "POST", url: path, payload: "<form/>", headers: { "content-type": "application/xml" } }), 415);
    // The body is read before the path is judged.
    unreadable(
      await app.inject({ method: "POST", url: "/sca/bad!id", payload: "<form/>", headers: { "content-type": "application/xml" } }),
      415,
    );
  });
});
