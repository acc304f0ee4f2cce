/**
 * Drives the sandbox bank's SCA pages over HTTP as a browser would, for lib/tpp's tests: follows
 * a scaRedirect link, reads each page's form (its hidden page secret `token` and `step`), fills
 * the login (the national identity number), the context and agreement choice, the consent's
 * accounts or the payment approval, and stops at the redirect to the TPP-Redirect-URI. Redirects
 * are followed by hand and the bank's cookies (its browser session on /sca) kept, so that a second
 * approval within the bank's 15 minutes skips the login, as in a browser.
 */

/** A page of the bank: its form, or a redirect. */
export type BankPage =
  | {
      readonly kind: "page";
      readonly url: string;
      readonly status: number;
      readonly html: string;
      /** The form's action, resolved. */
      readonly action: string | undefined;
      readonly token: string | undefined;
      readonly step: string | undefined;
    }
  | { readonly kind: "redirect"; readonly url: string; readonly status: number; readonly location: string };

export interface ScaChoices {
  /** The customerNumber (mocked national identity number) to log in with, when the login is asked. */
  readonly nationalId: string;
  /** For a customer with agreements: PRIVATE (default) or CORPORATE. */
  readonly context?: "PRIVATE" | "CORPORATE";
  /** CORPORATE: the agreement to act for, by id or by the start of its name; default the first offered. */
  readonly agreement?: string;
  /** The last step's button: approve (Approve, Confirm; the default) or cancel. */
  readonly decision?: "approve" | "cancel";
  /** On a consent page: every account offered (default), none, those already ticked, or these values. */
  readonly accounts?: "all" | "none" | "keep" | readonly string[];
}

/** How a journey ended: the redirect to the TPP, and the steps passed on the way. */
export interface ScaOutcome {
  /** The TPP-Redirect-URI with the bank's parameters (success: psu-id, tpp-session-id, context[, psu-corporate-id]; failure: system, status, code, message). */
  readonly redirect: URL;
  /** The steps shown, in order: login, app-approval, context, consent, approval. */
  readonly steps: readonly string[];
}

export interface BankBrowser {
  /** GET of a page of the bank (the scaRedirect link), following the bank's own redirects. */
  open(url: string): Promise<BankPage>;
  /** POSTs a page's form with its token and step and these fields. */
  submit(page: BankPage, fields: Readonly<Record<string, string | readonly string[]>>): Promise<BankPage>;
  /** Goes through the journey from a scaRedirect link to the redirect to the TPP. */
  complete(scaRedirect: string, choices: ScaChoices): Promise<ScaOutcome>;
  /** Forgets the bank's cookies (a new browser). */
  clearCookies(): void;
}

function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

function attribute(html: string, pattern: RegExp): string | undefined {
  const value = pattern.exec(html)?.[1];
  return value === undefined ? undefined : decodeEntities(value);
}

/** The page's heading and text, to say which page it was when it was not expected. */
function describePage(page: BankPage): string {
  if (page.kind === "redirect") return `a redirect (${page.status}) to ${page.location}`;
  const title = attribute(page.html, /<h1[^>]*>([^<]*)<\/h1>/);
  const lead = attribute(page.html, /<p class="lead">([^<]*)<\/p>/);
  const alert = attribute(page.html, /role="alert"[^>]*>([^<]*)</);
  return `the page ${page.url} (${page.status}) "${title ?? "untitled"}"${lead === undefined ? "" : `: ${lead}`}${alert === undefined ? "" : ` [${alert}]`}`;
}

/** The checkboxes of a consent page: their values and which are ticked. */
export function consentChoices(page: BankPage): { value: string; checked: boolean }[] {
  if (page.kind !== "page") return [];
  return [...page.html.matchAll(/<input type="checkbox"[^>]*name="resource" value="([^"]+)"[^>]*?( checked)?>/g)].map((match) => ({
    value: decodeEntities(match[1] ?? ""),
    checked: match[2] !== undefined,
  }));
}

/** The agreements offered on a context page: their ids and labels. */
export function agreementChoices(page: BankPage): { value: string; label: string }[] {
  if (page.kind !== "page") return [];
  return [...page.html.matchAll(/<option value="([^"]+)"[^>]*>([^<]+)<\/option>/g)].map((match) => ({
    value: decodeEntities(match[1] ?? ""),
    label: decodeEntities(match[2] ?? ""),
  }));
}

/** A new browser for the bank's pages at `bankUrl`, with an empty cookie jar. */
export function createBankBrowser(bankUrl: string): BankBrowser {
  const bankOrigin = new URL(bankUrl).origin;
  const cookies = new Map<string, string>();

  function keepCookies(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const equals = pair.indexOf("=");
      if (equals <= 0) continue;
      const name = pair.slice(0, equals).trim();
      const value = pair.slice(equals + 1).trim();
      // Max-Age=0 or an empty value: the bank deletes it.
      if (value === "" || /;\s*max-age=0\b/i.test(line)) cookies.delete(name);
      else cookies.set(name, value);
    }
  }

  function cookieHeader(): Record<string, string> {
    return cookies.size === 0 ? {} : { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join("; ") };
  }

  async function request(url: string, init: { method: "GET" | "POST"; body?: string }): Promise<BankPage> {
    if (new URL(url).origin !== bankOrigin) throw new Error(`the SCA driver only visits the bank at ${bankOrigin}, not ${url}`);
    const response = await fetch(url, {
      method: init.method,
      redirect: "manual",
      headers: {
        accept: "text/html",
        ...cookieHeader(),
        ...(init.body === undefined ? {} : { "content-type": "application/x-www-form-urlencoded" }),
      },
      ...(init.body === undefined ? {} : { body: init.body }),
    });
    keepCookies(response);
    const text = await response.text();
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location !== null) {
      return { kind: "redirect", url, status: response.status, location: new URL(location, url).href };
    }
    const action = attribute(text, /<form method="post" action="([^"]+)"/);
    return {
      kind: "page",
      url,
      status: response.status,
      html: text,
      action: action === undefined ? undefined : new URL(action, url).href,
      token: attribute(text, /name="token" value="([^"]+)"/),
      step: attribute(text, /name="step" value="([^"]+)"/),
    };
  }

  /** Follows redirects that stay on the bank's own pages; stops at one that leaves them (the TPP's). */
  async function follow(page: BankPage): Promise<BankPage> {
    let current = page;
    for (let hops = 0; current.kind === "redirect" && new URL(current.location).origin === bankOrigin; hops++) {
      if (hops >= 5) throw new Error(`the bank redirected more than 5 times, last to ${current.location}`);
      current = await request(current.location, { method: "GET" });
    }
    return current;
  }

  async function open(url: string): Promise<BankPage> {
    return follow(await request(url, { method: "GET" }));
  }

  async function submit(page: BankPage, fields: Readonly<Record<string, string | readonly string[]>>): Promise<BankPage> {
    if (page.kind !== "page" || page.action === undefined || page.token === undefined || page.step === undefined) {
      throw new Error(`there is no form to send on ${describePage(page)}`);
    }
    const body = new URLSearchParams({ token: page.token, step: page.step });
    for (const [name, value] of Object.entries(fields)) {
      for (const item of typeof value === "string" ? [value] : value) body.append(name, item);
    }
    return follow(await request(page.action, { method: "POST", body: body.toString() }));
  }

  async function complete(scaRedirect: string, choices: ScaChoices): Promise<ScaOutcome> {
    const steps: string[] = [];
    const decision = choices.decision ?? "approve";
    let page = await open(scaRedirect);
    for (let guard = 0; guard < 8; guard++) {
      if (page.kind === "redirect") return { redirect: new URL(page.location), steps };
      // An error page, or a step shown again with what was wrong (status 400): the journey cannot go on as asked.
      if (page.action === undefined || page.status >= 400) throw new Error(`the SCA journey stopped at ${describePage(page)}`);
      const isAppApproval = page.step === "login" && page.html.includes('value="approve-app"');
      const name =
        page.step === "login"
          ? isAppApproval
            ? "app-approval"
            : "login"
          : page.step === "context"
            ? "context"
            : consentChoices(page).length > 0
              ? "consent"
              : "approval";
      steps.push(name);
      if (page.step !== "purpose" && page.step !== "login" && page.step !== "context")
        throw new Error(`unknown SCA step '${page.step}' on ${describePage(page)}`);
      // Cancel is at hand on every step; the decision is for the last one.
      if (decision === "cancel" && page.step === "purpose") {
        page = await submit(page, { action: "cancel" });
      } else if (page.step === "login") {
        page = await submit(
          page,
          isAppApproval ? { action: "approve-app" } : { action: "login", nationalIdentityNumber: choices.nationalId },
        );
      } else if (page.step === "context") {
        const context = choices.context ?? "PRIVATE";
        const offered = agreementChoices(page);
        const wanted = choices.agreement;
        const agreement =
          wanted === undefined ? offered[0] : offered.find((option) => option.value === wanted || option.label.startsWith(wanted));
        if (context === "CORPORATE" && agreement === undefined) {
          throw new Error(
            `no agreement ${wanted ?? ""} on the context page; offered: ${offered.map((option) => option.label).join(", ") || "none"}`,
          );
        }
        page = await submit(page, { action: "continue", context, agreement: agreement?.value ?? "" });
      } else if (name === "consent") {
        const offered = consentChoices(page);
        const wanted = choices.accounts ?? "all";
        const resource =
          wanted === "all"
            ? offered.map((choice) => choice.value)
            : wanted === "none"
              ? []
              : wanted === "keep"
                ? offered.filter((choice) => choice.checked).map((choice) => choice.value)
                : wanted;
        page = await submit(page, { action: "confirm", resource });
      } else {
        page = await submit(page, { action: "confirm" });
      }
    }
    throw new Error(`the SCA journey from ${scaRedirect} did not end after 8 pages (last: steps ${steps.join(", ")})`);
  }

  return {
    open,
    submit,
    complete,
    clearCookies() {
      cookies.clear();
    },
  };
}
