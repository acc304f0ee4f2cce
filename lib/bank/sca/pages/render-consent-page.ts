import { html } from "../../web/html";
import { journeyActions, journeyFormFields, type JourneyPageFrame, renderJourneyPage } from "./render-journey-page";

export type ConsentPageItem = {
  /** The form value: `account:<id>` or `card-account:<id>`. */
  value: string;
  name: string;
  /** The formatted account number or masked card number. */
  number: string;
  kind: "Account" | "Card account";
  checked: boolean;
};

export type ConsentPageInput = {
  bankName: string;
  formAction: string;
  token: string;
  tppName: string;
  requester: JourneyPageFrame["requester"];
  steps: JourneyPageFrame["steps"];
  /** Who is logged in and in which context, e.g. "Ingrid Marie Haugen, private". */
  actingAs: string;
  items: readonly ConsentPageItem[];
  error?: string;
};

/**
 * The consent screen: one checkbox per account and card account of the context, those already
 * consented to this TPP checked; Confirm stores the selection (unchecking revokes).
 *
 * @see docs/interface/authentication.md#consent; docs/interface/sca-and-consent.md#sca-sessions-consent-and-context
 */
export function renderConsentPage(input: ConsentPageInput): string {
  return renderJourneyPage({
    bankName: input.bankName,
    title: "Choose accounts to share",
    requester: input.requester,
    steps: input.steps,
    wide: true,
    body: html`<p class="lead">${input.tppName} will be able to read the balances and transactions of the accounts you choose. Logged in as ${input.actingAs}.</p>
${input.error ? html`<div class="alert error" role="alert">${input.error}</div>` : ""}
<form method="post" action="${input.formAction}">
${journeyFormFields(input.token, "purpose")}
<fieldset class="choices">
  <legend>Accounts ${input.tppName} may read</legend>
  ${
    input.items.length === 0
      ? html`<p class="empty">You have no accounts in this context.</p>`
      : input.items.map(
          (item, index) => html`<div class="choice">
    <input type="checkbox" id="resource-${index}" name="resource" value="${item.value}" aria-describedby="resource-${index}-kind"${item.checked ? html` checked` : ""}>
    <div class="choice-text"><label for="resource-${index}"><span class="name">${item.name}</span> <span class="number">${item.number}</span></label><span class="meta" id="resource-${index}-kind">${item.kind}${item.checked ? " · shared now" : ""}</span></div>
  </div>`,
        )
  }
</fieldset>
<p class="hint">You can stop sharing at any time: uncheck an account here the next time, or contact the bank. ${input.tppName} is not told when you do.</p>
${journeyActions({ label: "Confirm", action: "confirm" })}
</form>`,
  });
}
