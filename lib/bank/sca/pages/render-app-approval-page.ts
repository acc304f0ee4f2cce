import { html, raw } from "../../web/html";
import { journeyActions, journeyFormFields, type JourneyPageFrame, renderJourneyPage } from "./render-journey-page";

const phone = raw(
  `<svg viewBox="0 0 64 64" aria-hidden="true" focusable="false"><rect x="18" y="4" width="28" height="56" rx="6" fill="none" stroke="currentColor" stroke-width="3"/><circle cx="32" cy="52" r="2.5" fill="currentColor"/><path d="M25 30l5 5 9-10" fill="none" stroke="#1c7c54" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/></svg>`,
);

export type AppApprovalPageInput = {
  bankName: string;
  formAction: string;
  token: string;
  requester: JourneyPageFrame["requester"];
  steps: JourneyPageFrame["steps"];
};

/**
 * TPP-Redirect-Preferred false: approval in the bank's mobile app, simulated by a button.
 * @see docs/interface/authentication.md#biometric-flow; docs/interface/sca-and-consent.md#sca-sessions-consent-and-context
 */
export function renderAppApprovalPage(input: AppApprovalPageInput): string {
  return renderJourneyPage({
    bankName: input.bankName,
    title: "Approve in your mobile app",
    requester: input.requester,
    steps: input.steps,
    body: html`<div class="app-approval">${phone}</div>
<p class="lead">We have sent a request to the ${input.bankName} app on your phone. Open the app and approve it with your fingerprint, face or PIN.</p>
<p class="alert info">This is a sandbox: there is no app. The button below approves the request as the app would.</p>
<form method="post" action="${input.formAction}">
${journeyFormFields(input.token, "login")}
${journeyActions({ label: "Approve in app", action: "approve-app" })}
</form>`,
  });
}
