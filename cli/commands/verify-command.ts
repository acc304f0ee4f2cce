import { parseArgs } from "node:util";
import { verifyRequest } from "../../lib/psd2/signing";
import { type CliIo, parseNowFlag, readRequestFile, readTrustAnchors, requireFlag } from "../cli-io";

export const verifyUsage = "psd2 verify --trust CA.pem [--now ISO-8601] [--lenient] --request R.json";

/**
 * Verifies a signed request (or a shared vector file) as the bank does; prints
 * `{"verdict","code","failures"}` on stdout and explains each failed check on stderr.
 * Exit 0 on PASS, 1 on FAIL.
 * @see docs/interface/request-signing.md#the-banks-checks
 */
export function verifyCommand(args: string[], io: CliIo): number {
  const { values } = parseArgs({
    args,
    options: {
      trust: { type: "string" },
      now: { type: "string" },
      lenient: { type: "boolean", default: false },
      request: { type: "string" },
    },
    strict: true,
  });
  const trustFile = requireFlag(values, "trust", verifyUsage);
  const requestFile = requireFlag(values, "request", verifyUsage);
  const now = parseNowFlag(values.now) ?? io.now();
  const trustAnchors = readTrustAnchors(io, trustFile);
  const request = readRequestFile(io, requestFile);
  const mode = values.lenient ? "lenient" : "strict";
  const result = verifyRequest(
    { method: request.method, path: request.path, headers: request.headers, body: request.body },
    { mode, trustAnchors, now },
  );
  io.stdout(`${JSON.stringify({ verdict: result.verdict, code: result.code, failures: result.failures.map((f) => f.check) })}\n`);

  const lines = [`${result.verdict} (${mode} mode, certificate validity checked at ${now.toISOString()})`];
  if (result.certificate) lines.push(`certificate: ${result.certificate.keyId}`);
  if (result.signingString !== undefined) lines.push("signing string rebuilt from the request:", result.signingString);
  if (result.verdict === "FAIL") {
    lines.push(`the bank answers HTTP 400 with code ${result.code}, because:`);
    for (const failure of result.failures) lines.push(`- ${failure.check}: ${failure.message}`);
  }
  io.stderr(`${lines.join("\n")}\n`);
  return result.verdict === "PASS" ? 0 : 1;
}
