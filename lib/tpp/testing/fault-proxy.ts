/**
 * A small real HTTP proxy for lib/tpp's tests, between the TPP's client and a real sandbox bank:
 * it forwards every request to the bank as it came and, when told, spoils the way back: no
 * listener (connection refused), a reset in the middle of the reply, a reply held back past the
 * client's timeout, a 5xx of a gateway, a body that is not JSON or is cut short, a reply's
 * signature taken away or no longer matching its body. The bank itself acts on every request it
 * receives (a payment held back by the proxy exists at the bank).
 *
 *   const proxy = await startFaultProxy(bank.url);
 *   proxy.setFault({ kind: "slow", delayMs: 3_000 });
 *   ... a client whose baseUrl is proxy.url ...
 *   await proxy.close();
 */
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";

export type Fault =
  | { readonly kind: "none" }
  /** Nothing listens on the proxy's port: the client's connection is refused. */
  | { readonly kind: "refuse" }
  /** The bank's status and headers, half its body, then a TCP reset. */
  | { readonly kind: "reset-mid-reply" }
  /** The bank's reply, sent `delayMs` after it came. */
  | { readonly kind: "slow"; readonly delayMs: number }
  /** A gateway's 5xx in place of the bank's reply (unsigned, as a gateway's is). */
  | { readonly kind: "gateway-error"; readonly status: number }
  /** The bank's status and headers with an HTML page for a body. */
  | { readonly kind: "not-json" }
  /** The bank's status and headers with the first half of its body (Content-Length told truly). */
  | { readonly kind: "truncated" }
  /** The bank's reply without its Signature header. */
  | { readonly kind: "unsigned" }
  /** The bank's reply, signed, with one character of its body changed: the signature no longer matches. */
  | { readonly kind: "wrong-signature" };

/** A request the proxy passed to the bank. */
export interface ForwardedRequest {
  readonly method: string;
  readonly path: string;
  readonly requestId: string | undefined;
}

export interface FaultProxy {
  readonly url: string;
  readonly port: number;
  /** The fault for the requests that come next (for every request, or those `only` picks). */
  setFault(fault: Fault, only?: (method: string, path: string) => boolean): Promise<void>;
  /** Every request passed to the bank, in order. */
  readonly forwarded: ForwardedRequest[];
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "proxy-connection", "upgrade"]);

function forwardableHeaders(headers: IncomingHttpHeaders, bodyLength: number): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || name === "content-length") continue;
    out[name] = value;
  }
  out["content-length"] = String(bodyLength);
  return out;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

/** Starts the proxy on a local port (default a free one), in front of the bank at `bankUrl`. */
export async function startFaultProxy(bankUrl: string, options: { readonly port?: number } = {}): Promise<FaultProxy> {
  const bank = new URL(bankUrl);
  let fault: Fault = { kind: "none" };
  let applies: (method: string, path: string) => boolean = () => true;
  const forwarded: ForwardedRequest[] = [];
  const sockets = new Set<Socket>();

  const reply = async (response: ServerResponse, status: number, headers: IncomingHttpHeaders, body: Buffer, now: Fault) => {
    switch (now.kind) {
      case "reset-mid-reply": {
        response.writeHead(status, forwardableHeaders(headers, body.length));
        response.write(body.subarray(0, Math.floor(body.length / 2)));
        // Let the half reach the client, then break the connection.
        await new Promise((resolve) => setTimeout(resolve, 50));
        response.socket?.resetAndDestroy();
        return;
      }
      case "slow":
        await new Promise((resolve) => setTimeout(resolve, now.delayMs));
        if (response.socket === null || response.socket.destroyed) return;
        break;
      case "gateway-error": {
        const page = Buffer.from("<html><body><h1>Bad gateway</h1></body></html>");
        response.writeHead(now.status, { "content-type": "text/html", "content-length": String(page.length) }).end(page);
        return;
      }
      case "not-json": {
        const page = Buffer.from("<html><body>Maintenance</body></html>");
        response.writeHead(status, { ...forwardableHeaders(headers, page.length), "content-type": "text/html" }).end(page);
        return;
      }
      case "truncated": {
        const half = body.subarray(0, Math.floor(body.length / 2));
        response.writeHead(status, forwardableHeaders(headers, half.length)).end(half);
        return;
      }
      case "unsigned": {
        const unsigned = forwardableHeaders(headers, body.length);
        delete unsigned.signature;
        response.writeHead(status, unsigned).end(body);
        return;
      }
      case "wrong-signature": {
        const text = body.toString("utf8");
        // Same length, one character changed: still JSON (a digit or letter of an id), no longer what was signed.
        const index = text.search(/[0-9a-f]/);
        const changed = index === -1 ? `${text} ` : `${text.slice(0, index)}${text[index] === "0" ? "1" : "0"}${text.slice(index + 1)}`;
        const spoiled = Buffer.from(changed);
        response.writeHead(status, forwardableHeaders(headers, spoiled.length)).end(spoiled);
        return;
      }
      default:
        break;
    }
    response.writeHead(status, forwardableHeaders(headers, body.length)).end(body);
  };

  const server: Server = createServer((incoming, response) => {
    void (async () => {
      const body = await readAll(incoming);
      const method = incoming.method ?? "GET";
      const path = incoming.url ?? "/";
      const now = applies(method, path) ? fault : ({ kind: "none" } as const);
      const requestId = incoming.headers["x-request-id"];
      forwarded.push({ method, path, requestId: typeof requestId === "string" ? requestId : undefined });
      const headers = forwardableHeaders(incoming.headers, body.length);
      headers.host = bank.host;
      const answer = await new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const outgoing = httpRequest({ host: bank.hostname, port: bank.port, method, path, headers }, (bankResponse) => {
          readAll(bankResponse).then(
            (bankBody) => resolve({ status: bankResponse.statusCode ?? 502, headers: bankResponse.headers, body: bankBody }),
            reject,
          );
        });
        outgoing.on("error", reject);
        outgoing.end(body);
      });
      await reply(response, answer.status, answer.headers, answer.body, now);
    })().catch(() => {
      if (!response.headersSent) response.writeHead(502).end();
      else response.destroy();
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });

  let listening = false;
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        listening = true;
        resolve();
      });
    });
  const stopListening = () =>
    new Promise<void>((resolve) => {
      if (!listening) return resolve();
      listening = false;
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });

  await listen(options.port ?? 0);
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("startFaultProxy: the proxy reported no port");
  const port = address.port;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    forwarded,
    async setFault(next, only = () => true) {
      fault = next;
      applies = only;
      if (next.kind === "refuse") await stopListening();
      else if (!listening) await listen(port);
    },
    close: stopListening,
  };
}
