import type { AgreementRecord } from "../../repositories/agreements-repository";
import { html } from "../../web/html";
import { formatOrganisationNumber } from "../format-account-number";
import { journeyActions, journeyFormFields, type JourneyPageFrame, renderJourneyPage } from "./render-journey-page";

export type ContextPageInput = {
  bankName: string;
  formAction: string;
  token: string;
  requester: JourneyPageFrame["requester"];
  steps: JourneyPageFrame["steps"];
  customerName: string;
  agreements: readonly AgreementRecord[];
  selected?: { context: "PRIVATE" | "CORPORATE"; agreementId?: string };
  error?: string;
};

/** The choice of context, for a customer with corporate agreements. @see docs/interface/sca-and-consent.md#sca-sessions-consent-and-context */
export function renderContextPage(input: ContextPageInput): string {
  const corporate = input.selected?.context === "CORPORATE";
  return renderJourneyPage({
    bankName: input.bankName,
    title: "Who are you acting for?",
    requester: input.requester,
    steps: input.steps,
    body: html`<p class="lead">You are logged in as ${input.customerName}. Choose whether you act privately or for an organisation.</p>
${input.error ? html`<div class="alert error" role="alert">${input.error}</div>` : ""}
<form method="post" action="${input.formAction}">
${journeyFormFields(input.token, "context")}
<fieldset class="choices">
  <legend>Act as</legend>
  <div class="choice">
    <input type="radio" id="context-private" name="context" value="PRIVATE" aria-describedby="context-private-hint"${corporate ? "" : html` checked`}>
    <div class="choice-text"><label for="context-private" class="name">Private</label><span class="meta" id="context-private-hint">Your own accounts and cards</span></div>
  </div>
  <div class="choice">
    <input type="radio" id="context-corporate" name="context" value="CORPORATE" aria-describedby="context-corporate-hint"${corporate ? html` checked` : ""}>
    <div class="choice-text"><label for="context-corporate" class="name">Corporate</label><span class="meta" id="context-corporate-hint">An organisation's accounts, through your agreement</span></div>
  </div>
</fieldset>
<div class="field">
  <label for="agreement">Agreement</label>
  <select id="agreement" name="agreement" aria-describedby="agreement-hint">
    ${input.agreements.map(
      (agreement) =>
        html`<option value="${agreement.id}"${input.selected?.agreementId === agreement.id ? html` selected` : ""}>${agreement.name} (org. no. ${formatOrganisationNumber(agreement.organisationNumber)})</option>`,
    )}
  </select>
  <p class="hint" id="agreement-hint">Used when you act as Corporate.</p>
</div>
${journeyActions({ label: "Continue", action: "continue" })}
</form>`,
  });
}
