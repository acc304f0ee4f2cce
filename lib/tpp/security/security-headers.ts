import "server-only";
import { randomBytes } from "node:crypto";

/**
 * The security headers of every response of the app (the proxy sets them; next.config.js sets
 * the few that matter on Next's own static files, which the proxy does not see).
 * @see https://www.w3.org/TR/CSP3/
 * @see https://www.rfc-editor.org/rfc/rfc6797 (Strict-Transport-Security)
 */

/** What the headers depend on: one request's nonce and the app's setting. */
export interface SecurityHeaderOptions {
  /** A fresh random value per request: Next puts it on every script it renders. */
  readonly nonce: string;
  /** `next dev`: React needs eval for its debugging, and the dev overlay inline styles. */
  readonly development: boolean;
  /** The app's own URL (NEXTAUTH_URL): HTTPS there turns on HSTS and upgrade-insecure-requests. */
  readonly appUrl: string;
  /**
   * Origins a form of the app may end up at besides its own: the bank's, since a form posted to
   * the app is answered with a redirect to the bank's SCA pages, and Chromium checks form-action
   * against every redirect of a form's submission.
   */
  readonly formTargets: readonly string[];
  /** The path asked for: the bank's callback (it carries psu-id in its query) sends no referrer at all. */
  readonly pathname: string;
}

/** A nonce for one response: 128 random bits, Base64 (CSP's nonce-source grammar). */
export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

/** The origin of an http(s) URL, e.g. "https://bank.example"; undefined for anything else. */
function originOf(url: string): string | undefined {
  if (!URL.canParse(url)) return undefined;
  const parsed = new URL(url);
  return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.origin : undefined;
}

/** Whether the app is served over HTTPS. */
export function isServedOverHttps(appUrl: string): boolean {
  return URL.canParse(appUrl) && new URL(appUrl).protocol === "https:";
}

/**
 * The Content-Security-Policy: scripts only with this response's nonce (and what they load:
 * 'strict-dynamic'; 'self' for browsers before CSP 3), styles only from the app's stylesheets or
 * with the nonce, nothing framed, posted or based elsewhere.
 */
export function buildContentSecurityPolicy(options: SecurityHeaderOptions): string {
  const nonce = `'nonce-${options.nonce}'`;
  const formTargets = [...new Set(options.formTargets.map(originOf).filter((origin) => origin !== undefined))];
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    // React rebuilds server error stacks with eval in development only; never in production.
    ["script-src", "'self'", nonce, "'strict-dynamic'", ...(options.development ? ["'unsafe-eval'"] : [])],
    // <style> and stylesheets: the app's own files (Tailwind's CSS) or the nonce; in development
    // Next's overlay and hot reloading insert styles without one.
    ["style-src", "'self'", ...(options.development ? ["'unsafe-inline'"] : [nonce])],
    // style="" attributes cannot carry a nonce, and React renders a style prop as one on the
    // server: the balance chart's label positions and the flow diagram's width need them. Only
    // attributes: they cannot load anything, and no <style> element is allowed by this.
    ["style-src-attr", "'unsafe-inline'"],
    ["img-src", "'self'"],
    ["font-src", "'self'"],
    ["connect-src", "'self'"],
    ["object-src", "'none'"],
    ["base-uri", "'none'"],
    ["form-action", "'self'", ...formTargets],
    ["frame-ancestors", "'none'"],
    ...(isServedOverHttps(options.appUrl) ? ([["upgrade-insecure-requests"]] as [string][]) : []),
  ];
  return directives.map((directive) => directive.join(" ")).join("; ");
}

/**
 * Features the app never uses, denied to it and to anything it might embed. Only features
 * Chromium knows (it warns in the console about others).
 */
const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "usb=()",
].join(", ");

/** Two years, as HSTS preload lists ask; set only when the app is served over HTTPS. */
const HSTS_MAX_AGE_SECONDS = 2 * 365 * 24 * 60 * 60;

/**
 * Every security header of a response, by name. Referrer-Policy: same-origin (stricter than
 * strict-origin-when-cross-origin: the bank and other sites learn nothing of the app's addresses),
 * and no-referrer on the bank's callback, whose address carries the PSU's psu-id.
 */
export function buildSecurityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  const callback = options.pathname === "/callback" || options.pathname.startsWith("/callback/");
  return {
    "Content-Security-Policy": buildContentSecurityPolicy(options),
    // Browsers without frame-ancestors (CSP 2) still refuse to frame the app.
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": callback ? "no-referrer" : "same-origin",
    "Permissions-Policy": PERMISSIONS_POLICY,
    // No other site's window keeps a handle on the app's (the bank's pages are reached by navigation).
    "Cross-Origin-Opener-Policy": "same-origin",
    ...(isServedOverHttps(options.appUrl)
      ? {
          "Strict-Transport-Security": `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`,
        }
      : {}),
  };
}
