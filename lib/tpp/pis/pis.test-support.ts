/**
 * What the payment initiation tests share: a real sandbox bank (its own process, one per test
 * file), the TPP's signed client, a browser for the bank's pages, the sandbox clock frozen where
 * the bank has it (so that no scheduled batch run moves a payment while a test looks at it), and
 * the test's own accounts with known balances.
 */
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { addDays } from "../../psd2/time";
import type { Money } from "../ais/ais-types";
import type { AspspCaller } from "../aspsp/aspsp-caller";
import type { AspspContext } from "../aspsp/aspsp-context";
import { AspspError } from "../errors";
import { identifyPsu } from "../psu/identify-psu";
import { type BankBrowser, createBankBrowser, type ScaChoices } from "../testing/bank-sca-driver";
import { createTestAspspClient, type TestAspspClient } from "../testing/create-test-aspsp-client";
import {
  createSandboxAccount,
  findSandboxCustomer,
  moveSandboxClock,
  type SandboxAccount,
  type SandboxClock,
} from "../testing/sandbox-operations";
import { type SandboxBank, startSandboxBank } from "../testing/start-sandbox-bank";

/** The sandbox's known customers (docs/sandbox-bank.md#the-known-state-post-v1sandboxinitialize). */
export const CUSTOMERS = {
  ingrid: "13039319955",
  per: "12085592767",
  sindre: "18129215603",
} as const;

/** The TPP's organisation id in the shared test PKI's certificate. */
export const TEST_TPP_ID = "PSDNO-FSA-123456";

/** A creditor outside the sandbox bank (a valid Norwegian account number) and a German IBAN. */
export const EXTERNAL_BBAN = "86011117947";
export const EXTERNAL_IBAN = "DE89370400440532013000";

/** The PSU as the app forwards it when the PSU takes part (PSU-IP-Address and the rest). */
export const PSU_PRESENT = {
  ipAddress: "192.0.2.10",
  userAgent: "Mozilla/5.0 (pis tests)",
  acceptLanguage: "nb-NO",
  httpMethod: "POST",
} as const;

export interface PisWorld {
  readonly bank: SandboxBank;
  readonly tpp: TestAspspClient;
  readonly browser: BankBrowser;
  /** The sandbox clock as frozen for the file's tests. */
  readonly clock: SandboxClock;
  /** The context of a call for the PSU present, under a new TPP-Session-ID and flow. */
  ctx(caller?: Partial<AspspCaller>): AspspContext;
  /** An amount no other payment of the file has (identical payments within 10 minutes are logical duplicates). */
  nextAmount(): string;
  /** The sandbox date `days` after the sandbox clock's today. */
  dateAfter(days: number): string;
  close(): Promise<void>;
}

/** Starts the bank, makes the TPP's client and freezes the sandbox clock where it stands. */
export async function startPisWorld(): Promise<PisWorld> {
  const bank = await startSandboxBank();
  try {
    const tpp = await createTestAspspClient(bank.url);
    const clock = await moveSandboxClock(tpp.client, { frozen: true });
    let cents = 10_000;
    return {
      bank,
      tpp,
      browser: createBankBrowser(bank.url),
      clock,
      ctx: (caller = {}) => ({
        client: tpp.client,
        tppId: TEST_TPP_ID,
        caller: { userId: "pis-test", tppSessionId: randomUUID(), flowId: randomUUID(), psu: PSU_PRESENT, ...caller },
      }),
      nextAmount: () => {
        cents += 1;
        return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
      },
      dateAfter: (days) => addDays(clock.today, days),
      close: async () => {
        await tpp.client.close();
        await bank.close();
      },
    };
  } catch (error) {
    await bank.close();
    throw error;
  }
}

/** A new account of a sandbox customer, with a balance. */
export async function createTestAccount(world: PisWorld, customerNumber: string, name: string, balance: Money): Promise<SandboxAccount> {
  const customer = await findSandboxCustomer(world.tpp.client, customerNumber);
  return createSandboxAccount(world.tpp.client, { customerId: customer.customerId, name, balance });
}

/** The success redirect's parameters, failing the test on a failure redirect. */
export function successOf(redirect: URL): {
  psuId: string;
  tppSessionId: string;
  context: string;
  psuCorporateId: string | undefined;
  flow: string | undefined;
} {
  const query = redirect.searchParams;
  expect(query.get("code"), `failure redirect: ${redirect.href}`).toBeNull();
  const psuId = query.get("psu-id");
  const tppSessionId = query.get("tpp-session-id");
  const context = query.get("context");
  if (psuId === null || tppSessionId === null || context === null) throw new Error(`not a success redirect: ${redirect.href}`);
  return { psuId, tppSessionId, context, psuCorporateId: query.get("psu-corporate-id") ?? undefined, flow: query.get("flow") ?? undefined };
}

/**
 * The PSU's psu-id (and psu-corporate-id in a corporate context) for this TPP, from an SCA whose
 * only aim is that (GET /v1/users), as a PISP-only TPP gets it.
 */
export async function identifyTestPsu(
  world: PisWorld,
  choices: ScaChoices,
): Promise<{ psuId: string; psuCorporateId: string | undefined }> {
  const start = await identifyPsu(world.ctx(), { newPsu: true });
  const { redirect } = await world.browser.complete(start.scaRedirect, choices);
  const success = successOf(redirect);
  return { psuId: success.psuId, psuCorporateId: success.psuCorporateId };
}

/** The AspspError a call ends with; fails the test when it succeeds or fails otherwise. */
export async function aspspErrorOf(promise: Promise<unknown>): Promise<AspspError> {
  const outcome = await promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  if (outcome.ok) throw new Error(`expected the bank to refuse, but it answered ${JSON.stringify(outcome.value).slice(0, 300)}`);
  if (!(outcome.error instanceof AspspError)) throw outcome.error;
  return outcome.error;
}

/** A Norwegian domestic payment body (also the instant product's) from a BBAN. */
export function domesticBody(debtorBban: string, amount: string, changes: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    instructedAmount: { currency: "NOK", amount },
    creditorName: "Kari Nordmann",
    creditorAccount: { bban: EXTERNAL_BBAN, currency: "NOK" },
    creditorAddress: { country: "NO" },
    debtorAccount: { bban: debtorBban, currency: "NOK" },
    remittanceInformationUnstructured: "Test payment",
    ...changes,
  };
}
