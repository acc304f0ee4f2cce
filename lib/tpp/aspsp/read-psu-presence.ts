import { isIP } from "node:net";
import type { PsuPresence } from "./aspsp-caller";

/** Request headers as Next hands them over (next/headers) or any Headers object. */
export interface RequestHeaders {
  get(name: string): string | null;
}

const METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"] as const);

function present(value: string | null): string | undefined {
  return value === null || value.trim() === "" ? undefined : value.trim();
}

/** The PSU's address: the first X-Forwarded-For entry (Next's server sets it), else X-Real-IP. */
function clientAddress(headers: RequestHeaders): string {
  const candidates = [headers.get("x-forwarded-for")?.split(",")[0], headers.get("x-real-ip") ?? undefined];
  for (const candidate of candidates) {
    const value = candidate?.trim().replace(/^\[(.*)\]$/, "$1");
    if (value !== undefined && isIP(value) !== 0) return value;
  }
  // Next's own server always sets X-Forwarded-For; only a bare custom server might not.
  return "127.0.0.1";
}

/**
 * What the TPP forwards about the PSU's request to the bank when the PSU takes part in real time:
 * the address (PSU-IP-Address), the port the PSU connected to (PSU-IP-Port, from
 * X-Forwarded-Port: the PSU's own source port is not visible to a Next app), the browser's
 * User-Agent and Accept headers, and the method of the PSU's request.
 * @see docs/interface/header-parameters.md#headers-by-operation, docs/interface/authentication.md#psu-present-or-absent
 */
export function readPsuPresence(headers: RequestHeaders, method: string): PsuPresence {
  const upper = method.toUpperCase();
  const presence: { -readonly [K in keyof PsuPresence]: PsuPresence[K] } = { ipAddress: clientAddress(headers) };
  const forwarded = [
    ["ipPort", "x-forwarded-port"],
    ["userAgent", "user-agent"],
    ["accept", "accept"],
    ["acceptCharset", "accept-charset"],
    ["acceptEncoding", "accept-encoding"],
    ["acceptLanguage", "accept-language"],
  ] as const;
  for (const [field, name] of forwarded) {
    const value = present(headers.get(name));
    if (value !== undefined) presence[field] = value;
  }
  const httpMethod = [...METHODS].find((m) => m === upper);
  if (httpMethod !== undefined) presence.httpMethod = httpMethod;
  return presence;
}
