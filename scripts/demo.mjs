#!/usr/bin/env node
/**
 * npm run demo (mode "start": next build when the sources changed since the last build, then
 * next start) and npm run dev (mode "dev": next dev); mode "serve" is "start" without the app's
 * build, for a build made before (the end-to-end tests): the sandbox bank and the TPP app
 * together, both on embedded databases (.data/bank, .data/tpp).
 *
 * The build is skipped when .next/ holds one of the same inputs (scripts/build-stamp.mjs: a hash
 * of app/, components/, lib/, public/, the configuration files and the lockfile, recorded in
 * .next/ after each build); `--rebuild` builds anyway. In modes start and serve the bank runs
 * compiled ahead of time (scripts/build-bank.mjs: .build/bank/server.mjs, bundled again when
 * lib/ or the lockfile changed, in about a second) with plain node; mode dev runs its TypeScript
 * through tsx.
 *
 * Prints how long each took to answer, counted from this script's start ("ready in 6.2 s: the
 * bank answered after 4.1 s, the app after 6.2 s"); scripts/demo-time.mjs reads that line.
 *
 * Starts the bank, waits for its /health, then starts the app and announces both addresses;
 * prefixes each one's output; forwards SIGINT and SIGTERM to both; when either stops on its own,
 * stops the other and exits with the code of the one that stopped. Servers are started from
 * node_modules/.bin (not npx) or by node itself, so that a signal reaches the server itself.
 *
 * `--tls`: the bank serves HTTPS (BANK_TLS=on) with a server certificate from its own CA, TLS 1.2
 * and 1.3 only, and requires the TPP's client certificate on /v1 (BANK_CLIENT_CERT=required unless
 * set): a connection without it fails in the TLS handshake, and the bank's web pages (portal, SCA)
 * are served without one on BANK_WEB_PORT (default BANK_PORT + 1); the app, at
 * https://localhost:<BANK_PORT>, takes the bank's CA and its client certificate from the sandbox
 * portal on that port, as it takes its signing certificate. Plain HTTP stays the default.
 *
 * Ports: PORT (the app, default 3000) and BANK_PORT (default 4000). Both listen on 127.0.0.1 only
 * (the sign-in page shows the demo user's password): APP_HOST and BANK_HOST choose another address
 * (0.0.0.0: every interface). Any TPP or bank variable set in the environment is passed on
 * unchanged. The bank's JSON log lines are shown short, one line
 * per request (`npm run bank` shows them whole).
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { get as httpsGet } from "node:https";
import { connect } from "node:net";
import path from "node:path";
import { createInterface } from "node:readline";
import { APP_NODE_OPTIONS, NEXT_BIN } from "./app-node-options.mjs";
import { BANK_BUNDLE, BANK_NODE_OPTIONS, ensureBankBundle } from "./build-bank.mjs";
import { buildIsCurrent, computeBuildStamp, recordBuildStamp } from "./build-stamp.mjs";
import { createBankLogFormatter } from "./format-bank-log.mjs";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const mode = process.argv[2] ?? "start";
if (mode !== "start" && mode !== "dev" && mode !== "serve") {
  process.stderr.write(`demo: unknown mode '${mode}' (use start, serve or dev)\n`);
  process.exit(2);
}
const flags = process.argv.slice(3);
for (const flag of flags) {
  if (flag !== "--rebuild" && flag !== "--tls") {
    process.stderr.write(`demo: unknown option '${flag}' (the options are --rebuild and --tls)\n`);
    process.exit(2);
  }
}
const forceBuild = flags.includes("--rebuild");
const tls = flags.includes("--tls");

/** The ports that browsers refuse (the Fetch standard's list of bad ports). */
const BROWSER_BLOCKED_PORTS = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110, 111, 113, 115, 117,
  119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636,
  989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);
const appPort = Number(process.env.PORT ?? 3000);
const bankPort = Number(process.env.BANK_PORT ?? 4000);
// With a client certificate required, the bank's web pages have a port of their own.
const clientCertificateRequired = tls && (process.env.BANK_CLIENT_CERT || "required") === "required";
const bankWebPort = clientCertificateRequired ? Number(process.env.BANK_WEB_PORT || bankPort + 1) : undefined;
for (const [name, port] of [
  ["PORT", appPort],
  ["BANK_PORT", bankPort],
  ...(bankWebPort === undefined ? [] : [["BANK_WEB_PORT", bankWebPort]]),
]) {
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    process.stderr.write(`demo: ${name} must be a port number, not '${process.env[name]}'\n`);
    process.exit(2);
  }
  // A browser opens no page on these (and Node's fetch, which this script waits with, neither).
  if (BROWSER_BLOCKED_PORTS.has(port)) {
    process.stderr.write(
      `demo: ${name}=${port} is a port browsers refuse to open pages on (the Fetch standard's "bad port" list): choose another\n`,
    );
    process.exit(2);
  }
}
// The app shows the demo user's password on its sign-in page: loopback only unless told.
const appHost = process.env.APP_HOST || "127.0.0.1";
const bankHost = process.env.BANK_HOST || "127.0.0.1";
for (const [name, host] of [
  ["APP_HOST", appHost],
  ["BANK_HOST", bankHost],
]) {
  if (!/^[\w.:[\]-]+$/.test(host)) {
    process.stderr.write(`demo: ${name} must be a host name or an IP address, not '${host}'\n`);
    process.exit(2);
  }
}
const loopback = (host) => host === "localhost" || host === "::1" || host === "[::1]" || host.startsWith("127.");
/** Where this script reaches a server bound to `host` (a wildcard address: over loopback). */
const probeOrigin = (host, port, scheme = "http") => {
  const reachable = host === "0.0.0.0" || host === "::" || host === "[::]" ? "127.0.0.1" : host;
  return `${scheme}://${reachable.includes(":") && !reachable.startsWith("[") ? `[${reachable}]` : reachable}:${port}`;
};
const appUrl = `http://localhost:${appPort}`;
const bankUrl = `${tls ? "https" : "http"}://localhost:${bankPort}`;
/** Where the bank's web pages (portal, SCA, /health) are: its own port with a client certificate required. */
const bankWebUrl = bankWebPort === undefined ? bankUrl : `https://localhost:${bankWebPort}`;

const color = process.stdout.isTTY === true && process.env.NO_COLOR === undefined;
const paint = (code, text) => (color ? `\u001b[${code}m${text}\u001b[0m` : text);
const say = (line) => process.stdout.write(`${paint("1", "[demo]")} ${line}\n`);
/** Seconds since this process started, as "4.2 s". */
const sinceStart = () => `${process.uptime().toFixed(1)} s`;

const baseEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
const bankEnv = {
  ...baseEnv,
  BANK_HOST: bankHost,
  BANK_PORT: String(bankPort),
  BANK_PUBLIC_URL: process.env.BANK_PUBLIC_URL ?? bankUrl,
  BANK_DATA_DIR: process.env.BANK_DATA_DIR ?? ".data/bank",
  ...(tls ? { BANK_TLS: "on", BANK_CLIENT_CERT: process.env.BANK_CLIENT_CERT || "required" } : {}),
  ...(bankWebPort === undefined
    ? {}
    : { BANK_WEB_PORT: String(bankWebPort), BANK_PUBLIC_WEB_URL: process.env.BANK_PUBLIC_WEB_URL || bankWebUrl }),
};
const appEnv = {
  ...baseEnv,
  PORT: String(appPort),
  ASPSP_BASE_URL: process.env.ASPSP_BASE_URL ?? bankUrl,
  // The portal is on the bank's web port (the app would look at BANK_PORT + 1 by itself).
  ...(bankWebPort === undefined ? {} : { ASPSP_PORTAL_URL: process.env.ASPSP_PORTAL_URL ?? bankWebUrl }),
  TPP_REDIRECT_URI: process.env.TPP_REDIRECT_URI ?? `${appUrl}/callback`,
  NEXTAUTH_URL: process.env.NEXTAUTH_URL ?? appUrl,
};

/** @type {Map<string, import("node:child_process").ChildProcess>} */
const children = new Map();
let stopping = false;

/**
 * Starts a program of node_modules/.bin with its output prefixed (each stdout line through
 * `format` when given; undefined drops it); resolves with its exit code.
 */
function run(name, colorCode, command, args, env, format) {
  const child = spawn(path.isAbsolute(command) ? command : bin(command), args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  children.set(name, child);
  const prefix = paint(colorCode, `[${name}]`.padEnd(6));
  for (const [stream, target] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    createInterface({ input: stream }).on("line", (line) => {
      const text = format && stream === child.stdout ? format(line) : line;
      if (text !== undefined) target.write(`${prefix} ${text}\n`);
    });
  }
  return new Promise((resolve) => {
    child.on("error", (error) => {
      process.stderr.write(`${prefix} could not start ${command}: ${error.message}\n`);
      children.delete(name);
      resolve(127);
    });
    child.on("exit", (code, signal) => {
      children.delete(name);
      resolve(code ?? (signal === null ? 1 : 128 + (signal === "SIGINT" ? 2 : signal === "SIGKILL" ? 9 : 15)));
    });
  });
}

/** Stops every child that still runs (SIGTERM, SIGKILL after 15 s) and exits with `code`. */
async function stopAll(code, signal = "SIGTERM") {
  if (stopping) return;
  stopping = true;
  const running = [...children.values()];
  const exited = running.map((child) => new Promise((resolve) => child.once("exit", resolve)));
  for (const child of running) child.kill(signal);
  const force = setTimeout(() => {
    for (const child of children.values()) child.kill("SIGKILL");
  }, 15_000);
  force.unref();
  await Promise.all(exited);
  process.exit(code);
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    say(`${signal}: stopping ${[...children.keys()].join(" and ") || "nothing"}`);
    void stopAll(signal === "SIGINT" ? 130 : 143, signal);
  });
}

/** Whether something already listens on the port (then the demo would talk to a stranger). */
function portInUse(port) {
  return new Promise((resolve) => {
    const socket = connect({ host: "localhost", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/**
 * Polls a URL until it answers (any HTTP status) or `gone` settles first. A request that was
 * accepted is given time to finish (a server under load may take seconds over its first answer):
 * abandoning it and asking again would only make the server do that work twice.
 */
/** GET over HTTPS without trusting the certificate (the bank's CA is its own): whether it answered 200. */
function answersOverHttps(url) {
  return new Promise((resolve, reject) => {
    const outgoing = httpsGet(url, { rejectUnauthorized: false, timeout: 60_000 }, (response) => {
      response.resume();
      response.on("end", () => resolve({ ok: response.statusCode === 200 }));
    });
    outgoing.on("timeout", () => outgoing.destroy(new Error("timed out")));
    outgoing.on("error", reject);
  });
}

async function waitFor(url, gone, { okOnly = false, timeoutMs = 180_000 } = {}) {
  let finished = false;
  void gone.then(() => {
    finished = true;
  });
  const deadline = Date.now() + timeoutMs;
  while (!finished && Date.now() < deadline) {
    try {
      let response;
      if (url.startsWith("https:")) response = await answersOverHttps(url);
      else {
        response = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(60_000) });
        await response.arrayBuffer();
      }
      if (!okOnly || response.ok) return true;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/**
 * Whether the app may start beside the bank instead of after it: both started here before (the
 * bank's data directory is a database, so its CA is the one it had; the app keeps its certificate
 * from the bank's portal), and the app's start then needs nothing from the bank. On a first start
 * the app asks the bank's portal for its certificate, so the bank goes first.
 */
function startTogether() {
  if (process.env.BANK_DATABASE_URL || bankEnv.BANK_DATA_DIR === "memory") return false;
  if (process.env.TPP_CERT_FILE || process.env.TPP_P12_FILE) return existsSync(path.resolve(root, bankEnv.BANK_DATA_DIR, "PG_VERSION"));
  const credentials = path.resolve(root, process.env.TPP_DATA_DIR ?? ".data/tpp", "credentials");
  return (
    existsSync(path.resolve(root, bankEnv.BANK_DATA_DIR, "PG_VERSION")) &&
    existsSync(path.join(credentials, "certificate.pem")) &&
    existsSync(path.join(credentials, "private-key.pem"))
  );
}

function demoCredentials() {
  const file = path.resolve(root, process.env.TPP_DATA_DIR ?? ".data/tpp", "demo-user.json");
  if (!existsSync(file)) return undefined;
  try {
    const { username, password } = JSON.parse(readFileSync(file, "utf8"));
    return typeof username === "string" && typeof password === "string" ? `${username} / ${password}` : undefined;
  } catch {
    return undefined;
  }
}

async function main() {
  for (const [name, port] of [
    ["the app (PORT)", appPort],
    ["the bank (BANK_PORT)", bankPort],
    ...(bankWebPort === undefined ? [] : [["the bank's web pages (BANK_WEB_PORT)", bankWebPort]]),
  ]) {
    if (await portInUse(port)) {
      process.stderr.write(`demo: port ${port} for ${name} is already in use; stop what runs there or choose another port\n`);
      process.exit(1);
    }
  }

  if (mode === "start") {
    const stamp = computeBuildStamp(root);
    if (!forceBuild && buildIsCurrent(root, stamp)) {
      say("the app's build in .next is current (no source changed since); not building (--rebuild builds anyway)");
    } else {
      say("building the app (next build)");
      const code = await run("build", "35", "next", ["build"], baseEnv);
      if (stopping) return;
      if (code !== 0) {
        process.stderr.write(`demo: next build failed with code ${code}\n`);
        process.exit(code);
      }
      // The inputs as they were when the build began: a file edited during the build counts next time.
      recordBuildStamp(root, stamp);
    }
  }

  // The bank compiled ahead of time (mode dev: its TypeScript through tsx, as npm run bank).
  let bankArgs = [...BANK_NODE_OPTIONS, "--import", "tsx", "lib/bank/server.ts"];
  if (mode !== "dev") {
    try {
      if (await ensureBankBundle(root, { force: forceBuild })) say(`bundled the bank into ${BANK_BUNDLE} (${sinceStart()})`);
    } catch (error) {
      process.stderr.write(`demo: could not bundle the bank: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    }
    bankArgs = [...BANK_NODE_OPTIONS, BANK_BUNDLE];
  }

  const together = startTogether();
  say(`starting the sandbox bank on ${bankUrl}${bankWebUrl === bankUrl ? "" : ` (its portal and SCA pages on ${bankWebUrl})`}`);
  // node itself runs the bank (no npm, npx or tsx process between): a signal reaches the bank.
  const bankExit = run("bank", "36", process.execPath, bankArgs, bankEnv, createBankLogFormatter());
  void bankExit.then((code) => {
    if (stopping) return;
    say(`the bank stopped (code ${code}); stopping the app`);
    void stopAll(code);
  });

  const nextCommand = mode === "dev" ? "dev" : "start";
  /** Resolves with the seconds the app took to answer, or undefined when it did not. */
  let appReady;
  const startApp = () => {
    say(`starting the app on ${appUrl} (next ${nextCommand})`);
    const nextArgs = [nextCommand, "-H", appHost, "-p", String(appPort)];
    // next start with the app's Node options (scripts/app-node-options.mjs); next dev with V8's defaults.
    const appExit =
      mode === "dev"
        ? run("app", "32", "next", nextArgs, appEnv)
        : run("app", "32", process.execPath, [...APP_NODE_OPTIONS, path.join(root, NEXT_BIN), ...nextArgs], appEnv);
    void appExit.then((code) => {
      if (stopping) return;
      say(`the app stopped (code ${code}); stopping the bank`);
      void stopAll(code);
    });
    appReady = waitFor(`${probeOrigin(appHost, appPort)}/signin`, appExit).then((up) => (up ? sinceStart() : undefined));
  };
  // Both have started before: the app starts beside the bank (see startTogether).
  if (together) startApp();
  if (!(await waitFor(`${probeOrigin(bankHost, bankWebPort ?? bankPort, tls ? "https" : "http")}/health`, bankExit, { okOnly: true }))) {
    if (!stopping) {
      process.stderr.write(`demo: the bank did not answer ${bankWebUrl}/health\n`);
      await stopAll(1);
    }
    return;
  }
  const bankReady = sinceStart();
  say(`the bank is up (${bankReady})`);
  if (!together) startApp();

  const appReadyAt = await appReady;
  if (appReadyAt !== undefined) {
    const credentials = demoCredentials();
    const total = process.uptime().toFixed(1);
    say(
      paint(
        "1;32",
        `ready: the app at ${appUrl}, the sandbox bank at ${bankUrl}${bankWebUrl === bankUrl ? "" : ` (its portal at ${bankWebUrl}/portal)`}`,
      ),
    );
    say(
      `ready in ${total} s: the bank answered after ${bankReady}, the app after ${appReadyAt} (counted from this script's start; ${together ? "both started at once" : "the app started once the bank was up"})`,
    );
    if (credentials !== undefined) say(`sign in as ${credentials}; Ctrl-C stops both`);
    for (const [name, host] of [
      ["APP_HOST", appHost],
      ["BANK_HOST", bankHost],
    ]) {
      if (!loopback(host))
        say(
          paint(
            "1;33",
            `${name}=${host}: reachable from other machines${name === "APP_HOST" ? ", and its sign-in page shows the demo password" : ""}`,
          ),
        );
    }
  }
}

await main();
