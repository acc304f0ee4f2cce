import { renderBankPage } from "../web/bank-page";
import { html } from "../web/html";
import { plural } from "../../psd2/validation/plural";
import { developerNav } from "./developer-nav";

export type RateLimitedPageInput = {
  bankName: string;
  /** Certificates one client address may ask for a minute (BANK_PORTAL_CERTIFICATES_PER_MINUTE). */
  perMinute: number;
  /** Whole seconds until the address may ask again (the reply's Retry-After). */
  retryAfterSeconds: number;
};

/**
 * The portal's answer (429) to a client address that asked for more certificates in a minute than
 * BANK_PORTAL_CERTIFICATES_PER_MINUTE lets it: what happened, why, and when to try again.
 *
 * @see docs/interface/certificates.md#certificates-and-tpp-registration
 */
export function renderRateLimitedPage(input: RateLimitedPageInput): string {
  return renderBankPage({
    bankName: input.bankName,
    title: "Too many certificates in a minute",
    nav: developerNav("portal"),
    body: html`<div class="developer">
<section class="panel full" aria-labelledby="page-title">
<div class="alert error" role="alert"><strong>No certificate was issued.</strong> Your address has been issued ${plural(input.perMinute, "certificate")} within a minute.</div>
<h1 id="page-title">Too many certificates in a minute</h1>
<p class="lead">The portal issues at most ${plural(input.perMinute, "certificate")} a minute to one address, since each comes with a new RSA key. Try again in ${plural(input.retryAfterSeconds, "second")}.</p>
<p>Certificates issued before stay valid, and issuing again for the same organisation id renews its certificate: one certificate per organisation is usually all a test needs.</p>
<div class="actions"><a class="button primary" href="/portal#issue-title">Back to the portal</a></div>
</section>
</div>`,
  });
}
