/**
 * The bank's own process (`tsx lib/bank/server.ts`) for tests of what only a running process
 * does: several workers behind one port, start-up refusals, a start killed midway. Its log lines
 * (JSON, with each process's pid) are kept for the tests to read. `httpInjector` gives the
 * inject() shape the test drivers use (sca-page-driver, signed-test-client) over real HTTP, each
 * request on a connection of its own, so that a cluster hands successive requests to different
 * workers.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { request as httpRequest } from "node:http";
import { request as httpsRequest, type RequestOptions as HttpsRequestOptions } from "node:https";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";

const repositoryRoot = fileURLToPath(new URL("../../../", import.meta.url));

export type BankProcess = {
  url: string;
  child: ChildProcess;
  /** Every line the process wrote so far (stdout and stderr). */
  lines: () => string[];
  /** The JSON log lines, parsed. */
  log: () => Record<string, unknown>[];
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<number | string>;
  /** SIGTERM, SIGKILL after 15 s; resolves when it has ended. */
  stop: () => Promise<number | string>;
};

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

/**
 * Starts `lib/bank/server.ts` with these BANK_* settings (none inherited) on a free port; does not
 * wait. `bundle`: the bank as `npm run demo` runs it, compiled ahead of time (the caller makes
 * sure `.build/bank/server.mjs` is current: scripts/build-bank.mjs).
 */
export async function spawnBank(settings: Record<string, string>, { bundle = false }: { bundle?: boolean } = {}): Promise<BankProcess> {
  const port = await freePort();
  const tls = ["on", "true", "1", "yes"].includes(settings.BANK_TLS ?? "");
  const url = `${tls ? "https" : "http"}://127.0.0.1:${port}`;
  const env = { ...process.env };
  for (const name of Object.keys(env)) if (name.startsWith("BANK_")) delete env[name];
  // node --import tsx: the bank is this process itself, so that a signal reaches it.
  const child = spawn(process.execPath, bundle ? [".build/bank/server.mjs"] : ["--import", "tsx", "lib/bank/server.ts"], {
    cwd: repositoryRoot,
    env: { ...env, BANK_HOST: "127.0.0.1", BANK_PORT: String(port), BANK_PUBLIC_URL: url, ...settings },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    let rest = "";
    stream?.on("data", (chunk: Buffer) => {
      const parts = (rest + chunk.toString("utf8")).split("\n");
      rest = parts.pop() ?? "";
      lines.push(...parts.filter((line) => line.trim() !== ""));
    });
  }
  const exited = new Promise<number | string>((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal ?? "unknown")));
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  void exited.then(() => process.removeListener("exit", killOnExit));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      const result = await exited;
      clearTimeout(timer);
      return result;
    }
    return exited;
  };
  const log = () =>
    lines.flatMap((line) => {
      try {
        const parsed: unknown = JSON.parse(line);
        return typeof parsed === "object" && parsed !== null ? [parsed as Record<string, unknown>] : [];
      } catch {
        return [];
      }
    });
  return { url, child, lines: () => [...lines], log, exited, stop };
}

/** Waits until GET /health answers 200, or fails with the process's output when it ends or takes too long. */
export async function waitForHealth(bank: BankProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let ended = false;
  void bank.exited.then(() => {
    ended = true;
  });
  while (Date.now() < deadline) {
    if (ended) throw new Error(`the bank ended before answering /health:\n${bank.lines().slice(-30).join("\n")}`);
    try {
      // Over HTTPS the bank's CA is not known yet: readiness only, the certificate is not trusted here.
      const response = await sendRequest(bank.url, { method: "GET", url: "/health", tls: { rejectUnauthorized: false }, timeoutMs: 2_000 });
      if (response.statusCode === 200) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the bank did not answer /health within ${timeoutMs} ms:\n${bank.lines().slice(-30).join("\n")}`);
}

export type HttpResponse = {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  payload: string;
  json: <T = unknown>() => T;
};

/** TLS options of a request to an https:// bank: the CA to trust, a client certificate and key, versions. */
export type TlsRequestOptions = Pick<HttpsRequestOptions, "ca" | "cert" | "key" | "rejectUnauthorized" | "minVersion" | "maxVersion">;

/** One request on a connection of its own (no keep-alive); over https:// with `tls`. */
export function sendRequest(
  baseUrl: string,
  options: {
    method: string;
    url: string;
    headers?: Record<string, string>;
    payload?: string;
    tls?: TlsRequestOptions;
    timeoutMs?: number;
    /** Ask to keep the connection open (to see whether the server closes it); it is closed after the reply. */
    keepAlive?: boolean;
  },
): Promise<HttpResponse> {
  return new Promise((resolve, reject) => {
    const target = new URL(options.url, baseUrl);
    const send = target.protocol === "https:" ? httpsRequest : httpRequest;
    const outgoing = send(
      target,
      {
        method: options.method,
        headers: { ...options.headers, connection: options.keepAlive === true ? "keep-alive" : "close" },
        agent: false,
        ...options.tls,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.on("end", () => {
          if (options.keepAlive === true) outgoing.destroy();
          const body = Buffer.concat(chunks).toString("utf8");
          resolve({
            statusCode: incoming.statusCode ?? 0,
            headers: incoming.headers,
            body,
            payload: body,
            json: <T>() => JSON.parse(body) as T,
          });
        });
        incoming.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    if (options.timeoutMs !== undefined) outgoing.setTimeout(options.timeoutMs, () => outgoing.destroy(new Error("timed out")));
    if (options.payload !== undefined) outgoing.write(options.payload);
    outgoing.end();
  });
}

/**
 * The part of a FastifyInstance the test drivers use (`inject`), over HTTP to a running bank:
 * signed-test-client and sca-page-driver then drive it as they drive an inject() bank.
 */
export function httpInjector(baseUrl: string, connection: { tls?: TlsRequestOptions; keepAlive?: boolean } = {}): FastifyInstance {
  const inject = (options: { method: string; url: string; headers?: Record<string, string>; payload?: string }) =>
    sendRequest(baseUrl, { ...options, ...connection });
  return { inject } as unknown as FastifyInstance;
}
