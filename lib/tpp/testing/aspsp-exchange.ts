import { randomUUID } from "node:crypto";
import type { AspspExchange } from "../aspsp/aspsp-exchange";

/**
 * An exchange with the bank as the request inspector records it, for tests that store calls:
 * a signed GET /v1/accounts answered 200 for user kari at 2026-03-02T10:00Z, with `overrides`.
 */
export function testExchange(overrides: Partial<AspspExchange> = {}): AspspExchange {
  return {
    startedAt: new Date("2026-03-02T10:00:00.000Z"),
    userId: "kari",
    flowId: undefined,
    method: "GET",
    url: "http://localhost:4000/v1/accounts",
    requestId: randomUUID(),
    attempt: 1,
    requestHeaders: [],
    signingString: "",
    signedHeaders: [],
    requestBody: "",
    status: 200,
    responseHeaders: [],
    responseBody: "{}",
    durationMs: 20,
    signature: undefined,
    error: undefined,
    ...overrides,
  };
}
