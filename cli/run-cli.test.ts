import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { renderCertificatePage } from "../lib/bank/portal/render-certificate-page";
import { renderPortalPage } from "../lib/bank/portal/render-portal-page";
import { createRequestSigner } from "../lib/psd2/signing";
import type { CliIo } from "./cli-io";
import { runCli, usage } from "./run-cli";

const repo = fileURLToPath(new URL("..", import.meta.url));
const shared = fileURLToPath(new URL("../test-vectors/signature/", import.meta.url));
const keys = path.join(shared, "keys");
const trusted = path.join(keys, "trusted-cas.pem");
const vectorDir = path.join(shared, "vectors");
const vectorFiles = readdirSync(vectorDir)
  .filter((f) => /^[PAN]\d\d-/.test(f))
  .sort();

type Vector = {
  id: string;
  request: { method: string; path: string; headers: Record<string, string>; body: string };
  expected: {
    verdict: string;
    strictVerdict: string;
    code: string | null;
    strictFailures: string[];
    failures: string[];
    signature: string;
    digest: string;
    signatureHeaderDecoded: string;
  };
};
const readVector = (file: string): Vector => JSON.parse(readFileSync(path.join(vectorDir, file), "utf8"));

function run(args: string[], options: { cwd?: string; now?: string } = {}) {
  let stdout = "";
  let stderr = "";
  const io: CliIo = {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    cwd: options.cwd ?? repo,
    now: () => new Date(options.now ?? "2026-01-01T00:00:00Z"),
  };
  const code = runCli(args, io);
  return { code, stdout, stderr };
}

function tempDir(): string {
  return mkdtempSync(path.join(tmpdir(), "psd2-cli-"));
}

describe("psd2 verify", () => {
  it.each(vectorFiles)("gives %s its strict verdict, code and failed checks", (file) => {
    const vector = readVector(file);
    const result = run(["verify", "--trust", trusted, "--now", "2026-01-01T00:00:00Z", "--request", path.join(vectorDir, file)]);
    const output = JSON.parse(result.stdout);
    expect(output.verdict).toBe(vector.expected.strictVerdict);
    expect(result.code).toBe(vector.expected.strictVerdict === "PASS" ? 0 : 1);
    expect(output.code).toBe(vector.expected.strictVerdict === "PASS" ? null : vector.expected.code);
    expect([...output.failures].sort()).toEqual([...vector.expected.strictFailures].sort());
    if (output.verdict === "FAIL") {
      for (const check of output.failures) expect(result.stderr).toContain(`- ${check}: `);
      expect(result.stderr).toContain(`the bank answers HTTP 400 with code ${vector.expected.code}`);
    }
  });

  it.each(vectorFiles.filter((f) => f.startsWith("A")))("accepts %s with --lenient", (file) => {
    const vector = readVector(file);
    const result = run([
      "verify",
      "--trust",
      trusted,
      "--now",
      "2026-01-01T00:00:00Z",
      "--lenient",
      "--request",
      path.join(vectorDir, file),
    ]);
    expect(JSON.parse(result.stdout)).toEqual({ verdict: vector.expected.verdict, code: null, failures: [] });
    expect(result.code).toBe(0);
  });

  it("checks validity at the real time without --now: the expired certificate fails", () => {
    const result = run(["verify", "--trust", trusted, "--request", path.join(vectorDir, "N07-expired-certificate.json")], {
      now: "2030-06-01T00:00:00Z",
    });
    expect(JSON.parse(result.stdout).code).toBe("CERTIFICATE_EXPIRED");
    expect(result.stderr).toContain("2030-06-01T00:00:00.000Z");
  });
});

describe("psd2 sign", () => {
  const key = path.join(keys, "tpp.key.pem");
  const cert = path.join(keys, "tpp.cert.pem");
  const signatureHeaders = ["Digest", "Signature", "TPP-Signature-Certificate"];

  it("reproduces P03's Digest and Signature exactly, and the result verifies", () => {
    const vector = readVector("P03-post-consent-sha256.json");
    const headers = Object.fromEntries(Object.entries(vector.request.headers).filter(([name]) => !signatureHeaders.includes(name)));
    const dir = tempDir();
    const requestFile = path.join(dir, "request.json");
    writeFileSync(requestFile, JSON.stringify({ ...vector.request, headers }));
    const result = run(["sign", "--key", key, "--cert", cert, "--request", requestFile]);
    expect(result.code).toBe(0);
    const signed = JSON.parse(result.stdout);
    expect(signed.headers.Digest).toBe(vector.expected.digest);
    expect(signed.headers.Signature).toBe(vector.expected.signatureHeaderDecoded);
    expect(signed.headers["TPP-Signature-Certificate"]).toBe(vector.request.headers["TPP-Signature-Certificate"]);
    expect(signed.headers.Date).toBe(vector.request.headers.Date);
    expect(signed.body).toBe(vector.request.body);
    expect(result.stderr).toContain("signing string:\ndate: Tue, 03 Jun 2025 10:15:30 GMT\ndigest: SHA-256=");

    const signedFile = path.join(dir, "signed.json");
    writeFileSync(signedFile, result.stdout);
    const verified = run(["verify", "--trust", trusted, "--now", "2026-01-01T00:00:00Z", "--request", signedFile]);
    expect(JSON.parse(verified.stdout)).toEqual({ verdict: "PASS", code: null, failures: [] });
  });

  it("reproduces P04 (SHA-512) and P07 ((request-target)) with their options", () => {
    for (const [file, extra] of [
      ["P04-post-payment-sha512-utf8-body.json", ["--digest", "SHA-512"]],
      ["P07-request-target-included.json", ["--request-target"]],
      ["P06-bg-example-header-order.json", ["--headers", "digest x-request-id psu-id tpp-redirect-uri date"]],
    ] as const) {
      const vector = readVector(file);
      const headers = Object.fromEntries(Object.entries(vector.request.headers).filter(([name]) => !signatureHeaders.includes(name)));
      const requestFile = path.join(tempDir(), "request.json");
      writeFileSync(requestFile, JSON.stringify({ ...vector.request, headers }));
      const result = run(["sign", "--key", key, "--cert", cert, "--request", requestFile, ...extra]);
      expect(JSON.parse(result.stdout).headers.Signature).toBe(vector.expected.signatureHeaderDecoded);
    }
  });

  it("adds Date and X-Request-ID when the request has none, and serialises a JSON body once", () => {
    const requestFile = path.join(tempDir(), "request.json");
    writeFileSync(
      requestFile,
      JSON.stringify({ method: "POST", path: "/v1/consents", headers: { "PSU-ID": "x" }, body: { access: { accounts: [] } } }, null, 2),
    );
    const result = run(["sign", "--key", key, "--cert", cert, "--request", requestFile], { now: "2026-03-04T05:06:07Z" });
    const signed = JSON.parse(result.stdout);
    expect(signed.headers.Date).toBe("Wed, 04 Mar 2026 05:06:07 GMT");
    expect(signed.headers["X-Request-ID"]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(signed.body).toBe('{"access":{"accounts":[]}}');
    expect(signed.headers.Signature).toContain('headers="date digest x-request-id psu-id"');
  });
});

describe("psd2 sign --curl", () => {
  const key = path.join(keys, "tpp.key.pem");
  const cert = path.join(keys, "tpp.cert.pem");

  it("prints a curl command whose words are the signed request, the body byte for byte, as JSON", () => {
    const dir = tempDir();
    const requestFile = path.join(dir, "request.json");
    const body = { note: 'it\'s $HOME `x` \\ "q"', amount: "1.00" };
    writeFileSync(
      requestFile,
      JSON.stringify({ method: "POST", path: "/v1/consents?x=1&y=2", headers: { "TPP-Session-ID": "s 1" }, body }),
    );
    const result = run(["sign", "--key", key, "--cert", cert, "--request", requestFile, "--curl", "http://localhost:4900/"]);
    expect(result.code).toBe(0);
    // A curl that prints the words it was given, one JSON array: what the shell made of the command.
    const bin = path.join(dir, "bin");
    execFileSync("mkdir", [bin]);
    writeFileSync(path.join(bin, "curl"), `#!${process.execPath}\nconsole.log(JSON.stringify(process.argv.slice(2)));\n`, { mode: 0o755 });
    const words: string[] = JSON.parse(
      execFileSync("sh", ["-c", result.stdout], { encoding: "utf8", env: { ...process.env, PATH: `${bin}:${process.env.PATH}` } }),
    );
    expect(words.slice(0, 5)).toEqual(["-sS", "-i", "-X", "POST", "http://localhost:4900/v1/consents?x=1&y=2"]);
    expect(words.at(-2)).toBe("--data-binary");
    expect(words.at(-1)).toBe(JSON.stringify(body));
    const headers = Object.fromEntries(
      words
        .filter((_, i) => words[i - 1] === "-H")
        .map((header) => [header.slice(0, header.indexOf(":")), header.slice(header.indexOf(":") + 2)]),
    );
    expect(headers["TPP-Session-ID"]).toBe("s 1");
    expect(headers["Content-Type"]).toBe("application/json");

    // The headers the shell passed verify as the request the bank would receive.
    const signedFile = path.join(dir, "signed.json");
    writeFileSync(signedFile, JSON.stringify({ method: "POST", path: "/v1/consents?x=1&y=2", headers, body: JSON.stringify(body) }));
    const verified = run(["verify", "--trust", trusted, "--now", "2026-01-01T00:00:00Z", "--request", signedFile]);
    expect(JSON.parse(verified.stdout)).toEqual({ verdict: "PASS", code: null, failures: [] });
  });

  it("sends a signed request file again as it was: the same Date, X-Request-ID and Signature", () => {
    const dir = tempDir();
    const requestFile = path.join(dir, "request.json");
    writeFileSync(requestFile, JSON.stringify({ method: "GET", path: "/v1/accounts", headers: {} }));
    const signedFile = path.join(dir, "signed.json");
    writeFileSync(signedFile, run(["sign", "--key", key, "--cert", cert, "--request", requestFile]).stdout);
    const signed = JSON.parse(readFileSync(signedFile, "utf8"));
    const again = run(["sign", "--key", key, "--cert", cert, "--request", signedFile, "--curl", "http://localhost:4000"], {
      now: "2027-05-05T00:00:00Z",
    });
    for (const name of ["Date", "X-Request-ID", "Signature"]) expect(again.stdout).toContain(`-H '${name}: ${signed.headers[name]}'`);
  });

  it("keeps the request's own Content-Type and sends no body for a GET", () => {
    const requestFile = path.join(tempDir(), "request.json");
    writeFileSync(requestFile, JSON.stringify({ method: "GET", path: "/v1/accounts", headers: {} }));
    const result = run(["sign", "--key", key, "--cert", cert, "--request", requestFile, "--curl", "https://bank.example/psd2"]);
    expect(result.stdout.startsWith("curl -sS -i -X GET 'https://bank.example/psd2/v1/accounts' \\\n")).toBe(true);
    expect(result.stdout).not.toContain("--data-binary");
    expect(result.stdout).not.toContain("Content-Type");
  });
});

describe("psd2 verify-response", () => {
  const seal = createRequestSigner({
    privateKeyPem: readFileSync(path.join(keys, "tpp.key.pem"), "utf8"),
    certificatePem: readFileSync(path.join(keys, "tpp.cert.pem"), "utf8"),
  });
  const requestId = "6f1c1f0a-2f4e-4c55-9a4e-1f0f3d1b2a10";
  const body = '{"accounts":[{"name":"Brukskonto","ownerName":"Åse Ødegård"}]}';
  const signed = seal.signResponse({ headers: { Date: "Thu, 01 Jan 2026 00:00:00 GMT", "X-Request-ID": requestId }, body });
  const replyHeaders: Record<string, string> = {
    "Content-Type": "application/json; charset=utf-8",
    "X-Request-ID": requestId,
    Date: "Thu, 01 Jan 2026 00:00:00 GMT",
    ...signed.headers,
  };
  const rawReply = (text: string, status = "HTTP/1.1 200 OK") =>
    Buffer.concat([
      Buffer.from(
        `${status}\r\n${Object.entries(replyHeaders)
          .map(([name, value]) => `${name}: ${value}\r\n`)
          .join("")}\r\n`,
      ),
      Buffer.from(text, "utf8"),
    ]);
  const verifyReply = (file: string, extra: string[] = []) =>
    run(["verify-response", "--trust", trusted, "--now", "2026-01-01T00:00:00Z", ...extra, "--response", file]);

  it("passes a reply saved with curl -si (after a 100 Continue) and names the seal", () => {
    const file = path.join(tempDir(), "reply.http");
    writeFileSync(file, Buffer.concat([Buffer.from("HTTP/1.1 100 Continue\r\n\r\n"), rawReply(body, "HTTP/1.1 201 Created")]));
    const result = verifyReply(file);
    expect(JSON.parse(result.stdout)).toEqual({ verdict: "PASS", status: 201, failures: [] });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`signed by: ${seal.keyId}`);
    expect(result.stderr).toContain(`x-request-id: ${requestId}`);
  });

  it("passes the same reply as JSON {status, headers, body}", () => {
    const file = path.join(tempDir(), "reply.json");
    writeFileSync(file, JSON.stringify({ status: 200, headers: replyHeaders, body }));
    expect(JSON.parse(verifyReply(file).stdout)).toEqual({ verdict: "PASS", status: 200, failures: [] });
  });

  it("fails a reply whose body was changed, with the digest it has", () => {
    const file = path.join(tempDir(), "reply.http");
    writeFileSync(file, rawReply(body.replace("Brukskonto", "Sparekonto")));
    const result = verifyReply(file);
    expect(JSON.parse(result.stdout)).toEqual({ verdict: "FAIL", status: 200, failures: ["digest.match"] });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("do not trust this reply, because:\n- digest.match: the Digest header says");
  });

  it("fails a seal that does not chain to the trusted CA", () => {
    const dir = tempDir();
    run(["cert", "ca", "--org", "Other CA", "--out", path.join(dir, "ca")]);
    const file = path.join(dir, "reply.http");
    writeFileSync(file, rawReply(body));
    const result = run([
      "verify-response",
      "--trust",
      path.join(dir, "ca", "ca.cert.pem"),
      "--now",
      "2026-01-01T00:00:00Z",
      "--response",
      file,
    ]);
    expect(JSON.parse(result.stdout).failures).toEqual(["certificate.chain"]);
    expect(result.code).toBe(1);
  });

  it("with --request, fails a reply to another request (its X-Request-ID)", () => {
    const dir = tempDir();
    const file = path.join(dir, "reply.http");
    writeFileSync(file, rawReply(body));
    const own = path.join(dir, "own.json");
    writeFileSync(own, JSON.stringify({ method: "GET", path: "/v1/accounts", headers: { "X-Request-ID": requestId } }));
    expect(JSON.parse(verifyReply(file, ["--request", own]).stdout).verdict).toBe("PASS");
    const other = path.join(dir, "other.json");
    writeFileSync(
      other,
      JSON.stringify({ method: "GET", path: "/v1/accounts", headers: { "X-Request-ID": "0d9c1b7e-0000-4000-8000-000000000000" } }),
    );
    const result = verifyReply(file, ["--request", other]);
    expect(JSON.parse(result.stdout)).toEqual({ verdict: "FAIL", status: 200, failures: ["request.x-request-id"] });
    expect(result.stderr).toContain("it is not the reply to that request");
  });

  it("fails an unsigned reply, naming each missing header", () => {
    const file = path.join(tempDir(), "reply.http");
    writeFileSync(file, 'HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\n\r\n{"tppMessages":[]}');
    const result = verifyReply(file);
    expect(JSON.parse(result.stdout).failures).toEqual(["signature.present", "certificate.present", "digest.present"]);
    expect(result.stderr).toContain("no ASPSP-Signature-Certificate header");
    expect(result.stderr).toContain(
      "the reply has no X-Request-ID either: the bank signs its replies to requests it could read an X-Request-ID from",
    );
  });
});

describe("psd2 cert", () => {
  it("issues a TPP certificate under a new CA, inspects it, and signs with it", () => {
    const dir = tempDir();
    const made = run(["cert", "ca", "--org", "Testbank", "--out", path.join(dir, "ca")]);
    expect(made.code).toBe(0);
    expect(JSON.parse(made.stdout).isCa).toBe(true);
    const issued = run([
      "cert",
      "issue",
      "--ca-cert",
      path.join(dir, "ca", "ca.cert.pem"),
      "--ca-key",
      path.join(dir, "ca", "ca.key.pem"),
      "--org",
      "Demo TPP AS",
      "--org-id",
      "PSDNO-FSA-987654",
      "--roles",
      "PSP_AI,PSP_PI",
      "--out",
      path.join(dir, "tpp"),
    ]);
    expect(issued.code).toBe(0);
    const description = JSON.parse(issued.stdout);
    expect(description).toMatchObject({
      roles: ["PSP_AI", "PSP_PI"],
      organisationId: "PSDNO-FSA-987654",
      organisationName: "Demo TPP AS",
      competentAuthority: { name: "Finanstilsynet", id: "NO-FSA" },
      validity: { notBefore: "2026-01-01T00:00:00.000Z", notAfter: "2028-01-01T00:00:00.000Z" },
    });
    expect(description.keyId).toMatch(/^SN=[0-9A-F]+,CA=CN=Testbank Sandbox QTSP CA,O=Testbank,C=NO$/);

    const inspected = run(["cert", "inspect", path.join(dir, "tpp", "certificate.pem")]);
    expect(JSON.parse(inspected.stdout)).toEqual({ ...description, files: undefined, isCa: false });

    const requestFile = path.join(dir, "request.json");
    writeFileSync(requestFile, JSON.stringify({ method: "GET", path: "/v1/accounts", headers: {} }));
    const signed = run([
      "sign",
      "--key",
      path.join(dir, "tpp", "private-key.pem"),
      "--cert",
      path.join(dir, "tpp", "certificate.pem"),
      "--request",
      requestFile,
    ]);
    writeFileSync(path.join(dir, "signed.json"), signed.stdout);
    const verified = run(["verify", "--trust", path.join(dir, "ca", "ca.cert.pem"), "--request", path.join(dir, "signed.json")]);
    expect(JSON.parse(verified.stdout).verdict).toBe("PASS");
    const untrusted = run(["verify", "--trust", trusted, "--request", path.join(dir, "signed.json")]);
    expect(JSON.parse(untrusted.stdout).code).toBe("CERTIFICATE_INVALID");
  });
});

describe("bad input", () => {
  const dir = tempDir();
  const notJson = path.join(dir, "broken.json");
  writeFileSync(notJson, "{ nope");
  const notPem = path.join(dir, "not.pem");
  writeFileSync(notPem, "hello");
  const good = path.join(vectorDir, "P01-get-accounts-empty-body.json");
  const headerless = path.join(dir, "headerless.http");
  writeFileSync(headerless, "HTTP/1.1 200 OK\r\nDigest: x");

  it.each([
    [["verify", "--trust", "missing.pem", "--request", good], "psd2: cannot read --trust missing.pem: no such file"],
    [["verify", "--trust", trusted, "--request", notJson], `psd2: --request ${notJson} is not valid JSON:`],
    [["verify", "--trust", notPem, "--request", good], `psd2: --trust ${notPem}: `],
    [["verify", "--trust", trusted, "--now", "yesterday", "--request", good], "psd2: --now must be an ISO 8601 date"],
    [["verify", "--request", good], "psd2: --trust is required"],
    [["verify", "--trust", trusted, "--request", good, "--fast"], "psd2: Unknown option '--fast'"],
    [["sign", "--key", notPem, "--cert", path.join(keys, "tpp.cert.pem"), "--request", good], `psd2: --key ${notPem}: `],
    [["sign", "--key", path.join(keys, "tpp.key.pem"), "--cert", path.join(keys, "tpp.key.pem"), "--request", good], "psd2: --cert "],
    [
      ["sign", "--key", path.join(keys, "ca1.key.pem"), "--cert", path.join(keys, "tpp.cert.pem"), "--request", good],
      `psd2: --key ${path.join(keys, "ca1.key.pem")} and --cert ${path.join(keys, "tpp.cert.pem")}: the private key does not belong to the certificate`,
    ],
    [
      ["sign", "--key", path.join(keys, "tpp.key.pem"), "--cert", path.join(keys, "tpp.cert.pem"), "--request", good, "--digest", "MD5"],
      "psd2: --digest must be SHA-256 or SHA-512",
    ],
    [["cert", "inspect", notPem], `psd2: ${notPem}: `],
    [["cert", "inspect", path.join(keys, "tpp.key.pem")], "psd2: "],
    [
      [
        "cert",
        "issue",
        "--ca-cert",
        path.join(keys, "ca1.cert.pem"),
        "--ca-key",
        path.join(keys, "ca1.key.pem"),
        "--org",
        "X",
        "--org-id",
        "PSDNO-FSA-1",
        "--roles",
        "PSP_XX",
        "--out",
        dir,
      ],
      "psd2: --roles: 'PSP_XX' is not a PSD2 role",
    ],
    [["verify-response", "--trust", trusted, "--response", good], `psd2: --response ${good} is a request (or a test vector)`],
    [["verify-response", "--trust", trusted, "--response", notPem], `psd2: --response ${notPem} is neither a reply saved with curl -si`],
    [["verify-response", "--trust", trusted, "--response", "missing.http"], "psd2: cannot read --response missing.http: no such file"],
    [["verify-response", "--trust", trusted, "--response", headerless], `psd2: --response ${headerless}: no blank line ends the headers`],
    [["verify-response", "--response", headerless], "psd2: --trust is required"],
    [["verify-response", "--trust", trusted, "--response", dir], `psd2: cannot read --response ${dir}: it is a directory`],
    [
      [
        "sign",
        "--key",
        path.join(keys, "tpp.key.pem"),
        "--cert",
        path.join(keys, "tpp.cert.pem"),
        "--request",
        good,
        "--curl",
        "localhost:4000",
      ],
      "psd2: --curl must be the bank's base URL such as http://localhost:4000",
    ],
    [["cert", "renew"], "psd2: unknown cert command 'renew'"],
    [["frobnicate"], "psd2: unknown command 'frobnicate'"],
  ])("%j gives one line and exit code 2", (args, message) => {
    const result = run(args as string[]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr.startsWith(message)).toBe(true);
    expect(result.stderr.trimEnd().split("\n")).toHaveLength(1);
  });
});

describe("psd2 --help", () => {
  it("lists every command with every flag it takes", () => {
    const help = run(["--help"]);
    expect(help.code).toBe(0);
    for (const flag of ["--key", "--cert", "--request", "--digest", "--headers", "--request-target", "--passphrase", "--curl"]) {
      expect(help.stdout).toMatch(new RegExp(`^psd2 sign .*${flag}[ \\]]`, "m"));
    }
    for (const flag of ["--trust", "--now", "--lenient", "--request", "--response"]) {
      expect(help.stdout).toMatch(new RegExp(`^psd2 verify-response .*${flag}[ \\]]`, "m"));
    }
  });
});

describe("the psd2 executable", () => {
  it("runs as the package bin and as npm run psd2, without a stack trace on bad input", () => {
    const bin = spawnSync(
      process.execPath,
      [path.join(repo, "bin", "psd2.js"), "verify", "--trust", "nowhere.pem", "--request", "x.json"],
      {
        cwd: repo,
        encoding: "utf8",
      },
    );
    expect(bin.status).toBe(2);
    expect(bin.stderr).toBe("psd2: cannot read --trust nowhere.pem: no such file\n");

    const out = execFileSync(
      "npm",
      [
        "run",
        "-s",
        "psd2",
        "--",
        "verify",
        "--trust",
        trusted,
        "--now",
        "2026-01-01T00:00:00Z",
        "--request",
        path.join(vectorDir, "P05-post-corporate-all-conditionals.json"),
      ],
      {
        cwd: repo,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "ignore"],
      },
    );
    expect(JSON.parse(out)).toEqual({ verdict: "PASS", code: null, failures: [] });
  });

  it("reads and writes relative paths where it was typed, also through npm run from another directory", () => {
    const dir = tempDir();
    execFileSync("npm", ["--prefix", repo, "run", "-s", "psd2", "--", "cert", "ca", "--org", "Here CA", "--out", "made/"], {
      cwd: dir,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
    expect(readdirSync(path.join(dir, "made")).sort()).toEqual(["ca.cert.pem", "ca.key.pem"]);
    expect(existsSync(path.join(repo, "made"))).toBe(false);

    const inspected = execFileSync("npm", ["--prefix", repo, "run", "-s", "psd2", "--", "cert", "inspect", "made/ca.cert.pem"], {
      cwd: dir,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
    expect(JSON.parse(inspected)).toMatchObject({ organisationName: "Here CA", isCa: true });
  });
});

describe("the psd2 commands the bank's portal shows", () => {
  const pages = [
    renderPortalPage({ bankName: "Fjordbanken", publicUrl: "http://localhost:4000", domesticDetailsKnownIssue: true, customers: [] }),
    renderCertificatePage({
      bankName: "Fjordbanken",
      publicUrl: "http://localhost:4000",
      issued: {
        tppId: "PSDNO-FSA-123456",
        organisationName: "Example TPP AS",
        roles: ["PSP_AI"],
        certificate: "-----BEGIN CERTIFICATE-----",
        privateKey: "-----BEGIN PRIVATE KEY-----",
        caCertificate: "-----BEGIN CERTIFICATE-----",
        tlsCertificate: "-----BEGIN CERTIFICATE-----",
        tlsPrivateKey: "-----BEGIN PRIVATE KEY-----",
        serialNumber: "01",
        validFrom: "2026-01-01T00:00:00Z",
        validUntil: "2028-01-01T00:00:00Z",
      },
    }),
  ];
  // Each command as one line (continuations joined), from "psd2 " or "npm run -s psd2 -- " to a pipe, redirection or tag.
  const commands = pages.flatMap((page) =>
    [...page.replaceAll("\\\n", " ").matchAll(/psd2(?: --)? (sign|verify-response|verify|cert) ([^<|&]*)/g)].map((match) => ({
      command: match[1] ?? "",
      flags: [...(match[2] ?? "").matchAll(/--[a-z-]+/g)].map((flag) => flag[0]),
    })),
  );

  it("finds the sign, verify and verify-response commands on the pages", () => {
    expect(new Set(commands.map((c) => c.command))).toEqual(new Set(["sign", "verify", "verify-response"]));
  });

  it.each(["sign", "verify", "verify-response"])("every flag the pages give psd2 %s is one it takes", (name) => {
    const line = usage.split("\n").find((candidate) => candidate.startsWith(`psd2 ${name} `)) ?? "";
    for (const { flags } of commands.filter((c) => c.command === name)) {
      for (const flag of flags) expect(line, `${flag} in psd2 ${name}`).toContain(`${flag} `);
    }
  });
});
