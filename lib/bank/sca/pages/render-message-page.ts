import { renderBankPage } from "../../web/bank-page";
import { html } from "../../web/html";

/** A page that ends a journey without a redirect: an invalid, used or expired link, a finished journey. */
export function renderMessagePage(input: { bankName: string; title: string; text: string; hint?: string }): string {
  return renderBankPage({
    bankName: input.bankName,
    title: input.title,
    body: html`<section class="panel message" aria-labelledby="page-title">
<div class="status-icon" aria-hidden="true">!</div>
<h1 id="page-title">${input.title}</h1>
<p class="lead">${input.text}</p>
${input.hint ? html`<p class="hint">${input.hint}</p>` : ""}
</section>`,
  });
}
