/**
 * The app's payment submission in a process of its own, for the kill -9 test
 * (lib/tpp/payments/app-killed-during-payment.test.ts). Run under the react-server condition, as
 * Next runs lib/tpp:
 *
 *   tsx --conditions=react-server lib/tpp/testing/payment-submitter.ts
 *
 * with SUBMITTER_DATABASE (a postgres:// URL or a PGlite directory), SUBMITTER_BANK_URL,
 * SUBMITTER_USER_ID, SUBMITTER_BBAN (the debtor account), SUBMITTER_FIRST_CENTS (the first
 * amount, in øre; each payment's amount is one more) and SUBMITTER_COUNT (how many payments; 0:
 * none). As the app's start does, it first settles every intent left open by an earlier process
 * (and prints `settled <completed> <refused> <unanswered>`), then sends the payments one after the
 * other as the payment form does (initiateWithIntent, every exchange recorded in bank_calls),
 * printing `sending <amount>` and `kept <amount>` around each.
 */
import { randomUUID } from "node:crypto";
import { createRequestSigner } from "../../psd2/signing";
import { loadTrustAnchors } from "../../psd2/x509";
import { createAspspClient } from "../aspsp/create-aspsp-client";
import { openTppDatabase } from "../db/open-tpp-database";
import { createBankCallsRepository } from "../inspector/bank-calls-repository";
import { createBankIntentsRepository } from "../payments/bank-intents";
import { initiateWithIntent } from "../payments/initiate-with-intent";
import { createPaymentsRepository } from "../payments/payments-repository";
import { settleBankIntents } from "../payments/settle-bank-intents";
import { testPki } from "./test-pki";

function setting(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === "") throw new Error(`payment-submitter: ${name} is not set`);
  return value;
}

const target = setting("SUBMITTER_DATABASE");
const bankUrl = setting("SUBMITTER_BANK_URL");
const userId = setting("SUBMITTER_USER_ID");
const bban = setting("SUBMITTER_BBAN");
const firstCents = Number(setting("SUBMITTER_FIRST_CENTS"));
const count = Number(setting("SUBMITTER_COUNT"));

const database = await openTppDatabase(target.startsWith("postgres") ? { url: target } : { dataDir: target });
const settled = await settleBankIntents({ db: database.db, before: new Date() });
process.stdout.write(`settled ${settled.completed} ${settled.refused} ${settled.unanswered}\n`);

const bankCalls = createBankCallsRepository(database.db);
const client = createAspspClient({
  baseUrl: bankUrl,
  signer: createRequestSigner({ privateKeyPem: testPki.tppKeyPem, certificatePem: testPki.tppCertificatePem }),
  redirectUri: "http://127.0.0.1:3999/callback",
  trustAnchors: loadTrustAnchors(await (await fetch(`${bankUrl}/portal/ca.pem`)).text()),
  requireSignedResponses: true,
  recorder: async (exchange) => {
    await bankCalls.insert(exchange);
  },
});
const repositories = { intents: createBankIntentsRepository(database.db), payments: createPaymentsRepository(database.db) };

for (let index = 0; index < count; index++) {
  const cents = firstCents + index;
  const amount = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
  process.stdout.write(`sending ${amount}\n`);
  const result = await initiateWithIntent(
    repositories,
    {
      client,
      tppId: "PSDNO-FSA-123456",
      caller: { userId, tppSessionId: randomUUID(), flowId: randomUUID(), psu: { ipAddress: "192.0.2.10", httpMethod: "POST" } },
    },
    {
      service: "payments",
      product: "norwegian-domestic-credit-transfers",
      body: {
        instructedAmount: { currency: "NOK", amount },
        creditorName: "Kari Nordmann",
        creditorAccount: { bban: "86011117947", currency: "NOK" },
        creditorAddress: { country: "NO" },
        debtorAccount: { bban, currency: "NOK" },
        remittanceInformationUnstructured: "Kill test",
      },
      payer: { kind: "national-id", nationalId: "13039319955" },
      debtor: { label: "Kill test" },
    },
    { allowLogicalDuplicate: false },
  );
  process.stdout.write("kept" in result ? `kept ${amount}\n` : `refused ${amount} ${JSON.stringify(result.refused)}\n`);
}
await client.close();
await database.close();
