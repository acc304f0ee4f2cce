/**
 * A real sandbox bank for lib/tpp's tests: the bank's own process (testing/bank-process.ts, from
 * its bundle, as `npm run demo` runs it) on a free local port, on a fresh in-memory database with
 * the sandbox's known state, trusting the shared test PKI (whose TPP certificate has PSP_AI and
 * PSP_PI). lib/tpp never imports lib/bank: the tests reach it over HTTP, as the app does.
 *
 *   let bank: SandboxBank;
 *   beforeAll(async () => { bank = await startSandboxBank(); });
 *   afterAll(() => bank.close());
 */
import { spawnBundledBankProcess, waitForHealth } from "../../../testing/bank-process";
import { testPki } from "./test-pki";

export interface SandboxBank {
  /** The bank's base URL, e.g. http://127.0.0.1:41234 (also its BANK_PUBLIC_URL). */
  readonly url: string;
  readonly port: number;
  /** Where its web pages (portal, SCA) are: another port with BANK_CLIENT_CERT=required, otherwise `url`. */
  readonly webUrl: string;
  /** Its data directory: "memory", or the copy of the run's template it started from (testing/bank-process.ts). */
  readonly dataDir: string | undefined;
  /** The last lines the bank wrote (stdout and stderr), for a failing test's message. */
  output(): string;
  /** Stops the bank (SIGTERM; SIGKILL after 15 s) and waits for its process to end. */
  close(): Promise<void>;
}

export interface StartSandboxBankOptions {
  /** More BANK_* settings, e.g. { BANK_DOMESTIC_DETAILS_KNOWN_ISSUE: "false" }. */
  readonly env?: Readonly<Record<string, string>>;
  /** How long to wait for GET /health; default 90 s (a loaded 2-core machine starts it in about 10). */
  readonly startTimeoutMs?: number;
}

/**
 * Starts the sandbox bank and waits until GET /health answers: BANK_DATA_DIR memory (PGlite in
 * memory, the sandbox's known state made at start), BANK_TRUST_ANCHORS the shared test PKI's CAs,
 * BANK_LOG_LEVEL warn. Rejects with the bank's own output when it exits or does not answer in time.
 */
export async function startSandboxBank(options: StartSandboxBankOptions = {}): Promise<SandboxBank> {
  const bank = await spawnBundledBankProcess({
    BANK_DATA_DIR: "memory",
    BANK_LOG_LEVEL: "warn",
    BANK_TRUST_ANCHORS: testPki.path("trusted-cas.pem"),
    ...options.env,
  });
  await waitForHealth(bank, options.startTimeoutMs ?? 90_000);
  return {
    url: bank.url,
    port: bank.port,
    webUrl: bank.webUrl,
    dataDir: bank.dataDir,
    output: bank.output,
    close: async () => {
      await bank.stop();
    },
  };
}
