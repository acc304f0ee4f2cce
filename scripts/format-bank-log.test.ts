import { describe, expect, it } from "vitest";
import { createBankLogFormatter } from "./format-bank-log.mjs";

const line = (entry: object) => JSON.stringify({ time: 1, pid: 1, hostname: "h", ...entry });

describe("the bank's log lines in npm run demo's terminal", () => {
  it("shows a request once, when it completed, with its method, URL, status and time", () => {
    const format = createBankLogFormatter();
    expect(
      format(line({ level: 30, reqId: "req-7", req: { method: "GET", url: "/v1/accounts?withBalance=true" }, msg: "incoming request" })),
    ).toBeUndefined();
    expect(format(line({ level: 30, reqId: "req-7", res: { statusCode: 401 }, responseTime: 3.6, msg: "request completed" }))).toBe(
      "GET /v1/accounts?withBalance=true 401 (4 ms)",
    );
  });

  it("leaves out the health checks", () => {
    const format = createBankLogFormatter();
    expect(format(line({ level: 30, reqId: "req-1", req: { method: "GET", url: "/health" }, msg: "incoming request" }))).toBeUndefined();
    expect(
      format(line({ level: 30, reqId: "req-1", res: { statusCode: 200 }, responseTime: 0.5, msg: "request completed" })),
    ).toBeUndefined();
  });

  it("shows other messages with their level unless info, and an error's message", () => {
    const format = createBankLogFormatter();
    expect(format(line({ level: 30, msg: "listening on http://127.0.0.1:4000" }))).toBe("listening on http://127.0.0.1:4000");
    expect(format(line({ level: 50, msg: "batch run failed", err: { message: "connection lost" } }))).toBe(
      "error: batch run failed: connection lost",
    );
  });

  it("keeps a line that is not JSON as it is", () => {
    const format = createBankLogFormatter();
    expect(format("(node:1) Warning: something")).toBe("(node:1) Warning: something");
    expect(format("42")).toBe("42");
  });
});
