import { describe, expect, it } from "vitest";
import { BankError } from "../../errors";
import { readPsuHeaders } from "./read-psu-headers";

// docs/interface/header-parameters.md#headers-by-operation; docs/interface/errors.md#statuses-by-code (FORMAT_ERROR naming the header).
describe("readPsuHeaders", () => {
  it("reads valid headers, lower-casing UUIDs; TPP-Redirect-Preferred defaults to true", () => {
    expect(
      readPsuHeaders({
        "psu-id": "3D9A4F44-8D73-4F3E-9B7A-1C2D3E4F5A6B",
        "tpp-session-id": " s-1 ",
        "tpp-redirect-uri": "https://tpp.example/cb?x=1",
        "psu-ip-address": "2001:db8::1",
        "x-psu-identity": "13039319955",
      }),
    ).toEqual({
      psuId: "3d9a4f44-8d73-4f3e-9b7a-1c2d3e4f5a6b",
      tppSessionId: "s-1",
      tppRedirectUri: "https://tpp.example/cb?x=1",
      psuIpAddress: "2001:db8::1",
      psuIdentity: "13039319955",
      tppRedirectPreferred: true,
    });
    expect(readPsuHeaders({ "tpp-redirect-preferred": "FALSE" }).tppRedirectPreferred).toBe(false);
  });

  it("names every malformed header in one error", () => {
    try {
      readPsuHeaders({
        "psu-id": "x",
        "tpp-redirect-uri": "https://user:pw@tpp.example/",
        "psu-ip-address": "localhost",
        "tpp-session-id": "ø",
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(BankError);
      const messages = error instanceof BankError ? error.tppMessages : [];
      expect(messages.map((m) => [m.code, m.path])).toEqual([
        ["FORMAT_ERROR", "PSU-ID"],
        ["FORMAT_ERROR", "PSU-IP-Address"],
        ["FORMAT_ERROR", "TPP-Session-ID"],
        ["FORMAT_ERROR", "TPP-Redirect-URI"],
      ]);
      expect(messages.every((m) => m.text.length <= 512 && m.text.includes(m.path ?? "?"))).toBe(true);
    }
  });
});
