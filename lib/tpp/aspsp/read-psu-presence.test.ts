import { describe, expect, it } from "vitest";
import { readPsuPresence } from "./read-psu-presence";

describe("readPsuPresence", () => {
  it("forwards the browser's address, port, User-Agent, Accept headers and method", () => {
    const headers = new Headers({
      "x-forwarded-for": "203.0.113.7, 10.0.0.1",
      "x-forwarded-port": "3000",
      "user-agent": "Mozilla/5.0",
      accept: "text/html",
      "accept-charset": "utf-8",
      "accept-encoding": "gzip",
      "accept-language": "nb-NO",
      cookie: "never=forwarded",
    });
    expect(readPsuPresence(headers, "post")).toEqual({
      ipAddress: "203.0.113.7",
      ipPort: "3000",
      userAgent: "Mozilla/5.0",
      accept: "text/html",
      acceptCharset: "utf-8",
      acceptEncoding: "gzip",
      acceptLanguage: "nb-NO",
      httpMethod: "POST",
    });
  });

  it("reads IPv6, falls back to X-Real-IP, and leaves out what the browser did not send", () => {
    expect(readPsuPresence(new Headers({ "x-forwarded-for": "[2001:db8::1]" }), "GET")).toEqual({
      ipAddress: "2001:db8::1",
      httpMethod: "GET",
    });
    expect(readPsuPresence(new Headers({ "x-forwarded-for": "garbage", "x-real-ip": "198.51.100.2" }), "HEAD")).toEqual({
      ipAddress: "198.51.100.2",
    });
  });
});
