import type { IncomingHttpHeaders } from "node:http";
import { validateAcceptFix } from "../../../psd2/validation";
import { BankError } from "../../errors";
import { type PsuHeaders, readPsuHeaders } from "../sca-sessions/read-psu-headers";

/** The headers of a payment or basket creation, validated. */
export type PaymentRequestHeaders = PsuHeaders & {
  /** PSU-Context: required for the single-SCA PISP-only journey (no PSU-ID). */
  psuContext?: "PRIVATE" | "CORPORATE";
};

function single(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  const text = (Array.isArray(value) ? value.join(", ") : value)?.trim();
  return text === undefined || text === "" ? undefined : text;
}

/**
 * Reads the headers of POST /v1/{service}/{product} and POST /v1/signing-baskets: the PSU and SCA
 * headers (readPsuHeaders), x-accept-fix (a comma-separated list of published fixes; presence is
 * the security gate's check) and PSU-Context (PRIVATE or CORPORATE). A wrong value is 400
 * FORMAT_ERROR naming the header.
 *
 * @see docs/interface/header-parameters.md#headers-by-operation, docs/interface/versioning.md#versioning; docs/interface/payments.md#payments-in-the-sandbox, docs/interface/header-parameters.md#x-accept-fix
 */
export function readPaymentRequestHeaders(headers: IncomingHttpHeaders): PaymentRequestHeaders {
  const acceptFix = single(headers, "x-accept-fix");
  if (acceptFix !== undefined) {
    const violation = validateAcceptFix(acceptFix);
    if (violation) throw new BankError(violation.code, `The header x-accept-fix ${violation.reason}`, { path: "x-accept-fix" });
  }
  const psu = readPsuHeaders(headers);
  const context = single(headers, "PSU-Context");
  if (context === undefined) return psu;
  if (context !== "PRIVATE" && context !== "CORPORATE") {
    throw new BankError("FORMAT_ERROR", `The header PSU-Context must be PRIVATE or CORPORATE, not '${context.slice(0, 40)}'`, {
      path: "PSU-Context",
    });
  }
  return { ...psu, psuContext: context };
}
