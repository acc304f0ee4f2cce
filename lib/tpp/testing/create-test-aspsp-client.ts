/**
 * The TPP's signed client for tests against a real sandbox bank (startSandboxBank): signed with
 * the shared test PKI's TPP certificate (PSP_AI and PSP_PI), replies verified against the bank's
 * own CA (GET /portal/ca.pem) and refused unless signed, every exchange kept for assertions on
 * the headers actually sent.
 */
import { createRequestSigner } from "../../psd2/signing";
import { loadTrustAnchors } from "../../psd2/x509";
import type { AspspExchange } from "../aspsp/aspsp-exchange";
import { type AspspClient, createAspspClient } from "../aspsp/create-aspsp-client";
import { testPki } from "./test-pki";

/** The TPP-Redirect-URI of the tests: nothing listens there; the SCA driver stops at it. */
export const TEST_REDIRECT_URI = "http://127.0.0.1:3999/callback";

export interface TestAspspClient {
  readonly client: AspspClient;
  /** Every exchange with the bank, in order. */
  readonly exchanges: AspspExchange[];
  /** The last exchange whose method and path (without the query) match. */
  lastExchange(method: string, pathPattern: RegExp): AspspExchange;
  /** The headers the last matching exchange sent, by lower-case name. */
  sentHeaders(method: string, pathPattern: RegExp): Record<string, string>;
}

export interface TestAspspClientOptions {
  /** x-accept-fix configured on the client; none by default, as a client made without it. */
  readonly acceptFix?: string;
  readonly redirectUri?: string;
}

/** A signed client for the sandbox bank at `bankUrl`. */
export async function createTestAspspClient(bankUrl: string, options: TestAspspClientOptions = {}): Promise<TestAspspClient> {
  const caResponse = await fetch(`${bankUrl}/portal/ca.pem`);
  if (!caResponse.ok)
    throw new Error(`GET ${bankUrl}/portal/ca.pem answered ${caResponse.status}: the bank's CA is needed to verify its replies`);
  const trustAnchors = loadTrustAnchors(await caResponse.text());
  const exchanges: AspspExchange[] = [];
  const client = createAspspClient({
    baseUrl: bankUrl,
    signer: createRequestSigner({ privateKeyPem: testPki.tppKeyPem, certificatePem: testPki.tppCertificatePem }),
    redirectUri: options.redirectUri ?? TEST_REDIRECT_URI,
    brand: "Test TPP",
    ...(options.acceptFix === undefined ? {} : { acceptFix: options.acceptFix }),
    trustAnchors,
    requireSignedResponses: true,
    recorder: (exchange) => {
      exchanges.push(exchange);
    },
  });
  const lastExchange = (method: string, pathPattern: RegExp): AspspExchange => {
    const found = exchanges.findLast((exchange) => exchange.method === method && pathPattern.test(new URL(exchange.url).pathname));
    if (found === undefined) throw new Error(`no ${method} matching ${pathPattern} among the ${exchanges.length} exchanges with the bank`);
    return found;
  };
  return {
    client,
    exchanges,
    lastExchange,
    sentHeaders: (method, pathPattern) =>
      Object.fromEntries(lastExchange(method, pathPattern).requestHeaders.map(([name, value]) => [name.toLowerCase(), value])),
  };
}
