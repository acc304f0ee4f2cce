/**
 * A TPP client for the end-to-end tests, in the Playwright process: signs every request as a
 * TPP does (node:crypto through lib/psd2/signing, the shared test PKI's TPP key) and sends it to
 * the target's bank (our sandbox bank, started by playwright.config.ts, unless E2E_ASPSP_BASE_URL
 * names another: e2e/support/targets.ts).
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequestSigner } from "../../lib/psd2/signing";
import { target } from "./targets";

const keys = new URL("../../test-vectors/signature/keys/", import.meta.url);

/** The target's API (our sandbox bank unless E2E_ASPSP_BASE_URL names another: e2e/support/targets.ts). */
export const bankUrl = target.aspspBaseUrl;

export type BankReply = { status: number; body: unknown; headers: Headers };

export function createSignedBankClient() {
  const signer = createRequestSigner({
    privateKeyPem: readFileSync(new URL("tpp.key.pem", keys), "utf8"),
    certificatePem: readFileSync(new URL("tpp.cert.pem", keys), "utf8"),
  });
  async function send(
    method: "GET" | "POST" | "PUT",
    path: string,
    headers: Record<string, string> = {},
    body?: unknown,
  ): Promise<BankReply> {
    const target = new URL(path, bankUrl);
    const payload = body === undefined ? "" : JSON.stringify(body);
    const all: Record<string, string> = { Accept: "application/json", ...headers };
    if (body !== undefined) all["Content-Type"] = "application/json";
    const signed = signer.sign(
      { method, path: `${target.pathname}${target.search}`, headers: all, body: payload },
      { date: new Date(), requestId: randomUUID() },
    );
    const response = await fetch(target, {
      method,
      headers: { ...all, ...signed.headers },
      ...(body === undefined ? {} : { body: payload }),
    });
    const text = await response.text();
    return { status: response.status, body: text === "" ? undefined : JSON.parse(text), headers: response.headers };
  }
  return {
    get: (path: string, headers?: Record<string, string>) => send("GET", path, headers),
    post: (path: string, body: unknown, headers?: Record<string, string>) => send("POST", path, headers, body),
    put: (path: string, body: unknown, headers?: Record<string, string>) => send("PUT", path, headers, body),
  };
}
