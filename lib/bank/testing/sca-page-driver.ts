/**
 * Drives the bank's SCA pages with inject(), as a browser would: opens the scaRedirect link,
 * reads each page's form (its secret, step and choices) and posts it.
 */
import type { FastifyInstance } from "fastify";

export type ScaPage =
  | { kind: "page"; status: number; html: string; action?: string; token?: string; step?: string }
  | { kind: "redirect"; status: number; location: string; query: Record<string, string> };

function pathOf(href: string): string {
  const url = new URL(href, "http://bank.test");
  return `${url.pathname}${url.search}`;
}

function toPage(response: { statusCode: number; body: string; headers: Record<string, unknown> }): ScaPage {
  const location = response.headers.location;
  if (response.statusCode >= 300 && response.statusCode < 400 && typeof location === "string") {
    return { kind: "redirect", status: response.statusCode, location, query: Object.fromEntries(new URL(location).searchParams) };
  }
  const html = response.body;
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  const token = /name="token" value="([^"]+)"/.exec(html)?.[1];
  const step = /name="step" value="([^"]+)"/.exec(html)?.[1];
  return {
    kind: "page",
    status: response.statusCode,
    html,
    ...(action ? { action } : {}),
    ...(token ? { token } : {}),
    ...(step ? { step } : {}),
  };
}

/** GET of the scaRedirect link. */
export async function openScaLink(app: FastifyInstance, href: string): Promise<ScaPage> {
  return toPage(await app.inject({ method: "GET", url: pathOf(href) }));
}

/** POSTs a page's form with the given fields (its token and step added). */
export async function submitScaPage(app: FastifyInstance, page: ScaPage, fields: Record<string, string | string[]>): Promise<ScaPage> {
  if (page.kind !== "page" || !page.action || !page.token || !page.step)
    throw new Error(`not a form page: ${JSON.stringify(page).slice(0, 300)}`);
  const body = new URLSearchParams({ token: page.token, step: page.step });
  for (const [name, value] of Object.entries(fields)) for (const v of Array.isArray(value) ? value : [value]) body.append(name, v);
  return toPage(
    await app.inject({
      method: "POST",
      url: page.action,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: body.toString(),
    }),
  );
}

/** The checkbox values of a consent page, and which are checked. */
export function consentChoices(page: ScaPage): { value: string; checked: boolean }[] {
  if (page.kind !== "page") return [];
  return [...page.html.matchAll(/name="resource" value="([^"]+)"[^>]*?( checked)?>/g)].map((match) => ({
    value: match[1] ?? "",
    checked: match[2] !== undefined,
  }));
}

/** The agreements offered on a context page: value and label. */
export function agreementChoices(page: ScaPage): { value: string; label: string }[] {
  if (page.kind !== "page") return [];
  return [...page.html.matchAll(/<option value="([^"]+)"[^>]*>([^<]+)<\/option>/g)].map((match) => ({
    value: match[1] ?? "",
    label: match[2] ?? "",
  }));
}

export type CompleteScaOptions = {
  customerNumber: string;
  /** For a customer with agreements: the context to choose (the first agreement for CORPORATE unless named). */
  context?: "PRIVATE" | "CORPORATE";
  agreementId?: string;
  /** On the consent page: all offered, none, those already checked, or these values (`account:<id>`, `card-account:<id>`). */
  resources?: "all" | "none" | "keep" | string[];
};

/** Goes through login, context and consent and returns the final redirect. */
export async function completeScaJourney(
  app: FastifyInstance,
  href: string,
  options: CompleteScaOptions,
): Promise<Extract<ScaPage, { kind: "redirect" }>> {
  let page = await openScaLink(app, href);
  for (let guard = 0; guard < 6; guard++) {
    if (page.kind === "redirect") return page;
    if (page.step === "login") page = await submitScaPage(app, page, { action: "login", nationalIdentityNumber: options.customerNumber });
    else if (page.step === "context") {
      const context = options.context ?? "PRIVATE";
      page = await submitScaPage(app, page, {
        action: "continue",
        context,
        agreement: options.agreementId ?? agreementChoices(page)[0]?.value ?? "",
      });
    } else if (page.step === "purpose") {
      const choices = consentChoices(page);
      const wanted = options.resources ?? "all";
      const resource =
        wanted === "all"
          ? choices.map((c) => c.value)
          : wanted === "none"
            ? []
            : wanted === "keep"
              ? choices.filter((c) => c.checked).map((c) => c.value)
              : wanted;
      page = await submitScaPage(app, page, { action: "confirm", resource });
    } else throw new Error(`unexpected SCA page (status ${page.status}): ${page.html.slice(0, 400)}`);
  }
  throw new Error("the SCA journey did not end");
}
