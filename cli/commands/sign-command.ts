import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import { CertificateError, loadCertificatePem, loadPrivateKeyPem } from "../../lib/psd2/certificates";
import { createRequestSigner, formatHttpDate, isDigestAlgorithm, SigningError } from "../../lib/psd2/signing";
import { CliError } from "../cli-error";
import { type CliIo, readRequestFile, readTextFile, requireFlag } from "../cli-io";

export const signUsage =
  'psd2 sign --key K.pem --cert C.pem --request R.json [--digest SHA-256|SHA-512] [--headers "date digest x-request-id ..."] [--request-target] [--passphrase P] [--curl BANK-URL]';

/** The --curl flag: the bank's base URL, http(s), without query or fragment. */
function parseBankUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new CliError(`--curl must be the bank's base URL such as http://localhost:4000, not '${value}'`);
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || url.search !== "" || url.hash !== "") {
    throw new CliError(`--curl must be the bank's base URL such as http://localhost:4000 (http or https, no query), not '${value}'`);
  }
  return url;
}

/** A word for a POSIX shell: single-quoted, a single quote written as '\''. */
function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/**
 * The signed request as one curl command (`-si`: the reply with its status line and headers, as
 * `psd2 verify-response` reads it); the body is sent as given, byte for byte, as JSON unless the
 * request names its Content-Type (curl's default, a form, is 415 at the bank). Content-Type is
 * not signed, so adding it leaves the signature whole.
 */
function curlCommand(bankUrl: URL, signed: { method: string; path: string; headers: Record<string, string>; body: string }): string {
  const base = bankUrl.href.replace(/\/+$/, "");
  const lines = [`curl -sS -i -X ${signed.method} ${shellQuote(`${base}${signed.path}`)}`];
  for (const [name, value] of Object.entries(signed.headers)) lines.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  if (signed.body !== "") {
    if (signed.body.includes("\0")) throw new CliError("--curl: the body holds a NUL character, which a shell argument cannot carry");
    const hasType = Object.keys(signed.headers).some((name) => name.toLowerCase() === "content-type");
    if (!hasType) lines.push(`-H ${shellQuote("Content-Type: application/json")}`);
    lines.push(`--data-binary ${shellQuote(signed.body)}`);
  }
  return lines.join(" \\\n  ");
}

/**
 * Signs a request file `{method, path, headers, body}` and prints it with Digest, Signature and
 * TPP-Signature-Certificate added (Date and X-Request-ID kept when given, added when not); with
 * --curl, as a curl command that sends it to the bank.
 * @see docs/interface/request-signing.md#request-signing
 */
export function signCommand(args: string[], io: CliIo): number {
  const { values } = parseArgs({
    args,
    options: {
      key: { type: "string" },
      cert: { type: "string" },
      request: { type: "string" },
      digest: { type: "string", default: "SHA-256" },
      headers: { type: "string" },
      "request-target": { type: "boolean", default: false },
      passphrase: { type: "string" },
      curl: { type: "string" },
    },
    strict: true,
  });
  const keyFile = requireFlag(values, "key", signUsage);
  const certFile = requireFlag(values, "cert", signUsage);
  const requestFile = requireFlag(values, "request", signUsage);
  const digest = values.digest ?? "SHA-256";
  if (!isDigestAlgorithm(digest)) throw new CliError(`--digest must be SHA-256 or SHA-512, not '${digest}'`);

  let privateKeyPem: string;
  let certificatePem: string;
  try {
    privateKeyPem = loadPrivateKeyPem(readTextFile(io, "--key", keyFile), values.passphrase ? { passphrase: values.passphrase } : {});
  } catch (error) {
    if (error instanceof CertificateError) throw new CliError(`--key ${keyFile}: ${error.message}`);
    throw error;
  }
  try {
    certificatePem = loadCertificatePem(readTextFile(io, "--cert", certFile));
  } catch (error) {
    if (error instanceof CertificateError) throw new CliError(`--cert ${certFile}: ${error.message}`);
    throw error;
  }
  const request = readRequestFile(io, requestFile);
  const bankUrl = values.curl === undefined ? undefined : parseBankUrl(values.curl);

  let signer;
  try {
    signer = createRequestSigner({ privateKeyPem, certificatePem });
  } catch (error) {
    if (error instanceof SigningError) throw new CliError(`--key ${keyFile} and --cert ${certFile}: ${error.message}`);
    throw error;
  }
  const has = (name: string) => Object.keys(request.headers).some((key) => key.toLowerCase() === name);
  const added: Record<string, string> = {};
  if (!has("date")) added.Date = formatHttpDate(io.now());
  if (!has("x-request-id")) added["X-Request-ID"] = randomUUID();
  const headers = { ...request.headers, ...added };
  const result = signer.sign(
    { method: request.method, path: request.path, headers, body: request.body },
    {
      digestAlgorithm: digest,
      ...(values.headers ? { headerOrder: values.headers.trim().split(/\s+/) } : {}),
      includeRequestTarget: values["request-target"] ?? false,
    },
  );
  // Replace any stale signature headers of the input, whatever their case.
  const replaced = new Set(Object.keys(result.headers).map((name) => name.toLowerCase()));
  const kept = Object.fromEntries(Object.entries(headers).filter(([name]) => !replaced.has(name.toLowerCase())));
  const signed = { method: request.method, path: request.path, headers: { ...kept, ...result.headers }, body: request.body };
  io.stdout(bankUrl === undefined ? `${JSON.stringify(signed, null, 2)}\n` : `${curlCommand(bankUrl, signed)}\n`);
  io.stderr(`keyId: ${signer.keyId}\nsigned headers: ${result.signedHeaders.join(" ")}\nsigning string:\n${result.signingString}\n`);
  return 0;
}
