/**
 * The test harness itself against a real sandbox bank: the bank's process starts and stops, and
 * the SCA driver goes through the consent journey (login, context, accounts) as a browser would,
 * says where a journey stops, and keeps the bank's browser session.
 * @see docs/interface/sca-and-consent.md#sca-sessions-consent-and-context
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import type { AspspContext } from "../aspsp/aspsp-context";
import { startConsent } from "../psu/start-consent";
import { consentChoices, createBankBrowser } from "./bank-sca-driver";
import { createTestAspspClient, type TestAspspClient } from "./create-test-aspsp-client";
import { findSandboxCustomer, listSandboxCustomers } from "./sandbox-operations";
import { type SandboxBank, startSandboxBank } from "./start-sandbox-bank";

describe("the sandbox bank's process and the SCA driver", () => {
  let bank: SandboxBank;
  let tpp: TestAspspClient;

  beforeAll(async () => {
    bank = await startSandboxBank();
    tpp = await createTestAspspClient(bank.url);
  });
  afterAll(async () => {
    await tpp?.client.close();
    await bank?.close();
  });

  const ctx = (): AspspContext => ({
    client: tpp.client,
    tppId: "PSDNO-FSA-123456",
    caller: { tppSessionId: randomUUID(), flowId: randomUUID(), psu: { ipAddress: "192.0.2.10" } },
  });

  it("the bank has the sandbox's known customers", async () => {
    const customers = await listSandboxCustomers(tpp.client);
    expect(customers.map((customer) => [customer.customerNumber, customer.customerType])).toEqual(
      expect.arrayContaining([
        ["13039319955", "PRIVATE"],
        ["18129215603", "CORPORATE"],
      ]),
    );
    const sindre = await findSandboxCustomer(tpp.client, "18129215603");
    expect(sindre.agreements.map((agreement) => agreement.name)).toContain("Lie Snekkeri AS");
    await expect(findSandboxCustomer(tpp.client, "01010100000")).rejects.toThrow(
      "the sandbox bank has no customer with customerNumber 01010100000",
    );
  });

  it("a consent: login and the accounts ticked; a second consent shows them ticked and keeps them", async () => {
    const browser = createBankBrowser(bank.url);
    const start = await startConsent(ctx(), { newPsu: true });
    const first = await browser.complete(start.scaRedirect, { nationalId: "13039319955" });
    expect(first.steps).toEqual(["login", "consent"]);
    expect(first.redirect.searchParams.get("context")).toBe("PRIVATE");
    expect(first.redirect.searchParams.get("tpp-session-id")).toBe(start.tppSessionId);

    const again = await startConsent(ctx(), { newPsu: true });
    let page = await browser.open(again.scaRedirect);
    // A consent asks for the login again (only payment approvals reuse the bank's browser session).
    expect(page.kind === "page" && page.step).toBe("login");
    page = await browser.submit(page, { action: "login", nationalIdentityNumber: "13039319955" });
    const offered = consentChoices(page);
    expect(offered.length).toBeGreaterThanOrEqual(3);
    expect(offered.every((choice) => choice.checked)).toBe(true);
  });

  it("a corporate customer's context and agreement", async () => {
    const browser = createBankBrowser(bank.url);
    const start = await startConsent(ctx(), { newPsu: true });
    const { steps, redirect } = await browser.complete(start.scaRedirect, {
      nationalId: "18129215603",
      context: "CORPORATE",
      agreement: "Lie Snekkeri",
    });
    expect(steps).toEqual(["login", "context", "consent"]);
    expect(redirect.searchParams.get("context")).toBe("CORPORATE");
    expect(redirect.searchParams.get("psu-corporate-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("says where a journey stops: an unknown national identity number, a link used twice, an agreement not offered", async () => {
    const browser = createBankBrowser(bank.url);
    const start = await startConsent(ctx(), { newPsu: true });
    await expect(browser.complete(start.scaRedirect, { nationalId: "01010100000" })).rejects.toThrow(
      /the SCA journey stopped at the page .* \(400\) "Log in".*\[We found no customer with that national identity number/,
    );
    await expect(browser.complete(start.scaRedirect, { nationalId: "13039319955" })).rejects.toThrow(
      /\(410\) "This link has already been used"/,
    );

    const corporate = await startConsent(ctx(), { newPsu: true });
    await expect(
      browser.complete(corporate.scaRedirect, { nationalId: "18129215603", context: "CORPORATE", agreement: "Nordlys" }),
    ).rejects.toThrow("no agreement Nordlys on the context page; offered: Lie Snekkeri AS (org. no. 926 148 338)");
  });

  it("a failure redirect when the PSU cancels, with the TPP's flow kept", async () => {
    const browser = createBankBrowser(bank.url);
    const context = ctx();
    const start = await startConsent(context, { newPsu: true });
    const { redirect } = await browser.complete(start.scaRedirect, { nationalId: "13039319955", decision: "cancel" });
    expect(Object.fromEntries(redirect.searchParams)).toMatchObject({
      flow: context.caller.flowId,
      code: "SCA_INVALID",
      status: "401",
      system: "SCA",
    });
    expect(`${redirect.origin}${redirect.pathname}`).toBe("http://127.0.0.1:3999/callback");
  });

  it("close() ends the bank's process", async () => {
    const other = await startSandboxBank();
    expect((await fetch(`${other.url}/health`)).ok).toBe(true);
    await other.close();
    await expect(fetch(`${other.url}/health`)).rejects.toThrow();
  }, 90_000);
});
