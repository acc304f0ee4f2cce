import { html, raw, type SafeHtml } from "./html";

const logo = raw(
  `<svg viewBox="0 0 32 32" aria-hidden="true" focusable="false"><rect width="32" height="32" rx="8" fill="#fff"/><path d="M5 22 L12 12 L17 18 L21 13 L27 22 Z" fill="#0b4f6c"/><path d="M5 24 H27" stroke="#f2a541" stroke-width="2.5" stroke-linecap="round"/></svg>`,
);
const lock = raw(
  `<svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="currentColor" d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5Zm-3 8V7a3 3 0 1 1 6 0v3H9Z"/></svg>`,
);

export type BankPageOptions = {
  bankName: string;
  title: string;
  body: SafeHtml;
  /** Where the bank's stylesheet is served (relative to the bank's base URL). */
  stylesheet?: string;
  /** Links in the header in place of the "Secure login" badge (the developer pages). */
  nav?: readonly { href: string; label: string; current?: boolean }[];
};

/** The frame of every page on the bank's own origin. */
export function renderBankPage({ bankName, title, body, stylesheet = "/assets/bank.css", nav }: BankPageOptions): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} · ${bankName}</title>
<link rel="stylesheet" href="${stylesheet}">
</head>
<body>
<a class="skip" href="#content">Skip to content</a>
<header class="bank-header">
  <div class="inner">
    <span class="brand">${logo}<span>${bankName}</span><span class="sandbox-tag">Sandbox</span></span>
    ${
      nav
        ? html`<nav class="bank-nav" aria-label="Developer pages">${nav.map(
            (link) => html`<a href="${link.href}"${link.current ? raw(' aria-current="page"') : ""}>${link.label}</a>`,
          )}</nav>`
        : html`<span class="secure">${lock} Secure login</span>`
    }
  </div>
</header>
<main id="content">
${body}
</main>
<footer class="bank-footer">
  <div class="inner">
    <span>${bankName} · a sandbox bank: no real customers, no real money</span>
    <span>Berlin Group NextGenPSD2 1.3</span>
  </div>
</footer>
</body>
</html>
`.value;
}
