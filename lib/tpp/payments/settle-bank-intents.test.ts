/**
 * Durable intents (issue 22, point 1) against a real sandbox bank: the app's process dying after
 * a payment's request left is played by doing what the app does up to that point and no more
 * (the intent written, the request sent, the bank's answer recorded by the request inspector, the
 * completion never run). Settlement then completes it exactly once, or shows it as sent, answer
 * not received, and an identical payment is held back until the PSU confirms.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRequestId } from "../../psd2/signing";
import { createSigningBasket } from "../pis/create-signing-basket";
import { getPaymentStatus } from "../pis/get-payment-status";
import { initiatePayment } from "../pis/initiate-payment";
import { CUSTOMERS, successOf } from "../pis/pis.test-support";
import { identifyPsu } from "../psu/identify-psu";
import { createBankBrowser } from "../testing/bank-sca-driver";
import { tppTestDatabaseKinds } from "../testing/test-database";
import type { BankIntent, PaymentKeep } from "./bank-intents";
import { createBasketsRepository } from "./baskets-repository";
import { initiateWithIntent } from "./initiate-with-intent";
import { startIntentSettler } from "./intent-settler";
import { type IntentWorld, startIntentWorld } from "./intents.test-support";
import { settleBankIntents } from "./settle-bank-intents";
import { summarisePayment } from "./summarise-payment";

describe.each(tppTestDatabaseKinds())("durable payment intents on %s", (kind) => {
  let world: IntentWorld;

  beforeAll(async () => {
    world = await startIntentWorld(kind);
  });
  afterAll(() => world?.close());

  const settleAll = () => settleBankIntents({ db: world.database.db, before: new Date(Date.now() + 1_000) });

  /** What initiateWithIntent writes down before the request leaves. */
  async function openIntentFor(draft: ReturnType<IntentWorld["draft"]>): Promise<BankIntent> {
    const keep: PaymentKeep = {
      service: draft.service,
      product: draft.product,
      psuContext: "PRIVATE",
      psuCorporateId: null,
      payerKind: draft.payer.kind,
      ...summarisePayment(draft.service, draft.body),
      debtorName: draft.debtor.label,
    };
    return world.intents.open({
      kind: "payment",
      userId: world.userId,
      requestId: createRequestId(),
      method: "POST",
      path: `/v1/${draft.service}/${draft.product}`,
      requestBody: JSON.stringify(draft.body),
      keep,
      sentAt: new Date(),
    });
  }

  /** The app up to the bank's answer, recorded; then the process "dies": nothing completes the intent. */
  async function sendAndDie(): Promise<{ intent: BankIntent; paymentId: string }> {
    const draft = world.draft();
    const intent = await openIntentFor(draft);
    const initiated = await initiatePayment(world.ctx(), { ...draft, requestId: intent.requestId });
    return { intent, paymentId: initiated.ref.paymentId };
  }

  async function keptWithBankId(paymentId: string) {
    const page = await world.payments.list(world.userId, { limit: 200 });
    return page.items.filter((record) => record.paymentId === paymentId);
  }

  it("the bank answered 201 and the completion never ran: settlement keeps the payment, exactly once", async () => {
    const { intent, paymentId } = await sendAndDie();
    // The bank holds it; the app's list does not yet, but shows it as awaiting its answer.
    expect(
      (
        await getPaymentStatus(
          { ...world.ctx(), client: world.direct },
          { service: "payments", product: "norwegian-domestic-credit-transfers", paymentId },
        )
      ).status,
    ).toBe("RCVD");
    expect(await keptWithBankId(paymentId)).toEqual([]);
    expect((await world.intents.listAwaiting(world.userId)).map((awaiting) => awaiting.id)).toContain(intent.id);

    const first = await settleAll();
    expect(first.completed).toBe(1);
    const kept = await keptWithBankId(paymentId);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ id: intent.id, status: "RCVD", requestBody: intent.requestBody, creditorName: "Kari Nordmann" });
    expect((await world.intents.listAwaiting(world.userId)).map((awaiting) => awaiting.id)).not.toContain(intent.id);

    // Settling again, or the request's own completion arriving late, keeps no second one.
    expect(await settleAll()).toEqual({ completed: 0, refused: 0, unanswered: 0 });
    const late = await world.intents.complete(intent.id, {
      kind: "payment",
      paymentId,
      status: "RCVD",
      fees: null,
      feeIndicator: null,
      at: new Date(),
    });
    expect(late.completedNow).toBe(false);
    expect(await keptWithBankId(paymentId)).toHaveLength(1);
  });

  it("two settlements racing over the same orphans keep each payment once", async () => {
    const orphans = await Promise.all([sendAndDie(), sendAndDie(), sendAndDie()]);
    const rounds = await Promise.all([settleAll(), settleAll()]);
    expect(rounds.reduce((sum, round) => sum + round.completed, 0)).toBe(3);
    for (const orphan of orphans) expect(await keptWithBankId(orphan.paymentId)).toHaveLength(1);
  });

  it("the app's settler: at its start it settles what was sent before it; later rounds leave requests still within ASPSP_TIMEOUT_MS alone", async () => {
    const orphan = await sendAndDie();
    const lines: string[] = [];
    const settler = startIntentSettler({
      db: world.database.db,
      aspspTimeoutMs: 10_000,
      intervalMs: 3_600_000,
      log: (line) => lines.push(line),
    });
    try {
      // The round of its start (started by startIntentSettler itself): runNow waits for it.
      await settler.runNow();
      expect(await keptWithBankId(orphan.paymentId)).toHaveLength(1);
      expect(lines).toEqual([
        expect.stringMatching(/^tpp: settled requests left open \(sent before .*\): 1 completed from the bank's recorded answer/),
      ]);
      // Sent after the start and younger than ASPSP_TIMEOUT_MS plus the margin: it may still be waiting for its answer.
      const young = await sendAndDie();
      expect(await settler.runNow()).toEqual({ completed: 0, refused: 0, unanswered: 0 });
      expect(await keptWithBankId(young.paymentId)).toEqual([]);
      await settleAll();
      expect(await keptWithBankId(young.paymentId)).toHaveLength(1);
    } finally {
      await settler.stop();
    }
  });

  it("nothing came back: shown as sent, answer not received; an identical payment is held back until the PSU confirms", async () => {
    const draft = world.draft();
    // The process died after writing the intent: whether the request left is unknown.
    const intent = await openIntentFor(draft);
    expect(await settleAll()).toMatchObject({ unanswered: 1 });
    const awaiting = await world.intents.listAwaiting(world.userId);
    expect(awaiting.find((item) => item.id === intent.id)).toMatchObject({ state: "unanswered", sentAt: intent.sentAt });
    expect(await world.payments.findById(world.userId, intent.id)).toBeUndefined();

    const held = await initiateWithIntent(world, world.ctx(), draft, { allowLogicalDuplicate: false });
    expect(held).toEqual({
      refused: {
        kind: "duplicate",
        message: expect.stringContaining("its answer was not received") as unknown as string,
        requestId: intent.requestId,
        unansweredSince: intent.sentAt.toISOString(),
      },
    });
    // A different payment is not held back.
    const other = await initiateWithIntent(world, world.ctx(), world.draft(), { allowLogicalDuplicate: false });
    expect(other).toHaveProperty("kept");

    const confirmed = await initiateWithIntent(world, world.ctx(), draft, { allowLogicalDuplicate: true });
    if (!("kept" in confirmed)) throw new Error(`the confirmed payment was not kept: ${JSON.stringify(confirmed)}`);
    expect(world.proxy.forwarded.at(-1)?.path).toBe("/v1/payments/norwegian-domestic-credit-transfers?allowLogicalDuplicate=true");

    // Once checked, the PSU removes it from the list; the window then holds nothing back.
    expect(await world.intents.dismiss(world.userId, intent.id, new Date())).toBe(true);
    expect((await world.intents.listAwaiting(world.userId)).map((item) => item.id)).not.toContain(intent.id);
  });

  it("the bank's recorded 4xx: settled as refused, nothing listed", async () => {
    const draft = { ...world.draft(), payer: { kind: "national-id", nationalId: "01010100000" } as const };
    const intent = await openIntentFor(draft);
    await expect(initiatePayment(world.ctx(), { ...draft, requestId: intent.requestId })).rejects.toMatchObject({ status: 401 });
    expect(await settleAll()).toMatchObject({ refused: 1 });
    expect((await world.intents.listAwaiting(world.userId)).map((item) => item.id)).not.toContain(intent.id);
    expect(await world.payments.findById(world.userId, intent.id)).toBeUndefined();
  });

  it("a signing basket the bank made before the app died is kept with its payment", async () => {
    // A basket names the PSU by PSU-ID: identified once at the bank, as a PISP-only TPP does.
    const start = await identifyPsu(world.ctx(), { newPsu: true });
    const { redirect } = await createBankBrowser(world.bank.url).complete(start.scaRedirect, { nationalId: CUSTOMERS.ingrid });
    const psuId = successOf(redirect).psuId;
    const ctx = () => ({ ...world.ctx(), caller: { ...world.ctx().caller, psuId } });
    const made = await initiateWithIntent(world, ctx(), { ...world.draft(), payer: { kind: "psu-id" } }, { allowLogicalDuplicate: false });
    if (!("kept" in made)) throw new Error(`the payment was not kept: ${JSON.stringify(made)}`);
    const payment = made.kept.record;
    const basketIntent = await world.intents.open({
      kind: "basket",
      userId: world.userId,
      requestId: createRequestId(),
      method: "POST",
      path: "/v1/signing-baskets",
      requestBody: JSON.stringify({ paymentIds: [payment.paymentId] }),
      keep: { paymentRecordIds: [payment.id], psuContext: "PRIVATE", psuCorporateId: null },
      sentAt: new Date(),
    });
    const created = await createSigningBasket(ctx(), [payment.paymentId], { requestId: basketIntent.requestId });
    expect(await createBasketsRepository(world.database.db).findByBankId(world.userId, created.basketId)).toBeUndefined();

    expect(await settleAll()).toMatchObject({ completed: 1 });
    const basket = await createBasketsRepository(world.database.db).findById(world.userId, basketIntent.id);
    expect(basket).toMatchObject({ basketId: created.basketId, paymentRecordIds: [payment.id] });
    expect(await settleAll()).toEqual({ completed: 0, refused: 0, unanswered: 0 });
  });
});
