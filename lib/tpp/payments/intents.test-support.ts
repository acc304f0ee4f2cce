/**
 * What the durable-intent and bank-fault tests share: a real sandbox bank (its own process), the
 * fault proxy in front of it, a TPP database of the given kind with a user, the TPP's signed
 * client going through the proxy (its exchanges recorded in bank_calls, as the app's recorder
 * does; its failure lines kept), an account with money, and payments drafted as the form does.
 */
import { randomUUID } from "node:crypto";
import { createRequestSigner } from "../../psd2/signing";
import { loadTrustAnchors, type TrustAnchor } from "../../psd2/x509";
import type { AspspContext } from "../aspsp/aspsp-context";
import { type AspspClient, createAspspClient } from "../aspsp/create-aspsp-client";
import type { OpenedTppDatabase, TppExecutor } from "../db/open-tpp-database";
import { createBankCallsRepository } from "../inspector/bank-calls-repository";
import type { PaymentDraft } from "../payment-form/payment-form-types";
import { CUSTOMERS, domesticBody, PSU_PRESENT, TEST_TPP_ID } from "../pis/pis.test-support";
import { TEST_REDIRECT_URI } from "../testing/create-test-aspsp-client";
import { type FaultProxy, startFaultProxy } from "../testing/fault-proxy";
import { createSandboxAccount, findSandboxCustomer, type SandboxAccount } from "../testing/sandbox-operations";
import { type SandboxBank, startSandboxBank } from "../testing/start-sandbox-bank";
import { createTppTestDatabase, type TppTestDatabaseKind } from "../testing/test-database";
import { testPki } from "../testing/test-pki";
import { createUsersRepository } from "../users/users-repository";
import { createBankIntentsRepository } from "./bank-intents";
import { createPaymentsRepository } from "./payments-repository";

/** The client's ASPSP_TIMEOUT_MS in these tests: short, so a held-back reply runs past it quickly. */
export const TEST_TIMEOUT_MS = 1_500;

/** A new app user (payments and intents belong to one), by a random id. */
export async function insertTestUser(db: TppExecutor): Promise<string> {
  const id = randomUUID();
  await createUsersRepository(db).insert({
    id,
    username: `payer-${id.slice(0, 8)}`,
    displayName: "Payer",
    passwordHash: "x",
    createdAt: new Date(),
  });
  return id;
}

export interface IntentWorld {
  readonly bank: SandboxBank;
  readonly proxy: FaultProxy;
  readonly database: OpenedTppDatabase;
  readonly userId: string;
  readonly account: SandboxAccount;
  readonly intents: ReturnType<typeof createBankIntentsRepository>;
  readonly payments: ReturnType<typeof createPaymentsRepository>;
  /** The lines the clients logged for failed calls. */
  readonly logs: string[];
  /** A context whose client goes through the proxy; refusing replies not signed as required when `signed`. */
  ctx(options?: { signed?: boolean }): AspspContext;
  /** A client straight to the bank (no proxy), for what the tests check at the bank. */
  readonly direct: AspspClient;
  /** A single Norwegian domestic payment from the world's account, of an amount no other draft has. */
  draft(): PaymentDraft;
  close(): Promise<void>;
}

export async function startIntentWorld(kind: TppTestDatabaseKind): Promise<IntentWorld> {
  // Details and status of an unapproved domestic payment readable (the spec's known issue off), to check the bank's records.
  const bank = await startSandboxBank({ env: { BANK_DOMESTIC_DETAILS_KNOWN_ISSUE: "false" } });
  const opened: { close(): Promise<void> }[] = [bank];
  try {
    const proxy = await startFaultProxy(bank.url);
    opened.push(proxy);
    const database = await createTppTestDatabase(kind);
    opened.push(database);
    const userId = await insertTestUser(database.db);
    const ca = await fetch(`${bank.url}/portal/ca.pem`);
    const trustAnchors: readonly TrustAnchor[] = loadTrustAnchors(await ca.text());
    const signer = createRequestSigner({ privateKeyPem: testPki.tppKeyPem, certificatePem: testPki.tppCertificatePem });
    const bankCalls = createBankCallsRepository(database.db);
    const logs: string[] = [];
    const clientOf = (baseUrl: string, signed: boolean) =>
      createAspspClient({
        baseUrl,
        signer,
        redirectUri: TEST_REDIRECT_URI,
        trustAnchors,
        requireSignedResponses: signed,
        timeoutMs: TEST_TIMEOUT_MS,
        recorder: async (exchange) => {
          await bankCalls.insert(exchange);
        },
        log: (line) => logs.push(line),
      });
    const proxied = { signed: clientOf(proxy.url, true), unsigned: clientOf(proxy.url, false) };
    const direct = clientOf(bank.url, true);
    opened.push(proxied.signed, proxied.unsigned, direct);
    const customer = await findSandboxCustomer(direct, CUSTOMERS.ingrid);
    const account = await createSandboxAccount(direct, {
      customerId: customer.customerId,
      name: "Faults",
      balance: { amount: "50000.00", currency: "NOK" },
    });
    let cents = 10_000;
    return {
      bank,
      proxy,
      database,
      userId,
      account,
      intents: createBankIntentsRepository(database.db),
      payments: createPaymentsRepository(database.db),
      logs,
      direct,
      ctx: (options = {}) => ({
        client: options.signed === true ? proxied.signed : proxied.unsigned,
        tppId: TEST_TPP_ID,
        caller: { userId, tppSessionId: randomUUID(), flowId: randomUUID(), psu: PSU_PRESENT },
      }),
      draft: () => {
        cents += 1;
        const amount = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
        return {
          service: "payments",
          product: "norwegian-domestic-credit-transfers",
          body: domesticBody(account.bban, amount),
          payer: { kind: "national-id", nationalId: CUSTOMERS.ingrid },
          debtor: { label: "Faults" },
        };
      },
      close: async () => {
        for (const item of opened.reverse()) await item.close();
      },
    };
  } catch (error) {
    for (const item of opened.reverse()) await item.close();
    throw error;
  }
}
