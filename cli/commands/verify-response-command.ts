import { parseArgs } from "node:util";
import { z } from "zod";
import { createHeaderLookup, decodeHeaderOctets, verifyResponse } from "../../lib/psd2/signing";
import { CliError } from "../cli-error";
import { type CliIo, parseNowFlag, readBytesFile, readRequestFile, readTrustAnchors, requireFlag } from "../cli-io";

export const verifyResponseUsage =
  "psd2 verify-response --trust CA.pem [--now ISO-8601] [--lenient] [--request R.json] --response REPLY (curl -si output, or {status, headers, body})";

/** A bank reply: the output of `curl -si` (status line, headers, blank line, body as received), or JSON. */
type Reply = { status: number | undefined; headers: Record<string, string | string[]>; body: Uint8Array | string };

const replyFileSchema = z.object({
  status: z.number().int().min(100).max(599).optional(),
  headers: z.record(z.string(), z.string()),
  body: z.unknown().optional(),
});

const HEADER_END = Buffer.from("\r\n\r\n");

/** Reads the reply as curl -si wrote it: the last header block (after any 1xx), then the body octets. */
function parseRawReply(bytes: Buffer, file: string): Reply {
  let rest = bytes;
  for (;;) {
    let end = rest.indexOf(HEADER_END);
    let separator = HEADER_END.length;
    if (end < 0) {
      // A file saved by an editor may have lost its carriage returns.
      end = rest.indexOf("\n\n");
      separator = 2;
    }
    if (end < 0) throw new CliError(`--response ${file}: no blank line ends the headers (save the reply with curl -si)`);
    const lines = rest.subarray(0, end).toString("latin1").split(/\r?\n/);
    const statusLine = /^HTTP\/[\d.]+ (\d{3})/.exec(lines[0] ?? "");
    if (!statusLine) throw new CliError(`--response ${file}: the first line is not an HTTP status line such as 'HTTP/1.1 200 OK'`);
    const status = Number(statusLine[1]);
    rest = rest.subarray(end + separator);
    if (status >= 100 && status < 200) continue;
    const headers: Record<string, string[]> = {};
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(":");
      if (colon <= 0) throw new CliError(`--response ${file}: '${line.slice(0, 60)}' is not a header line 'Name: value'`);
      const name = line.slice(0, colon).trim();
      (headers[name] ??= []).push(decodeHeaderOctets(line.slice(colon + 1).trim()));
    }
    return { status, headers, body: rest };
  }
}

function readReply(io: CliIo, file: string): Reply {
  const bytes = readBytesFile(io, "--response", file);
  if (bytes.subarray(0, 5).toString("latin1") === "HTTP/") return parseRawReply(bytes, file);
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString("utf8"));
  } catch {
    throw new CliError(`--response ${file} is neither a reply saved with curl -si (it begins with HTTP/) nor JSON {status, headers, body}`);
  }
  if (typeof json === "object" && json !== null && ("method" in json || "request" in json)) {
    throw new CliError(
      `--response ${file} is a request (or a test vector): psd2 verify checks a request, verify-response the bank's reply`,
    );
  }
  const parsed = replyFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? issue.path.join(".") : "the reply";
    throw new CliError(`--response ${file}: ${where} ${issue?.message ?? "is invalid"} (expected {status, headers, body})`);
  }
  const { body } = parsed.data;
  const text = body === undefined || body === null ? "" : typeof body === "string" ? body : JSON.stringify(body);
  return { status: parsed.data.status, headers: parsed.data.headers, body: text };
}

/**
 * Verifies a bank's signed reply as a TPP should: Digest over the body as received, the
 * Signature over date, digest and x-request-id, the ASPSP-Signature-Certificate chained to a
 * trusted CA (the sandbox's from /portal/ca.pem) and valid at `now`; with --request, that the
 * reply's X-Request-ID is the request's. Prints `{"verdict","code","failures"}` on stdout and
 * explains each failed check on stderr. Exit 0 on PASS, 1 on FAIL.
 * @see docs/interface/request-signing.md#response-signing
 */
export function verifyResponseCommand(args: string[], io: CliIo): number {
  const { values } = parseArgs({
    args,
    options: {
      trust: { type: "string" },
      now: { type: "string" },
      lenient: { type: "boolean", default: false },
      request: { type: "string" },
      response: { type: "string" },
    },
    strict: true,
  });
  const trustFile = requireFlag(values, "trust", verifyResponseUsage);
  const responseFile = requireFlag(values, "response", verifyResponseUsage);
  const now = parseNowFlag(values.now) ?? io.now();
  const trustAnchors = readTrustAnchors(io, trustFile);
  const request = values.request === undefined ? undefined : readRequestFile(io, values.request);
  const reply = readReply(io, responseFile);
  const mode = values.lenient ? "lenient" : "strict";
  const result = verifyResponse({ headers: reply.headers, body: reply.body }, { mode, trustAnchors, now });

  const failures = result.failures.map((failure) => ({ check: failure.check as string, message: failure.message }));
  if (request !== undefined) {
    const sent = createHeaderLookup(request.headers)("x-request-id");
    const echoed = createHeaderLookup(reply.headers)("x-request-id");
    if (sent === undefined) {
      failures.push({
        check: "request.x-request-id",
        message: `--request ${values.request} has no X-Request-ID to compare the reply's with`,
      });
    } else if (echoed !== sent) {
      failures.push({
        check: "request.x-request-id",
        message: `the reply's X-Request-ID is ${echoed === undefined ? "missing" : `'${echoed}'`}, not the request's '${sent}': it is not the reply to that request`,
      });
    }
  }
  const verdict = failures.length === 0 ? "PASS" : "FAIL";
  io.stdout(`${JSON.stringify({ verdict, status: reply.status ?? null, failures: failures.map((f) => f.check) })}\n`);

  const lines = [`${verdict} (${mode} mode, certificate validity checked at ${now.toISOString()})`];
  if (result.certificate) lines.push(`signed by: ${result.certificate.keyId}`);
  if (result.signingString !== undefined) lines.push("signing string rebuilt from the reply:", result.signingString);
  if (verdict === "FAIL") {
    lines.push("do not trust this reply, because:");
    for (const failure of failures) lines.push(`- ${failure.check}: ${failure.message}`);
    if (failures.some((f) => f.check === "signature.present") && createHeaderLookup(reply.headers)("x-request-id") === undefined) {
      lines.push("the reply has no X-Request-ID either: the bank signs its replies to requests it could read an X-Request-ID from");
    }
  }
  io.stderr(`${lines.join("\n")}\n`);
  return verdict === "PASS" ? 0 : 1;
}
