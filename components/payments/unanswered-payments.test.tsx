/**
 * A signing basket sent without a usable answer (issue 22: a basket's intent left open or
 * unanswered) is listed on /payments as a payment is: "Sent, answer not received", when it was
 * sent, its X-Request-ID, what to check, and "I checked: remove". Against a real sandbox bank,
 * the basket's reply cut off by the fault proxy.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UnansweredPayments, toUnansweredRow } from "./unanswered-payments";
import { formatDateTime } from "../format";
import { createSigningBasket } from "@/lib/tpp/pis/create-signing-basket";
import { CUSTOMERS, successOf } from "@/lib/tpp/pis/pis.test-support";
import { identifyPsu } from "@/lib/tpp/psu/identify-psu";
import { createBankBrowser } from "@/lib/tpp/testing/bank-sca-driver";
import { tppTestDatabaseKinds } from "@/lib/tpp/testing/test-database";
import { initiateWithIntent } from "@/lib/tpp/payments/initiate-with-intent";
import { type IntentWorld, startIntentWorld } from "@/lib/tpp/payments/intents.test-support";
import { listUnanswered } from "@/lib/tpp/payments/list-unanswered";
import { sendWithIntent } from "@/lib/tpp/payments/send-with-intent";
import { settleBankIntents } from "@/lib/tpp/payments/settle-bank-intents";

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&apos;/g, "'")
    .replace(/[\u00a0\u202f]/g, " ")
    .replace(/\s+/g, " ");

describe.each(tppTestDatabaseKinds())("an unanswered signing basket in the payment list, on %s", (kind) => {
  let world: IntentWorld;

  beforeAll(async () => {
    world = await startIntentWorld(kind);
  }, 180_000);
  afterAll(() => world?.close());

  it("is listed with its payments, when it was sent, its X-Request-ID and what to check, and can be removed", async () => {
    // A basket names the PSU by PSU-ID: identified once at the bank.
    const start = await identifyPsu(world.ctx(), { newPsu: true });
    const { redirect } = await createBankBrowser(world.bank.url).complete(start.scaRedirect, { nationalId: CUSTOMERS.ingrid });
    const psuId = successOf(redirect).psuId;
    const ctx = () => ({ ...world.ctx(), caller: { ...world.ctx().caller, psuId } });
    const kept = [];
    for (let index = 0; index < 2; index++) {
      const made = await initiateWithIntent(
        world,
        ctx(),
        { ...world.draft(), payer: { kind: "psu-id" } },
        { allowLogicalDuplicate: false },
      );
      if (!("kept" in made)) throw new Error(`the payment was not kept: ${JSON.stringify(made)}`);
      kept.push(made.kept.record);
    }

    // As submitBasket sends it: under an intent; the bank's reply is cut off.
    await world.proxy.setFault({ kind: "reset-mid-reply" }, (method, path) => method === "POST" && path.startsWith("/v1/signing-baskets"));
    const paymentIds = kept.map((record) => record.paymentId);
    const outcome = await sendWithIntent(
      world.intents,
      {
        kind: "basket",
        userId: world.userId,
        method: "POST",
        path: "/v1/signing-baskets",
        requestBody: JSON.stringify({ paymentIds }),
        keep: { paymentRecordIds: kept.map((record) => record.id), psuContext: "PRIVATE", psuCorporateId: null },
      },
      (requestId) => createSigningBasket(ctx(), paymentIds, { requestId }),
      (created, at) => ({ kind: "basket", basketId: created.basketId, status: created.status, at }),
    );
    await world.proxy.setFault({ kind: "none" });
    if (outcome.kind !== "unanswered") throw new Error(`the basket's answer came: ${outcome.kind}`);
    // Settlement finds no usable answer in the request inspector: it stays listed.
    await settleBankIntents({ db: world.database.db, before: new Date(Date.now() + 1_000) });

    const listed = await listUnanswered(world, world.userId);
    const basket = listed.find((item) => item.intent.id === outcome.intent.id);
    if (basket?.kind !== "basket") throw new Error(`the basket is not listed: ${JSON.stringify(listed)}`);
    expect(basket.intent.state).toBe("unanswered");
    expect(basket.payments.map((record) => record.id)).toEqual(kept.map((record) => record.id));

    const row = toUnansweredRow(basket);
    const page = text(renderToStaticMarkup(<UnansweredPayments rows={[row]} dismiss={async () => {}} />));
    expect(page).toContain("Sent, answer not received");
    expect(page).toContain("payments and signing baskets to the bank");
    expect(page).toContain("Signing basket of 2 payments");
    for (const record of kept) expect(page).toContain(record.creditorName);
    expect(page).toContain(`sent ${formatDateTime(basket.intent.sentAt).replace(/[\u00a0\u202f]/g, " ")}`);
    expect(page).toContain(`X-Request-ID ${outcome.intent.requestId}`);
    expect(page).toContain("Its payments stay in the list below. If the bank made the basket, they are signed through it");
    expect(page).toContain("I checked: remove");

    // Its payments stay in the list of kept payments, once each.
    const ids = (await world.payments.list(world.userId, { limit: 200 })).items.map((record) => record.id);
    for (const record of kept) expect(ids.filter((id) => id === record.id)).toHaveLength(1);

    // Once checked, the PSU removes it.
    expect(await world.intents.dismiss(world.userId, outcome.intent.id, new Date())).toBe(true);
    expect((await listUnanswered(world, world.userId)).map((item) => item.intent.id)).not.toContain(outcome.intent.id);
  }, 60_000);
});
