import { randomUUID } from "node:crypto";
import { connect } from "node:net";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorResponseSchema } from "../../psd2/schemas";
import { buildPaymentTestBank } from "../testing/payment-scenarios";

type RawReply = { status: number; headers: Record<string, string>; body: string };

/** Sends raw octets on a new connection and reads the reply until the bank closes it (or a reply is whole). */
function sendRaw(port: number, request: string | Buffer): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: "127.0.0.1", port });
    const chunks: Buffer[] = [];
    const finish = () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const split = text.indexOf("\r\n\r\n");
      const head = split < 0 ? text : text.slice(0, split);
      const [statusLine = "", ...lines] = head.split("\r\n");
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body: split < 0 ? "" : text.slice(split + 4) });
    };
    socket.on("data", (chunk) => {
      chunks.push(chunk);
      const text = Buffer.concat(chunks).toString("utf8");
      const split = text.indexOf("\r\n\r\n");
      const length = /content-length:\s*(\d+)/i.exec(text.slice(0, split))?.[1];
      if (split >= 0 && length !== undefined && Buffer.byteLength(text.slice(split + 4)) >= Number(length)) {
        socket.destroy();
        finish();
      }
    });
    socket.on("end", finish);
    socket.on("close", () => finish());
    socket.on("error", (error: NodeJS.ErrnoException) => (error.code === "ECONNRESET" ? finish() : reject(error)));
    socket.setTimeout(10_000, () => {
      socket.destroy();
      reject(new Error("no reply"));
    });
    socket.write(request);
  });
}

function expectInterfaceError(reply: RawReply, status: number, text: RegExp) {
  expect(reply.status, reply.body).toBe(status);
  expect(reply.headers["content-type"]).toMatch(/^application\/json/);
  expect(reply.body).not.toMatch(/FST_ERR|"statusCode"|Client Error/);
  const body = errorResponseSchema.parse(JSON.parse(reply.body));
  expect(body.tppMessages[0]).toMatchObject({ category: "ERROR", code: "BAD_REQUEST" });
  expect(body.tppMessages[0]?.text).toMatch(text);
  for (const message of body.tppMessages) expect(message.text?.length ?? 0).toBeLessThanOrEqual(512);
}

// docs/interface/errors.md#statuses-by-code: every 4xx has the tppMessages body, also for what Node's HTTP parser and
// Fastify's router refuse before any route runs (these are not signed: nothing of them could be read).
describe("requests refused before any route runs, on a listening bank", () => {
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    app = await buildPaymentTestBank("pglite");
    await app.listen({ host: "127.0.0.1", port: 0 });
    port = (app.server.address() as AddressInfo).port;
  }, 60_000);
  afterAll(() => app?.close());

  const line = (path: string) => `GET ${path} HTTP/1.1\r\nHost: bank.test\r\nX-Request-ID: ${randomUUID()}\r\n`;

  it("a path that is not valid percent-encoding: 400 BAD_REQUEST, signed", async () => {
    const reply = await sendRaw(port, `${line("/v1/sandbox/customers/%E0%A4%A")}Connection: close\r\n\r\n`);
    expectInterfaceError(reply, 400, /not valid percent-encoding/);
    expect(reply.headers["aspsp-signature-certificate"]).toEqual(expect.any(String));
  });

  it("headers of 20 KB: 431 with the interface's body", async () => {
    const reply = await sendRaw(port, `${line("/v1/accounts")}X-Padding: ${"a".repeat(20 * 1024)}\r\n\r\n`);
    expectInterfaceError(reply, 431, /larger than the bank accepts/);
  });

  it("a control character in a header value: 400 with the interface's body", async () => {
    const reply = await sendRaw(port, `${line("/v1/accounts")}PSU-ID: a\u0001b\r\n\r\n`);
    expectInterfaceError(reply, 400, /cannot be read: a header name or value holds a character HTTP does not allow/);
  });

  it("a space in a header name: 400 with the interface's body", async () => {
    const reply = await sendRaw(port, `${line("/v1/accounts")}PSU ID: x\r\n\r\n`);
    expectInterfaceError(reply, 400, /cannot be read/);
  });

  it("Content-Length that is not a number, and Content-Length with Transfer-Encoding: 400 with the interface's body", async () => {
    expectInterfaceError(
      await sendRaw(port, `POST /v1/consents HTTP/1.1\r\nHost: bank.test\r\nContent-Length: ten\r\n\r\n{}`),
      400,
      /cannot be read/,
    );
    expectInterfaceError(
      await sendRaw(
        port,
        `POST /v1/consents HTTP/1.1\r\nHost: bank.test\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
      ),
      400,
      /cannot be read/,
    );
  });

  it("a request line that is not HTTP: 400 with the interface's body", async () => {
    expectInterfaceError(await sendRaw(port, "HELLO THERE\r\n\r\n"), 400, /cannot be read/);
  });

  it("an id over 100 characters is not refused by the router: the request reaches the signature gate (unsigned here: SIGNATURE_MISSING)", async () => {
    const reply = await sendRaw(port, `${line(`/v1/sandbox/customers/${"a".repeat(300)}`)}Connection: close\r\n\r\n`);
    expect(reply.status).toBe(400);
    const body = errorResponseSchema.parse(JSON.parse(reply.body));
    expect(body.tppMessages.map((message) => message.code)).toContain("SIGNATURE_MISSING");
  });
});
