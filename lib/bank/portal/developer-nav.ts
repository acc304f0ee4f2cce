/** The header links of the developer pages: the portal, the API reference, the OpenAPI document. */
export function developerNav(current: "portal" | "docs"): { href: string; label: string; current?: boolean }[] {
  return [
    { href: "/portal", label: "Developer portal", current: current === "portal" },
    { href: "/docs", label: "API reference", current: current === "docs" },
    { href: "/openapi.json", label: "openapi.json" },
  ];
}

/**
 * The security headers of the developer pages: nothing but the bank's own stylesheet (no
 * scripts), no referrer, no caching (a page may show a private key).
 */
export const DEVELOPER_PAGE_HEADERS = {
  "Cache-Control": "no-store",
  "Referrer-Policy": "no-referrer",
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy":
    "default-src 'none'; style-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
} as const;
