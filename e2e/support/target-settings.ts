/**
 * The bank the end-to-end suite runs against (its target), from the E2E_* settings. By default
 * the target is our sandbox bank, which playwright.config.ts starts beside the app for each worker.
 * With E2E_ASPSP_BASE_URL set, the target is a bank (and an app configured for it) started by
 * someone else: the suite starts nothing, and only what a Berlin Group bank gives is assumed.
 *
 *   E2E_APP_URL              the app (set by playwright.config.ts for its own servers)
 *   E2E_ASPSP_BASE_URL       the bank's API, e.g. https://api.sandbox.bank.example
 *   E2E_SCA_URL              where the bank's SCA pages are (default: the origin of E2E_ASPSP_BASE_URL)
 *   E2E_SANDBOX_CONTROLS     on | off: whether the bank has our sandbox's control endpoints
 *                            (/v1/sandbox/*: clock, data, presets) and its known customers
 *                            (default: on for our own servers, off for another target)
 *   E2E_SCA_DRIVER           the page-object module that works the bank's SCA pages (sca-drivers/)
 *   E2E_PSU, E2E_PSU_PASSWORD                 a private test PSU (default: Ingrid, 13039319955)
 *   E2E_CORPORATE_PSU, E2E_CORPORATE_PSU_PASSWORD, E2E_CORPORATE_AGREEMENT
 *                            a corporate test PSU and the agreement (as the bank's page labels it)
 *                            it acts under (default: Sindre, for Lie Snekkeri AS)
 *   E2E_CREDITOR_NAME, E2E_CREDITOR_ACCOUNT   whom the portable payment pays (default: Kari
 *                            Nordmann, a BBAN outside the sandbox's customers)
 *   E2E_BROWSER_IGNORE_HTTPS_ERRORS=1         the browser accepts the SCA pages' certificate
 *                            from a CA it does not know (a test platform's own CA)
 *
 * The app's own certificates and the bank's CA are the app's settings (TPP_CERT_FILE, TPP_TLS_*,
 * ASPSP_TLS_CA_FILE: docs/against-a-bank-sandbox.md); the suite's portable specs call the bank
 * only through the app and the browser.
 *
 * @see docs/against-a-bank-sandbox.md "Running the end-to-end suite against a bank's sandbox"
 */
/** The environment the settings are read from. */
type Settings = Readonly<Record<string, string | undefined>>;

/** A test PSU: what the bank's login asks (an identity number, a user id), and a password where it asks one. */
export type Psu = { id: string; password?: string };

/** A corporate test PSU and the agreement it acts under. */
export type CorporatePsu = Psu & { agreement: string };

export type Target = {
  /** How the specs' skip reasons name the target. */
  name: string;
  /** Whether the suite started the app and the bank itself (playwright.config.ts's servers). */
  startedBySuite: boolean;
  appUrl: string;
  aspspBaseUrl: string;
  /** Where the bank's SCA pages are. */
  scaUrl: string;
  /** Our sandbox's control endpoints (/v1/sandbox/*) and its known customers. */
  sandboxControls: boolean;
  scaDriver: string;
  psu: Psu;
  corporatePsu: CorporatePsu;
  creditor: { name: string; account: string };
  browserIgnoresHttpsErrors: boolean;
};

/** Our sandbox's customers (lib/bank's known state). */
export const INGRID = "13039319955";
export const SINDRE = "18129215603";

function setting(env: Settings, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === "" ? undefined : value;
}

function urlSetting(env: Settings, name: string, fallback: string): string {
  const value = setting(env, name) ?? fallback;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} is ${JSON.stringify(value)}: give an absolute http:// or https:// URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new Error(`${name} is ${JSON.stringify(value)}: give an http:// or https:// URL`);
  return value.replace(/\/+$/, "");
}

function switchSetting(env: Settings, name: string, fallback: boolean): boolean {
  const value = setting(env, name);
  if (value === undefined) return fallback;
  if (/^(on|1|true|yes)$/i.test(value)) return true;
  if (/^(off|0|false|no)$/i.test(value)) return false;
  throw new Error(`${name} is ${JSON.stringify(value)}: give on or off`);
}

/** The target the settings describe (playwright.config.ts and the specs read the same). */
export function readTarget(env: Settings = process.env): Target {
  const external = setting(env, "E2E_ASPSP_BASE_URL");
  if (external !== undefined && setting(env, "E2E_APP_URL") === undefined)
    throw new Error("E2E_ASPSP_BASE_URL is set but E2E_APP_URL is not: give the address of the app configured for that bank");
  const aspspBaseUrl = urlSetting(env, "E2E_ASPSP_BASE_URL", env.E2E_BANK_URL ?? "http://127.0.0.1:4100");
  return {
    name: external === undefined ? "our sandbox bank" : `at ${new URL(aspspBaseUrl).origin}`,
    startedBySuite: external === undefined,
    appUrl: urlSetting(env, "E2E_APP_URL", "http://localhost:3100"),
    aspspBaseUrl,
    scaUrl: urlSetting(env, "E2E_SCA_URL", new URL(aspspBaseUrl).origin),
    sandboxControls: switchSetting(env, "E2E_SANDBOX_CONTROLS", external === undefined),
    scaDriver: setting(env, "E2E_SCA_DRIVER") ?? "sandbox-bank",
    psu: psu(setting(env, "E2E_PSU") ?? INGRID, setting(env, "E2E_PSU_PASSWORD")),
    corporatePsu: {
      ...psu(setting(env, "E2E_CORPORATE_PSU") ?? SINDRE, setting(env, "E2E_CORPORATE_PSU_PASSWORD")),
      agreement: setting(env, "E2E_CORPORATE_AGREEMENT") ?? "Lie Snekkeri AS (org. no. 926 148 338)",
    },
    creditor: {
      name: setting(env, "E2E_CREDITOR_NAME") ?? "Kari Nordmann",
      account: setting(env, "E2E_CREDITOR_ACCOUNT") ?? "86011117947",
    },
    browserIgnoresHttpsErrors: switchSetting(env, "E2E_BROWSER_IGNORE_HTTPS_ERRORS", false),
  };
}

function psu(id: string, password: string | undefined): Psu {
  return password === undefined ? { id } : { id, password };
}
