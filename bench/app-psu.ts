/**
 * A signed-in PSU of the built app, driven over HTTP as a browser without JavaScript drives it:
 * its own cookie jar (the app's sign-in and PSU session, the bank's SCA session), next-auth's
 * credentials sign-in, /connect and the bank's consent pages through the real SCA flow, the
 * pages, and the payment form posted as a form (the Server Action's progressive enhancement),
 * its SCA at the bank and the callback. Every app request's time is kept by the kind of page.
 */
import { type BankBrowser, createBankBrowser } from "../lib/tpp/testing/bank-sca-driver";

/** One request to the app: what it was, how long it took, and its status. */
export type PageTiming = { kind: string; ms: number; status: number };

/** The payment form's fields as the bench fills them: a domestic transfer from the PSU's account. */
export type PaymentFields = { accountId: string; amount: string; creditorName: string; creditorBban: string; message: string };

function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** The hidden inputs of the first form whose inputs include a Server Action's ($ACTION_...): name, value. */
export function actionFields(html: string): [string, string][] {
  const fields: [string, string][] = [];
  for (const match of html.matchAll(/<input[^>]*type="hidden"[^>]*>/g)) {
    const tag = match[0];
    const name = /name="([^"]*)"/.exec(tag)?.[1];
    if (name === undefined || !name.startsWith("$ACTION")) continue;
    fields.push([decodeEntities(name), decodeEntities(/value="([^"]*)"/.exec(tag)?.[1] ?? "")]);
  }
  return fields;
}

export class AppPsu {
  readonly timings: PageTiming[] = [];
  /** Unexpected answers: what was asked and what came. */
  readonly errors: string[] = [];
  /** Payments the bank took (the form sent the PSU to approve it), by the amount sent. */
  readonly paymentsMade: string[] = [];
  private readonly cookies = new Map<string, string>();
  private readonly bank: BankBrowser;
  private recording = true;

  constructor(
    readonly appUrl: string,
    bankUrl: string,
    readonly username: string,
    private readonly password: string,
    readonly nationalId: string,
  ) {
    this.bank = createBankBrowser(bankUrl);
  }

  /** Stops or resumes keeping timings (a phase whose times are not the figure's). */
  record(on: boolean): void {
    this.recording = on;
  }

  private keepCookies(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const equals = pair.indexOf("=");
      if (equals <= 0) continue;
      const name = pair.slice(0, equals).trim();
      const value = pair.slice(equals + 1).trim();
      if (value === "" || /;\s*max-age=0\b/i.test(line) || /expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** A request to the app (redirects not followed), timed under `kind`. */
  async request(
    kind: string,
    path: string,
    init: { method?: "GET" | "POST"; body?: FormData | URLSearchParams; headers?: Record<string, string> } = {},
  ): Promise<{ status: number; location: string | undefined; html: string }> {
    const url = new URL(path, this.appUrl);
    const started = performance.now();
    const response = await fetch(url, {
      method: init.method ?? "GET",
      redirect: "manual",
      headers: {
        accept: "text/html",
        "sec-fetch-site": "same-origin",
        "sec-fetch-mode": "navigate",
        "user-agent": "Mozilla/5.0 (bench)",
        ...(init.method === "POST" ? { origin: new URL(this.appUrl).origin } : {}),
        ...(this.cookies.size === 0 ? {} : { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ") }),
        ...init.headers,
      },
      ...(init.body === undefined ? {} : { body: init.body }),
    });
    this.keepCookies(response);
    const html = await response.text();
    const ms = performance.now() - started;
    if (this.recording) this.timings.push({ kind, ms, status: response.status });
    const location = response.headers.get("location") ?? undefined;
    return { status: response.status, location: location === undefined ? undefined : new URL(location, url).href, html };
  }

  /** A page that must answer 200; anything else is an error (kept, and thrown). */
  async page(kind: string, path: string): Promise<string> {
    const reply = await this.request(kind, path);
    if (reply.status !== 200)
      this.fail(`GET ${path} answered ${reply.status}${reply.location === undefined ? "" : ` to ${reply.location}`}`);
    if (/Internal Server Error|Application error/.test(reply.html)) this.fail(`GET ${path} shows an error page`);
    return reply.html;
  }

  private fail(message: string): never {
    this.errors.push(`${this.username}: ${message}`);
    throw new Error(`${this.username}: ${message}`);
  }

  /** next-auth's credentials sign-in: its CSRF token, then the credentials. */
  async signIn(): Promise<void> {
    const csrf = await fetch(new URL("/api/auth/csrf", this.appUrl), { headers: { accept: "application/json" } });
    this.keepCookies(csrf);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const reply = await this.request("sign-in", "/api/auth/callback/credentials", {
      method: "POST",
      body: new URLSearchParams({ username: this.username, password: this.password, csrfToken, callbackUrl: "/accounts", json: "true" }),
    });
    const signedIn = [...this.cookies.keys()].some((name) => name.endsWith("next-auth.session-token"));
    if (reply.status >= 400 || !signedIn) this.fail(`the sign-in answered ${reply.status} without a session (${reply.location ?? ""})`);
  }

  /** Follows the app's redirects from `location` until a page of the app answers; the last location. */
  private async followApp(kind: string, location: string): Promise<string> {
    let next = location;
    for (let hop = 0; hop < 5; hop++) {
      if (new URL(next).origin !== new URL(this.appUrl).origin) return next;
      // The first hop is the kind asked for (the callback); the page it leads to is timed apart.
      const reply = await this.request(hop === 0 ? kind : `${kind}-page`, next);
      if (reply.status >= 300 && reply.status < 400 && reply.location !== undefined) {
        next = reply.location;
        continue;
      }
      if (reply.status !== 200) this.fail(`GET ${next} answered ${reply.status}`);
      return next;
    }
    this.fail(`more than 5 redirects from ${location}`);
  }

  /** The bank's SCA from `scaRedirect` to the TPP-Redirect-URI, then the app's callback; where it ended. */
  private async scaAndCallback(scaRedirect: string, accounts: "all" | undefined): Promise<string> {
    const outcome = await this.bank.complete(scaRedirect, { nationalId: this.nationalId, ...(accounts === undefined ? {} : { accounts }) });
    if (outcome.redirect.searchParams.has("code")) this.fail(`the bank's SCA failed: ${outcome.redirect.href}`);
    return this.followApp("callback", outcome.redirect.href);
  }

  /** Consent to every account through /connect and the bank's pages (a new PSU for this user). */
  async connect(): Promise<void> {
    const start = await this.request("connect", "/connect?returnTo=%2Faccounts&newPsu=1");
    if (start.location === undefined || new URL(start.location).origin === new URL(this.appUrl).origin)
      this.fail(`/connect answered ${start.status} to ${start.location ?? "nowhere"}, not the bank`);
    const ended = await this.scaAndCallback(start.location, "all");
    if (new URL(ended).pathname !== "/accounts") this.fail(`the consent ended at ${ended}, not /accounts`);
  }

  /**
   * The payment form: its page, then (after `think`, the PSU filling it in) the form posted with
   * the Server Action's fields; the bank's SCA approves it and the callback brings the PSU to the
   * payment's page.
   */
  async pay(fields: PaymentFields, think: () => Promise<void> = async () => {}): Promise<void> {
    const form = await this.page("payment-form", `/payments/new?from=${encodeURIComponent(fields.accountId)}`);
    // The PSU fills the form in.
    await think();
    const body = new FormData();
    for (const [name, value] of actionFields(form)) body.append(name, value);
    const values: Record<string, string> = {
      product: "norwegian-domestic-credit-transfers",
      kind: "single",
      debtor: `account:${fields.accountId}`,
      payer: "psu-id",
      creditorName: fields.creditorName,
      "creditorAccount.bban": fields.creditorBban,
      "creditorAccount.currency": "NOK",
      "creditorAddress.country": "NO",
      "instructedAmount.amount": fields.amount,
      "instructedAmount.currency": "NOK",
      remittance: "message",
      remittanceInformationUnstructured: fields.message,
      approval: "now",
    };
    for (const [name, value] of Object.entries(values)) body.append(name, value);
    const sent = await this.request("payment-submit", `/payments/new?from=${encodeURIComponent(fields.accountId)}`, {
      method: "POST",
      body,
    });
    if (sent.location === undefined || new URL(sent.location).origin === new URL(this.appUrl).origin) {
      const alert = /role="alert"[^>]*>([\s\S]{0,400}?)<\/(p|div)>/.exec(sent.html)?.[1]?.replace(/<[^>]+>/g, " ");
      this.fail(
        `the payment form answered ${sent.status}${sent.location === undefined ? "" : ` to ${sent.location}`}: ${alert ?? "no alert"}`,
      );
    }
    this.paymentsMade.push(fields.amount);
    const ended = await this.scaAndCallback(sent.location, undefined);
    if (!/^\/payments\/[^/]+$/.test(new URL(ended).pathname)) this.fail(`the payment's approval ended at ${ended}`);
  }
}
