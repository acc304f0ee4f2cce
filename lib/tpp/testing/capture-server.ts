/**
 * A real HTTP(S) server on a random local port for the client's tests: it keeps every request
 * (headers and body octets as received) and answers with a handler the test sets.
 */
import {
  createServer as createHttpServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { TLSSocket } from "node:tls";

export interface CapturedRequest {
  readonly method: string;
  /** The request target as received: path and query. */
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
  /** The subject CN of the client certificate, when the server asked for one (mutual TLS). */
  readonly clientCertificateCn: string | undefined;
}

export type CaptureHandler = (request: CapturedRequest, response: ServerResponse, index: number) => void;

export interface CaptureServer {
  readonly url: string;
  readonly requests: CapturedRequest[];
  setHandler(handler: CaptureHandler): void;
  close(): Promise<void>;
}

export interface CaptureServerOptions {
  readonly tls?: { readonly certificatePem: string; readonly privateKeyPem: string; readonly clientCaPem: string };
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", reject);
  });
}

function clientCnOf(request: IncomingMessage): string | undefined {
  const socket = request.socket;
  if (!(socket instanceof TLSSocket)) return undefined;
  const certificate = socket.getPeerCertificate();
  const cn = certificate.subject?.CN;
  return typeof cn === "string" ? cn : undefined;
}

/** Starts a capture server; the default handler answers 200 `{}`. */
export async function startCaptureServer(options: CaptureServerOptions = {}): Promise<CaptureServer> {
  const requests: CapturedRequest[] = [];
  let handler: CaptureHandler = (_request, response) => {
    response.writeHead(200, { "Content-Type": "application/json" }).end("{}");
  };
  const listener = (request: IncomingMessage, response: ServerResponse): void => {
    readBody(request).then(
      (body) => {
        const captured: CapturedRequest = {
          method: request.method ?? "",
          url: request.url ?? "",
          headers: request.headers,
          body,
          clientCertificateCn: clientCnOf(request),
        };
        requests.push(captured);
        handler(captured, response, requests.length - 1);
      },
      () => response.destroy(),
    );
  };
  const server: Server = options.tls
    ? createHttpsServer(
        {
          cert: options.tls.certificatePem,
          key: options.tls.privateKeyPem,
          ca: options.tls.clientCaPem,
          requestCert: true,
          rejectUnauthorized: true,
        },
        listener,
      )
    : createHttpServer(listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("the capture server has no port");
  const { port }: AddressInfo = address;
  return {
    url: `${options.tls ? "https" : "http"}://${options.tls ? "localhost" : "127.0.0.1"}:${port}`,
    requests,
    setHandler(next) {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
