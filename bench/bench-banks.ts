/**
 * One bank and one crypto floor per database kind for the bank's load figures of a run (the
 * signed reads, the payments, the bank's memory): the database is prepared once, the bank
 * process and the floor started once, and closed by `closeBenchSessions` at the end of the run.
 * The floor answers each path with the bank's own reply to it (crypto-floor-server.ts).
 */
import { randomUUID } from "node:crypto";
import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRequestSigner } from "../lib/psd2/signing";
import { createAccountsRepository } from "../lib/bank/repositories/accounts-repository";
import { CUSTOMERS, ids } from "../lib/bank/testing/ais-scenarios";
import { TEST_NOW } from "../lib/bank/testing/build-test-bank";
import { createAndApprove, domesticBody, EXTERNAL_BBAN, paymentHeaders } from "../lib/bank/testing/payment-scenarios";
import { readSharedFile } from "../lib/bank/testing/shared-test-pki";
import { createSignedTestClient, sharedTppCredentials } from "../lib/bank/testing/signed-test-client";
import { freePort } from "../testing/bank-process";
import {
  BALANCES_PATH,
  type BenchBank,
  type BenchDatabaseKind,
  prepareBenchBank,
  type RunningBank,
  runProcess,
  waitUntilListening,
} from "./bank-process";
import type { LoadRequest, LoadTarget } from "./load";
import type { MeasureOptions } from "./measure";
import { residentMemoryMb } from "./resident-memory";

export const PAYMENT_PATH = "/v1/payments/norwegian-domestic-credit-transfers";
const TPP_SESSION_ID = "bench";

/** A bank's target and the crypto floor's for the same request. */
export type TargetPair = { bank: LoadTarget; floor: LoadTarget };

export type BenchSession = {
  kind: BenchDatabaseKind;
  bank: BenchBank;
  running: RunningBank;
  /** The bank process's resident memory once it answered its health check, before any other request (MB). */
  residentAfterStartMb: number;
  /** Signed PSU-present reads of Ingrid's balances. */
  balances: TargetPair;
  /** Signed reads of the status of a payment Ingrid approved. */
  paymentStatus: TargetPair;
  /** The next signed creation: each of its own amount, so that none is a logical duplicate of another. */
  nextPayment: () => LoadRequest;
  floorUrl: string;
};

/** Sends a request once: it must answer `status`. */
export async function sendOnce(baseUrl: string, request: LoadRequest, status: number, what: string): Promise<Response> {
  const response = await fetch(`${baseUrl}${request.path}`, { method: request.method, headers: request.headers, body: request.body });
  if (response.status !== status) throw new Error(`${what} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  return response;
}

/**
 * Signed creations from Ingrid's main account, each of its own amount ("1.01", "1.02", ...): a
 * logical duplicate is the same debtor, creditor, amount and execution date within 10 minutes
 * (docs/interface/payments.md), and the sandbox clock stands still here, so none may repeat.
 */
function paymentSequence(psuId: string, debtorBban: string): () => LoadRequest {
  const signer = createRequestSigner(sharedTppCredentials());
  const headers = {
    ...Object.fromEntries(
      Object.entries(paymentHeaders(psuId, TPP_SESSION_ID)).filter((entry): entry is [string, string] => entry[1] !== undefined),
    ),
    "Content-Type": "application/json",
  };
  let cents = 100;
  return () => {
    cents += 1;
    const amount = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
    const body = JSON.stringify(
      domesticBody(debtorBban, {
        instructedAmount: { currency: "NOK", amount },
        creditorAccount: { bban: EXTERNAL_BBAN, currency: "NOK" },
      }),
    );
    const signed = signer.sign({ method: "POST", path: PAYMENT_PATH, headers, body }, { date: TEST_NOW, requestId: randomUUID() });
    return { method: "POST", path: PAYMENT_PATH, headers: { ...headers, ...signed.headers }, body };
  };
}

const sessions = new WeakMap<MeasureOptions, Map<BenchDatabaseKind, Promise<BenchSession>>>();
const closers: (() => Promise<void>)[] = [];

/** The run's bank and floor of this kind (the same options object is the same run), started on first use. */
export function benchSession(kind: BenchDatabaseKind, options: MeasureOptions): Promise<BenchSession> {
  let byKind = sessions.get(options);
  if (!byKind) sessions.set(options, (byKind = new Map()));
  let session = byKind.get(kind);
  if (!session) byKind.set(kind, (session = startSession(kind)));
  return session;
}

/** Stops every bank and floor of the run and drops their databases. */
export async function closeBenchSessions(): Promise<void> {
  for (const close of closers.splice(0).reverse()) await close();
}

async function startSession(kind: BenchDatabaseKind): Promise<BenchSession> {
  let debtorBban = "";
  let approvedId = "";
  const bank = await prepareBenchBank(kind, async (app, psuId) => {
    const account = await createAccountsRepository(app.bank.db).findById(ids.account(CUSTOMERS.ingrid, 1));
    if (!account) throw new Error("no main account of Ingrid's");
    debtorBban = account.bban;
    // The status the app polls is of a payment the PSU approved: a Norwegian domestic payment's
    // status is 404 until then (a known issue of the bank that the sandbox reproduces).
    const approved = await createAndApprove(
      app,
      createSignedTestClient(app),
      {
        path: PAYMENT_PATH,
        body: domesticBody(debtorBban, { instructedAmount: { currency: "NOK", amount: "999.00" } }),
        headers: paymentHeaders(psuId, TPP_SESSION_ID),
      },
      { customerNumber: CUSTOMERS.ingrid },
    );
    approvedId = approved.paymentId;
  });
  const stops: (() => Promise<void>)[] = [];
  const inputDir = await mkdtemp(join(tmpdir(), "crypto-floor-"));
  const close = async () => {
    for (const stop of stops.splice(0).reverse()) await stop();
    await rm(inputDir, { recursive: true, force: true });
    await bank.drop();
  };
  closers.push(close);
  const running = await bank.start(1);
  stops.push(running.stop);
  const residentAfterStartMb = residentMemoryMb(running.pid);

  // The bank's replies, which the floor answers with: balances, a creation, the status.
  const balancesBank = bank.signedGet(running.url, BALANCES_PATH, `balances, bank (${kind})`);
  const balancesBody = await (
    await sendOnce(running.url, { method: "GET", path: BALANCES_PATH, headers: balancesBank.headers }, 200, "the bank's balances")
  ).text();
  const nextPayment = paymentSequence(bank.psuId, debtorBban);
  const created = await sendOnce(running.url, nextPayment(), 201, `the bank's payment creation (${kind})`);
  const createdBody = await created.text();
  const statusPath = `${PAYMENT_PATH}/${approvedId}/status`;
  const statusBank = bank.signedGet(running.url, statusPath, `payment status, bank (${kind})`);
  const statusBody = await (
    await sendOnce(running.url, { method: "GET", path: statusPath, headers: statusBank.headers }, 200, "the bank's payment status")
  ).text();

  const input = join(inputDir, "input.json");
  await writeFile(
    input,
    JSON.stringify({
      trustAnchorsPem: readSharedFile("keys/trusted-cas.pem"),
      seal: bank.seal,
      replyBody: balancesBody,
      getReplies: { [BALANCES_PATH]: balancesBody, [statusPath]: statusBody },
      postReplyBody: createdBody,
      postLocation: created.headers.get("location") ?? "",
      now: TEST_NOW.toISOString(),
    }),
    { mode: 0o600 },
  );
  await chmod(input, 0o600);
  const port = await freePort();
  const floorUrl = `http://127.0.0.1:${port}`;
  const floor = runProcess(["bench/crypto-floor-server.ts"], { FLOOR_PORT: String(port), FLOOR_INPUT: input });
  stops.push(floor.stop);
  await waitUntilListening(`${floorUrl}/ready`, floor, "the crypto floor");

  const balancesFloor = bank.signedGet(floorUrl, BALANCES_PATH, "balances, crypto floor");
  const statusFloor = bank.signedGet(floorUrl, statusPath, "payment status, crypto floor");
  for (const [target, body] of [
    [balancesFloor, balancesBody],
    [statusFloor, statusBody],
  ] as const) {
    const path = new URL(target.url).pathname;
    if ((await (await sendOnce(floorUrl, { method: "GET", path, headers: target.headers }, 200, "the crypto floor")).text()) !== body)
      throw new Error(`the crypto floor does not answer the bank's body of ${path}`);
  }
  return {
    kind,
    bank,
    running,
    residentAfterStartMb,
    balances: { bank: balancesBank, floor: balancesFloor },
    paymentStatus: { bank: statusBank, floor: statusFloor },
    nextPayment,
    floorUrl,
  };
}
