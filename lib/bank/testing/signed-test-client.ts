/**
 * A TPP for the bank's inject() tests: signs every request exactly as a TPP does (Date,
 * X-Request-ID, Digest, Signature over `date digest x-request-id [psu-id] [psu-corporate-id]
 * [tpp-redirect-uri]`, TPP-Signature-Certificate), by default with the shared test PKI's TPP key.
 */
import { randomUUID } from "node:crypto";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { createRequestSigner, type RequestSigner } from "../../psd2/signing";
import { readSharedFile } from "./shared-test-pki";

export type SignedRequest = {
  method: "GET" | "POST" | "PUT" | "DELETE";
  url: string;
  headers?: Record<string, string | undefined>;
  /** A value serialised as JSON once (sent and hashed as the same octets), or a raw string. */
  body?: unknown;
};

export type SignedTestClient = {
  signer: RequestSigner;
  request(request: SignedRequest): Promise<LightMyRequestResponse>;
  get(url: string, headers?: Record<string, string | undefined>): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown, headers?: Record<string, string | undefined>): Promise<LightMyRequestResponse>;
  put(url: string, body?: unknown, headers?: Record<string, string | undefined>): Promise<LightMyRequestResponse>;
};

/** The shared test PKI's TPP (PSDNO-FSA-123456, roles PSP_AI and PSP_PI). */
export function sharedTppCredentials(): { privateKeyPem: string; certificatePem: string } {
  return { privateKeyPem: readSharedFile("keys/tpp.key.pem"), certificatePem: readSharedFile("keys/tpp.cert.pem") };
}

export function createSignedTestClient(
  app: FastifyInstance,
  credentials: { privateKeyPem: string; certificatePem: string } = sharedTppCredentials(),
): SignedTestClient {
  const signer = createRequestSigner(credentials);
  async function request({ method, url, headers = {}, body }: SignedRequest): Promise<LightMyRequestResponse> {
    const present = Object.fromEntries(Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined));
    const payload = body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body);
    if (payload !== undefined && !Object.keys(present).some((name) => name.toLowerCase() === "content-type")) {
      present["Content-Type"] = "application/json";
    }
    const signed = signer.sign({ method, path: url, headers: present, body: payload ?? "" }, { date: new Date(), requestId: randomUUID() });
    return app.inject({ method, url, headers: { ...present, ...signed.headers }, ...(payload === undefined ? {} : { payload }) });
  }
  return {
    signer,
    request,
    get: (url, headers) => request({ method: "GET", url, ...(headers ? { headers } : {}) }),
    post: (url, body, headers) => request({ method: "POST", url, body, ...(headers ? { headers } : {}) }),
    put: (url, body, headers) => request({ method: "PUT", url, body, ...(headers ? { headers } : {}) }),
  };
}
