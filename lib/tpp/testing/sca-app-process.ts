/**
 * The app's side of a payment's SCA in a process of its own, for the test of the app killed during
 * an SCA (lib/tpp/flows/app-killed-during-sca.test.ts). Run under the react-server condition, as
 * Next runs lib/tpp:
 *
 *   tsx --conditions=react-server lib/tpp/testing/sca-app-process.ts
 *
 * with SCA_DATABASE (a postgres:// URL or a PGlite directory), SCA_BANK_URL, SCA_USER_ID,
 * SCA_BBAN (the debtor account), SCA_SECRET (the app's SESSION_SECRET) and SCA_STEP:
 *
 * - `start`: what the payment form's submission does up to the redirect to the bank (the payment
 *   sent under an intent and kept, its flow named, its approval started at the bank, the pending
 *   approval written into the PSU session cookie, the redirect kept as the flow's to-bank leg);
 *   prints `ready <JSON>` with the scaRedirect, the sealed cookie the browser would hold, and the
 *   ids; then waits, the database open, until it is killed.
 * - `callback`, with SCA_QUERY (the bank's redirect query) and SCA_COOKIE: what the callback route
 *   does with that return in a fresh process, from the cookie and the database alone (the return
 *   decided by handleScaCallback; on success the PSU-ID and SCA kept on the user, the payment's
 *   status read at the bank and kept from the callback, the return and the flow's end recorded);
 *   prints `done <outcome kind>` and exits.
 */
import { randomUUID } from "node:crypto";
import { sealData, unsealData } from "iron-session";
import { createRequestSigner } from "../../psd2/signing";
import { loadTrustAnchors } from "../../psd2/x509";
import type { AspspContext } from "../aspsp/aspsp-context";
import { createAspspClient } from "../aspsp/create-aspsp-client";
import { openTppDatabase } from "../db/open-tpp-database";
import { createFlowsRepository } from "../flow-diagrams/flows-repository";
import { recordFlowStart, recordRedirectToBank, recordScaReturn } from "../flow-diagrams/record-flow";
import { handleScaCallback } from "../flows/handle-sca-callback";
import { createBankCallsRepository } from "../inspector/bank-calls-repository";
import { createBankIntentsRepository } from "../payments/bank-intents";
import { initiateWithIntent } from "../payments/initiate-with-intent";
import { createPaymentsRepository } from "../payments/payments-repository";
import { readPaymentAtBank } from "../payments/read-payment-at-bank";
import { CUSTOMERS, domesticBody, PSU_PRESENT, TEST_TPP_ID } from "../pis/pis.test-support";
import { startPaymentAuthorisation } from "../pis/start-payment-authorisation";
import { addAuthorisation, createPsuSession, parsePsuSession } from "../session/psu-session-data";
import { createUsersRepository } from "../users/users-repository";
import { TEST_REDIRECT_URI } from "./create-test-aspsp-client";
import { testPki } from "./test-pki";

function setting(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === "") throw new Error(`sca-app-process: ${name} is not set`);
  return value;
}

/** The PSU session cookie's lifetime (psu-session.ts's PSU_SESSION_TTL_SECONDS). */
const COOKIE_TTL_SECONDS = 12 * 60 * 60;

const target = setting("SCA_DATABASE");
const bankUrl = setting("SCA_BANK_URL");
const userId = setting("SCA_USER_ID");
const secret = setting("SCA_SECRET");
const step = setting("SCA_STEP");

const database = await openTppDatabase(target.startsWith("postgres") ? { url: target } : { dataDir: target });
const bankCalls = createBankCallsRepository(database.db);
const client = createAspspClient({
  baseUrl: bankUrl,
  signer: createRequestSigner({ privateKeyPem: testPki.tppKeyPem, certificatePem: testPki.tppCertificatePem }),
  redirectUri: TEST_REDIRECT_URI,
  trustAnchors: loadTrustAnchors(await (await fetch(`${bankUrl}/portal/ca.pem`)).text()),
  requireSignedResponses: true,
  recorder: async (exchange) => {
    await bankCalls.insert(exchange);
  },
});
const payments = createPaymentsRepository(database.db);
const flows = createFlowsRepository(database.db);
const users = createUsersRepository(database.db);

if (step === "start") {
  const ctx: AspspContext = {
    client,
    tppId: TEST_TPP_ID,
    caller: { userId, tppSessionId: randomUUID(), flowId: randomUUID(), psu: PSU_PRESENT },
  };
  const payer = { kind: "national-id", nationalId: CUSTOMERS.ingrid } as const;
  await recordFlowStart(flows, ctx.caller, { kind: "payment", path: "/payments/new", at: new Date() });
  const result = await initiateWithIntent(
    { intents: createBankIntentsRepository(database.db), payments },
    ctx,
    {
      service: "payments",
      product: "norwegian-domestic-credit-transfers",
      body: domesticBody(setting("SCA_BBAN"), "123.45"),
      payer,
      debtor: { label: "SCA test" },
    },
    { allowLogicalDuplicate: false },
  );
  if (!("kept" in result)) throw new Error(`sca-app-process: the payment was not kept: ${JSON.stringify(result.refused)}`);
  const { record, initiated } = result.kept;
  // The payment's page (submit-payment.ts's paymentPagePath; that module brings Next's router, which needs React's client build).
  const returnTo = `/payments/${encodeURIComponent(record.id)}`;
  await recordFlowStart(flows, ctx.caller, { kind: "payment", resourceId: initiated.ref.paymentId, path: returnTo, at: new Date() });
  const authorisation = initiated.authorisation;
  if (authorisation.kind === "none") throw new Error("sca-app-process: the bank asked for no approval");
  const scaStart =
    authorisation.kind === "sca-redirect" ? authorisation.scaStart : await startPaymentAuthorisation(ctx, authorisation.href, payer);
  const { scaRedirect, tppSessionId, flowId } = scaStart;
  if (scaRedirect === undefined || tppSessionId === undefined || flowId === undefined) {
    throw new Error("sca-app-process: the SCA has no scaRedirect, TPP-Session-ID or flow id");
  }
  // As redirectToBankForSca: the pending approval goes into the PSU session cookie, the redirect onto the flow.
  const now = new Date();
  const session = addAuthorisation(
    createPsuSession(userId, now),
    { kind: "payment", resourceId: initiated.ref.paymentId, flowId, tppSessionId, returnTo, startedAt: now.toISOString() },
    now,
  );
  const cookie = await sealData(session, { password: secret, ttl: COOKIE_TTL_SECONDS });
  await recordRedirectToBank(flows, {
    id: flowId,
    userId,
    kind: "payment",
    resourceId: initiated.ref.paymentId,
    path: returnTo,
    scaRedirect,
    status: 303,
    at: now,
  });
  process.stdout.write(`ready ${JSON.stringify({ scaRedirect, cookie, flowId, paymentRecordId: record.id })}\n`);
  // The app holds its state (and, on PGlite, its database's lock) until it is killed.
  setInterval(() => undefined, 60_000);
} else if (step === "callback") {
  const query = new URLSearchParams(setting("SCA_QUERY"));
  const session = parsePsuSession(await unsealData(setting("SCA_COOKIE"), { password: secret, ttl: COOKIE_TTL_SECONDS }), userId);
  const user = await users.findById(userId);
  const now = new Date();
  const outcome = handleScaCallback({ query, userId: user?.id, psuId: user?.psuId ?? undefined, session, now });
  let location = "/";
  if (outcome.kind === "success" && outcome.authorisation.kind === "payment") {
    await users.setPsuId(userId, outcome.psuId, now);
    await users.recordSca(userId, now);
    const record = await payments.findByBankId(userId, outcome.authorisation.resourceId);
    if (record === undefined) throw new Error(`sca-app-process: payment ${outcome.authorisation.resourceId} is not kept`);
    const ctx: AspspContext = {
      client,
      tppId: TEST_TPP_ID,
      caller: {
        userId,
        tppSessionId: outcome.session.tppSessionId,
        flowId: outcome.authorisation.flowId,
        psuId: outcome.psuId,
        psu: PSU_PRESENT,
      },
    };
    await readPaymentAtBank(ctx, payments, record, { source: "callback" });
    location = outcome.returnTo;
  }
  await recordScaReturn(flows, { userId, query, outcome, receivedAt: now, answeredAt: new Date(), location });
  process.stdout.write(`done ${outcome.kind}\n`);
  await client.close();
  await database.close();
} else {
  throw new Error(`sca-app-process: SCA_STEP is start or callback, not ${step}`);
}
