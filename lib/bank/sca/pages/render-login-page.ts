import { html } from "../../web/html";
import { journeyActions, journeyFormFields, type JourneyPageFrame, renderJourneyPage } from "./render-journey-page";

export type LoginPageInput = {
  bankName: string;
  formAction: string;
  token: string;
  requester: JourneyPageFrame["requester"];
  steps: JourneyPageFrame["steps"];
  /** What went wrong with the last attempt, shown as an alert. */
  error?: string;
  /** The value to show again (never the number of a refused login). */
  value?: string;
  /** Why the login form is shown though the TPP asked for app approval. */
  notice?: string;
};

/** The sandbox login: a mocked national identity number. @see docs/interface/sca-and-consent.md#sca-sessions-consent-and-context */
export function renderLoginPage(input: LoginPageInput): string {
  const describedBy = input.error ? "nin-hint login-error" : "nin-hint";
  return renderJourneyPage({
    bankName: input.bankName,
    title: "Log in",
    requester: input.requester,
    steps: input.steps,
    body: html`<p class="lead">Identify yourself with your national identity number.</p>
${input.notice ? html`<p class="alert info">${input.notice}</p>` : ""}
${input.error ? html`<div class="alert error" role="alert" id="login-error">${input.error}</div>` : ""}
<form method="post" action="${input.formAction}" novalidate>
${journeyFormFields(input.token, "login")}
<div class="field">
  <label for="national-identity-number">National identity number</label>
  <input id="national-identity-number" name="nationalIdentityNumber" type="text" inputmode="numeric" autocomplete="off" spellcheck="false" maxlength="20" value="${input.value ?? ""}" aria-describedby="${describedBy}"${input.error ? html` aria-invalid="true"` : ""} autofocus>
  <p class="hint" id="nin-hint">11 digits (fødselsnummer or D-number). In the sandbox, the number of a test customer, such as 13039319955 (private) or 18129215603 (corporate); <a href="/portal#customers-title" target="_blank" rel="noopener">the developer portal lists them all</a> (opens in a new tab).</p>
</div>
${journeyActions({ label: "Log in", action: "login" })}
</form>`,
  });
}
