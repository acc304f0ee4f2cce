/**
 * The target of this run (target-settings.ts reads it from the E2E_* settings, which
 * playwright.config.ts completes before the specs load): whether the browser is at its bank, and
 * the skip of the tests that need our sandbox's control endpoints.
 */
import { test } from "@playwright/test";
import { readTarget } from "./target-settings";

export { INGRID, type Psu, SINDRE } from "./target-settings";

export const target = readTarget();

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);
const scaUrl = new URL(target.scaUrl);

/** Whether the browser is on the bank's pages (a loopback bank by its port: it answers as localhost and as 127.0.0.1). */
export function onBank(url: URL): boolean {
  if (url.port !== scaUrl.port || url.protocol !== scaUrl.protocol) return false;
  return url.hostname === scaUrl.hostname || (LOOPBACK.has(url.hostname) && LOOPBACK.has(scaUrl.hostname));
}

/**
 * Skips the calling scope's tests (a spec file, a describe block, or the test calling it) when
 * the target has none of our sandbox's control endpoints: the clock, the data, the presets and
 * the known customers they make. `needs` says what the tests use of them.
 */
export function requireSandboxControls(needs: string): void {
  test.skip(
    !target.sandboxControls,
    `the target ${target.name} has no sandbox control endpoints (/v1/sandbox/*): these tests need ${needs} (E2E_SANDBOX_CONTROLS=on when it has)`,
  );
}
