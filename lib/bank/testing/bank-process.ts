/**
 * HTTP to a bank running as a process of its own (testing/bank-process.ts starts one): `httpInjector`
 * gives the inject() shape the test drivers use (sca-page-driver, signed-test-client) over real
 * HTTP, each request on a connection of its own, so that a cluster hands successive requests to
 * different workers.
 */
import { request as httpRequest } from "node:http";
import type { FastifyInstance } from "fastify";

export type HttpResponse = {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  payload: string;
  json: <T = unknown>() => T;
};

/** One request on a connection of its own (no keep-alive). */
export function sendRequest(
  baseUrl: string,
  options: { method: string; url: string; headers?: Record<string, string>; payload?: string },
): Promise<HttpResponse> {
  return new Promise((resolve, reject) => {
    const target = new URL(options.url, baseUrl);
    const outgoing = httpRequest(
      target,
      { method: options.method, headers: { ...options.headers, connection: "close" }, agent: false },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.on("end", () => {
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
    if (options.payload !== undefined) outgoing.write(options.payload);
    outgoing.end();
  });
}

/**
 * The part of a FastifyInstance the test drivers use (`inject`), over HTTP to a running bank:
 * signed-test-client and sca-page-driver then drive it as they drive an inject() bank.
 */
export function httpInjector(baseUrl: string): FastifyInstance {
  const inject = (options: { method: string; url: string; headers?: Record<string, string>; payload?: string }) =>
    sendRequest(baseUrl, options);
  return { inject } as unknown as FastifyInstance;
}
