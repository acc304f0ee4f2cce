/**
 * HTTP to a bank running as a process of its own (testing/bank-process.ts starts one): `httpInjector`
 * gives the inject() shape the test drivers use (sca-page-driver, signed-test-client) over real
 * HTTP, each request on a connection of its own, so that a cluster hands successive requests to
 * different workers.
 */
import { request as httpRequest } from "node:http";
import { request as httpsRequest, type RequestOptions as HttpsRequestOptions } from "node:https";
import type { FastifyInstance } from "fastify";

export type HttpResponse = {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  payload: string;
  json: <T = unknown>() => T;
};

/** TLS options of a request to an https:// bank: the CA to trust, a client certificate and key, versions. */
export type TlsRequestOptions = Pick<HttpsRequestOptions, "ca" | "cert" | "key" | "rejectUnauthorized" | "minVersion" | "maxVersion">;

/** One request on a connection of its own (no keep-alive); over https:// with `tls`. */
export function sendRequest(
  baseUrl: string,
  options: {
    method: string;
    url: string;
    headers?: Record<string, string>;
    payload?: string;
    tls?: TlsRequestOptions;
    timeoutMs?: number;
    /** Ask to keep the connection open (to see whether the server closes it); it is closed after the reply. */
    keepAlive?: boolean;
  },
): Promise<HttpResponse> {
  return new Promise((resolve, reject) => {
    const target = new URL(options.url, baseUrl);
    const send = target.protocol === "https:" ? httpsRequest : httpRequest;
    const outgoing = send(
      target,
      {
        method: options.method,
        headers: { ...options.headers, connection: options.keepAlive === true ? "keep-alive" : "close" },
        agent: false,
        ...options.tls,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.on("end", () => {
          if (options.keepAlive === true) outgoing.destroy();
          const body = Buffer.concat(chunks).toString("utf8");
          resolve({
            statusCode: incoming.statusCode ?? 0,
            headers: incoming.headers,
            body,
            payload: body,
            json: <T>() => JSON.parse(body) as T,
          });
        });
        incoming.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    if (options.timeoutMs !== undefined) outgoing.setTimeout(options.timeoutMs, () => outgoing.destroy(new Error("timed out")));
    if (options.payload !== undefined) outgoing.write(options.payload);
    outgoing.end();
  });
}

/**
 * The part of a FastifyInstance the test drivers use (`inject`), over HTTP to a running bank:
 * signed-test-client and sca-page-driver then drive it as they drive an inject() bank.
 */
export function httpInjector(baseUrl: string, connection: { tls?: TlsRequestOptions; keepAlive?: boolean } = {}): FastifyInstance {
  const inject = (options: { method: string; url: string; headers?: Record<string, string>; payload?: string }) =>
    sendRequest(baseUrl, { ...options, ...connection });
  return { inject } as unknown as FastifyInstance;
}
