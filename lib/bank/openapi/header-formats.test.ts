import { z } from "zod";
import { describe, expect, it } from "vitest";
import { checkSentHeaders } from "../services/sca-sessions/read-psu-headers";
import { HEADER_FORMATS } from "./v1-route";

/** Whether a value meets a header's documented keywords (the few HEADER_FORMATS uses), as a JSON Schema validator reads them. */
function meetsDocumented(keywords: Record<string, unknown>, value: string): boolean {
  const formats: Record<string, z.ZodType> = { uuid: z.uuid(), ipv4: z.ipv4(), ipv6: z.ipv6(), uri: z.url() };
  const format = (name: unknown) => formats[String(name)]?.safeParse(value).success ?? false;
  if (typeof keywords.format === "string" && !format(keywords.format)) return false;
  if (typeof keywords.pattern === "string" && !new RegExp(keywords.pattern, "u").test(value)) return false;
  if (Array.isArray(keywords.enum) && !keywords.enum.includes(value)) return false;
  if (typeof keywords.minLength === "number" && value.length < keywords.minLength) return false;
  if (typeof keywords.maxLength === "number" && value.length > keywords.maxLength) return false;
  if (Array.isArray(keywords.anyOf) && !keywords.anyOf.some((option) => meetsDocumented(option as Record<string, unknown>, value)))
    return false;
  return true;
}

/** Whether the bank takes a header's value (the check every request's headers pass, whatever the operation). */
function bankTakes(name: string, value: string): boolean {
  try {
    checkSentHeaders({ [name.toLowerCase()]: value });
    return true;
  } catch {
    return false;
  }
}

const SAMPLES: Readonly<Record<string, readonly string[]>> = {
  "PSU-ID": [
    "0b8c5d0e-6a8e-4c1f-9f3e-2d7a1b4c5e6f",
    "0B8C5D0E-6A8E-4C1F-9F3E-2D7A1B4C5E6F",
    "13039319955",
    "not-a-uuid",
    "0b8c5d0e6a8e4c1f9f3e2d7a1b4c5e6f",
  ],
  "PSU-Corporate-ID": ["3f2504e0-4f89-41d3-9a0c-0305e82c3301", "926148338", "3f2504e0-4f89-41d3-9a0c-0305e82c330"],
  "PSU-Device-ID": ["99435c7e-ad88-49ec-a2ad-99ddcb1f7721", "device-1"],
  "X-PSU-IDENTITY": ["13039319955", "1303931995", "1303931995x", "130393199551"],
  "PSU-IP-Address": ["192.168.0.1", "2001:db8::1", "::1", "256.1.1.1", "localhost", "192.168.0"],
  "PSU-Context": ["PRIVATE", "CORPORATE", "private", "BUSINESS"],
  "PSU-HTTP-Method": ["GET", "POST", "PUT", "PATCH", "DELETE", "get", "HEAD"],
  "TPP-Session-ID": ["bench", "a b c", "x".repeat(128), "x".repeat(129), "øre"],
  "TPP-Redirect-URI": [
    "https://tpp.example/callback",
    "http://localhost:3000/callback?flow=1",
    "ftp://tpp.example/x",
    "tpp.example/callback",
  ],
  "TPP-Redirect-Preferred": ["true", "false", "TRUE", "False", "yes", "1"],
};

describe("HEADER_FORMATS: what /openapi.json says of a header's value", () => {
  it("names every header with a format the bank checks, and has samples for each", () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(Object.keys(HEADER_FORMATS).sort());
  });

  it.each(Object.entries(SAMPLES))("%s: the document and the bank agree on every sample", (name, values) => {
    const keywords = HEADER_FORMATS[name] ?? {};
    const verdicts = values.map((value) => ({ value, documented: meetsDocumented(keywords, value), bank: bankTakes(name, value) }));
    expect(verdicts.filter((verdict) => verdict.documented !== verdict.bank)).toEqual([]);
    // Each header's samples hold values the bank takes and values it refuses, so that the comparison means something.
    expect(new Set(verdicts.map((verdict) => verdict.bank))).toEqual(new Set([true, false]));
  });
});
