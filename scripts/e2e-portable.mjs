#!/usr/bin/env node
/**
 * npm run test:e2e:portable: the end-to-end suite's portable part (Playwright project "portable",
 * e2e/portable.spec.ts) against our sandbox bank as a bank's own test platform would be: started
 * here on its own, before Playwright and outside it, over HTTPS with the client certificate
 * required (`npm run demo -- --tls` in mode serve: BANK_TLS=on, BANK_CLIENT_CERT=required, the
 * app taking the bank's CA and its certificates from the bank's portal), on fresh data. Playwright
 * then gets only what a real target gives: the app's address, the bank's (E2E_ASPSP_BASE_URL), the
 * test PSUs and an SCA driver; it starts nothing, and the suite's own signing key is not
 * registered at this bank.
 *
 * Before the run it checks that the bank refuses a call to /v1 without a client certificate in
 * the TLS handshake (no HTTP reply at all), so that the run proves the app presented one. Needs
 * the app's build (`npm run build`, as `npm run test:e2e` makes it).
 *
 * Ports: the app on E2E_APP_PORT + 8 and the bank on E2E_BANK_PORT + 8, its web pages (portal,
 * SCA; no client certificate) on E2E_BANK_PORT + 9 (3108, 4108 and 4109 by default: beside the
 * pairs of playwright.config.ts, which use + 0 to + 7). Arguments after the script's name go to
 * Playwright (e.g. --headed).
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { request } from "node:https";
import path from "node:path";
import { createInterface } from "node:readline";

const root = path.resolve(import.meta.dirname, "..");
const appPort = Number(process.env.E2E_APP_PORT ?? 3100) + 8;
const bankPort = Number(process.env.E2E_BANK_PORT ?? 4100) + 8;
for (const [name, port] of [
  ["E2E_APP_PORT", appPort],
  ["E2E_BANK_PORT", bankPort],
]) {
  if (!Number.isInteger(port) || port < 9 || port > 65535) {
    process.stderr.write(`e2e-portable: ${name} must be a port number up to 65527, not '${process.env[name]}'\n`);
    process.exit(2);
  }
}
const appUrl = `http://localhost:${appPort}`;
const bankUrl = `https://localhost:${bankPort}`;
// demo.mjs gives the bank's web pages BANK_PORT + 1 (BANK_WEB_PORT), where the SCA links point.
const bankWebUrl = `https://localhost:${bankPort + 1}`;
const dataDir = path.join(root, ".data/e2e-portable");
const say = (line) => process.stdout.write(`[e2e-portable] ${line}\n`);

rmSync(dataDir, { recursive: true, force: true });
say(
  `starting the sandbox bank at ${bankUrl} (HTTPS, client certificate required; its web pages at ${bankWebUrl}) and the app at ${appUrl}`,
);
// Only what the servers need: none of the suite's settings (E2E_*) reach them.
const serverEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("E2E_")));
const servers = spawn(process.execPath, ["scripts/demo.mjs", "serve", "--tls"], {
  cwd: root,
  env: {
    ...serverEnv,
    PORT: String(appPort),
    BANK_PORT: String(bankPort),
    BANK_WEB_PORT: String(bankPort + 1),
    BANK_CLIENT_CERT: "required",
    BANK_DATA_DIR: path.join(dataDir, "bank"),
    TPP_DATA_DIR: path.join(dataDir, "tpp"),
    BANK_LOG_LEVEL: "warn",
    TPP_REFRESH_SCHEDULE: "off",
  },
  stdio: ["ignore", "pipe", "pipe"],
});
/** The servers' output, shown when something fails. */
const output = [];
let announceReady;
const ready = new Promise((resolve) => {
  announceReady = resolve;
});
for (const stream of [servers.stdout, servers.stderr]) {
  createInterface({ input: stream }).on("line", (line) => {
    output.push(line);
    if (output.length > 200) output.shift();
    if (/\[demo\].*ready: the app at/.test(line)) announceReady(true);
  });
}
const serversExited = new Promise((resolve) => servers.once("exit", (code) => resolve(code ?? 1)));
void serversExited.then(() => announceReady(false));

/** Stops the servers (SIGTERM: the demo script stops both and waits for them). */
async function stopServers() {
  if (servers.exitCode !== null || servers.signalCode !== null) return;
  servers.kill("SIGTERM");
  const force = setTimeout(() => servers.kill("SIGKILL"), 30_000);
  await serversExited;
  clearTimeout(force);
}

function fail(message) {
  process.stderr.write(`[e2e-portable] ${message}\n${output.map((line) => `  ${line}`).join("\n")}\n`);
}

/** GET /v1/accounts without a client certificate: the bank's answer (status and body), or the connection's error (the handshake's). */
function callWithoutClientCertificate() {
  return new Promise((resolve) => {
    const outgoing = request(
      `${bankUrl}/v1/accounts`,
      { rejectUnauthorized: false, timeout: 30_000, headers: { "X-Request-ID": randomUUID(), Accept: "application/json" } },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => {
          body += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode, body }));
      },
    );
    outgoing.on("timeout", () => outgoing.destroy(new Error("timed out")));
    outgoing.on("error", (error) => resolve({ error: `${error.code ?? "error"}: ${error.message.split("\n")[0].trim()}` }));
    outgoing.end();
  });
}

let code = 1;
const timeout = setTimeout(() => announceReady(false), 240_000);
try {
  if (!(await ready)) {
    fail("the bank and the app did not start (or did not say they were ready within 240 s):");
  } else {
    clearTimeout(timeout);
    const bare = await callWithoutClientCertificate();
    if (bare.error === undefined) {
      fail(`a call without a client certificate got an HTTP reply (${bare.status} ${bare.body}), not a failed TLS handshake:`);
    } else {
      say(`the bank refuses a call without a client certificate in the TLS handshake (${bare.error}); running the portable specs`);
      const playwright = spawn(path.join(root, "node_modules/.bin/playwright"), ["test", "--project=portable", ...process.argv.slice(2)], {
        cwd: root,
        stdio: "inherit",
        env: {
          ...process.env,
          E2E_APP_URL: appUrl,
          E2E_ASPSP_BASE_URL: bankUrl,
          E2E_SCA_URL: bankWebUrl,
          E2E_SCA_DRIVER: "sandbox-bank",
          // Its SCA pages' certificate is from the bank's own CA, which the browser does not know.
          E2E_BROWSER_IGNORE_HTTPS_ERRORS: "1",
          E2E_WORKERS: "1",
        },
      });
      code = await new Promise((resolve) => playwright.once("exit", (exit) => resolve(exit ?? 1)));
      if (code !== 0) fail(`Playwright failed (code ${code}); the servers' last lines:`);
    }
  }
} finally {
  clearTimeout(timeout);
  await stopServers();
}
process.exit(code);
