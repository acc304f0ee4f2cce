import { renderBankPage } from "../../web/bank-page";
import { html, raw, type SafeHtml } from "../../web/html";

const shield = raw(
  `<svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false"><path fill="currentColor" d="M12 2 4 5v6c0 5 3.4 9.7 8 11 4.6-1.3 8-6 8-11V5l-8-3Zm-1.2 14.2-3.5-3.5 1.4-1.4 2.1 2.1 4.9-4.9 1.4 1.4-6.3 6.3Z"/></svg>`,
);

export type JourneyPageFrame = {
  bankName: string;
  /** The page's heading and title. */
  title: string;
  /** Who asks, and what for: shown above the heading. */
  requester?: { tppName: string; request: string };
  /** Where the PSU is in the journey. */
  steps?: { labels: readonly string[]; current: number };
  body: SafeHtml;
  wide?: boolean;
};

/** The frame of an SCA journey page: the requesting TPP, the steps, the heading, the body. */
export function renderJourneyPage(frame: JourneyPageFrame): string {
  const steps = frame.steps;
  return renderBankPage({
    bankName: frame.bankName,
    title: frame.title,
    body: html`<section class="panel${frame.wide ? " wide" : ""}" aria-labelledby="page-title">
${
  frame.requester
    ? html`<div class="requester">${shield}<p><strong>${frame.requester.tppName}</strong> ${frame.requester.request}</p></div>`
    : ""
}
${
  steps
    ? html`<ol class="steps" aria-label="Progress">${steps.labels.map(
        (label, index) =>
          html`<li class="${index < steps.current ? "done" : index === steps.current ? "current" : ""}"${
            index === steps.current ? raw(' aria-current="step"') : ""
          }><span class="visually-hidden">Step ${index + 1} of ${steps.labels.length}: </span>${label}</li>`,
      )}</ol>`
    : ""
}
<h1 id="page-title">${frame.title}</h1>
${frame.body}
</section>`,
  });
}

/** The hidden fields every journey form carries: the page secret and the step it answers. */
export function journeyFormFields(token: string, step: string): SafeHtml {
  return html`<input type="hidden" name="token" value="${token}"><input type="hidden" name="step" value="${step}">`;
}

/** The form's buttons: the primary one first, so that Enter submits it. */
export function journeyActions(primary: { label: string; action: string }, cancelLabel = "Cancel"): SafeHtml {
  return html`<div class="actions primary-first">
<button type="submit" name="action" value="${primary.action}" class="primary">${primary.label}</button>
<button type="submit" name="action" value="cancel" class="secondary" formnovalidate>${cancelLabel}</button>
</div>`;
}
