import { renderBankPage } from "../web/bank-page";
import { html, type SafeHtml } from "../web/html";
import { developerNav } from "./developer-nav";

export type PortalCustomer = {
  customerName: string;
  customerNumber: string;
  customerType: string;
  /** The customer's payment accounts, with the numbers a payment's debtorAccount takes. */
  accounts: readonly { name: string; bban: string; iban: string; currency: string }[];
  cardAccounts: number;
  agreements: string[];
};

export type PortalPageInput = {
  bankName: string;
  /** Where the PSD2 interface (/v1) is reached. */
  publicUrl: string;
  /** Where the portal and the other web pages are reached (another port with client certificates required); default publicUrl. */
  publicWebUrl?: string;
  /** BANK_CLIENT_CERT=required: /v1 needs the TLS client certificate in the handshake. */
  clientCertificateRequired?: boolean;
  /** BANK_DOMESTIC_DETAILS_KNOWN_ISSUE: a Norwegian domestic payment is 404 until approved. */
  domesticDetailsKnownIssue: boolean;
  customers: readonly PortalCustomer[];
  /** The form's last values, shown again after an error. */
  values?: { organisationName?: string; organisationId?: string; roles?: readonly string[] };
  /** What was wrong with the last request, by field (`""` for the whole form). */
  errors?: readonly { field: string; text: string }[];
};

const ROLE_CHOICES = [
  { value: "PSP_AI", name: "PSP_AI: account information", meta: "Accounts, balances, transactions, card accounts, consents" },
  { value: "PSP_PI", name: "PSP_PI: payment initiation", meta: "Payments and signing baskets" },
] as const;

function fieldError(errors: PortalPageInput["errors"], field: string, id: string): SafeHtml | "" {
  const texts = (errors ?? []).filter((error) => error.field === field).map((error) => error.text);
  return texts.length > 0 ? html`<p class="field-error" id="${id}">${texts.join(" ")}</p>` : "";
}

const invalid = (errors: PortalPageInput["errors"], field: string) => (errors ?? []).some((error) => error.field === field);

function renderForm(input: PortalPageInput): SafeHtml {
  const values = input.values ?? {};
  const roles = values.roles ?? ["PSP_AI", "PSP_PI"];
  const errors = input.errors ?? [];
  return html`<form method="post" action="/portal/certificates#issue-title" novalidate>
${errors.length > 0 ? html`<div class="alert error" role="alert"><strong>The certificate was not issued.</strong> ${errors.length === 1 ? "One field needs" : `${errors.length} fields need`} a change.</div>` : ""}
<div class="field">
  <label for="organisation-name">Organisation name</label>
  <input id="organisation-name" name="organisationName" type="text" maxlength="64" autocomplete="organization" value="${values.organisationName ?? ""}" aria-describedby="organisation-name-hint${invalid(errors, "organisationName") ? " organisation-name-error" : ""}"${invalid(errors, "organisationName") ? html` aria-invalid="true"` : ""} required>
  <p class="hint" id="organisation-name-hint">Your legal name: the certificate's O and CN.</p>
  ${fieldError(errors, "organisationName", "organisation-name-error")}
</div>
<div class="field">
  <label for="organisation-id">Organisation id</label>
  <input id="organisation-id" name="organisationId" type="text" maxlength="64" spellcheck="false" autocomplete="off" placeholder="PSDNO-FSA-123456" value="${values.organisationId ?? ""}" aria-describedby="organisation-id-hint${invalid(errors, "organisationId") ? " organisation-id-error" : ""}"${invalid(errors, "organisationId") ? html` aria-invalid="true"` : ""} required>
  <p class="hint" id="organisation-id-hint">ETSI form <code>PSD&lt;country&gt;-&lt;authority&gt;-&lt;id&gt;</code>, e.g. <code>PSDNO-FSA-123456</code>. It becomes your TPP id at the bank; issuing again for the same id renews the certificate.</p>
  ${fieldError(errors, "organisationId", "organisation-id-error")}
</div>
<fieldset class="choices"${invalid(errors, "roles") ? html` aria-describedby="roles-error"` : ""}>
  <legend>PSD2 roles</legend>
  ${ROLE_CHOICES.map(
    (choice) => html`<div class="choice">
    <input type="checkbox" id="role-${choice.value}" name="roles" value="${choice.value}"${roles.includes(choice.value) ? html` checked` : ""}>
    <span class="choice-text"><label class="name" for="role-${choice.value}">${choice.name}</label><span class="meta">${choice.meta}</span></span>
  </div>`,
  )}
  ${fieldError(errors, "roles", "roles-error")}
</fieldset>
${fieldError(errors, "", "form-error")}
<div class="actions"><button type="submit" class="primary">Issue certificate and key</button></div>
</form>`;
}

/**
 * The developer portal: how to get a sandbox certificate (a form that issues one), how to sign
 * requests with it, the bank's CA, the test customers, and the API reference.
 *
 * @see docs/interface/certificates.md#certificates-and-tpp-registration (certificates), docs/interface/sandbox-operations.md#sandbox-operations (sandbox operations)
 */
export function renderPortalPage(input: PortalPageInput): string {
  const base = input.publicUrl;
  const web = input.publicWebUrl ?? input.publicUrl;
  return renderBankPage({
    bankName: input.bankName,
    title: "Developer portal",
    nav: developerNav("portal"),
    body: html`<div class="developer">
<section class="panel full intro" aria-labelledby="page-title">
<h1 id="page-title">Developer portal</h1>
<p class="lead">${input.bankName} is a sandbox bank: it speaks the Norwegian PSD2 interface (Berlin Group NextGenPSD2 1.3) with fake customers and money, so that you can build and test a TPP offline. Every request to <code>${base}/v1</code> is signed with an eIDAS seal certificate; get one here.${
      input.clientCertificateRequired
        ? html` The interface also requires mutual TLS: its connection must present the TLS client certificate issued with the seal certificate, or the TLS handshake fails. These pages (at <code>${web}</code>) ask for none.`
        : ""
    }</p>
<ol class="how">
  <li><strong>Get a certificate.</strong> Fill in the form: the bank's sandbox CA issues a certificate with the PSD2 roles you choose, and a new private key. The bank keeps no copy of the key: download it now.</li>
  <li><strong>Sign every request.</strong> Send <code>Digest</code> (SHA-256 of the body), <code>X-Request-ID</code> (a UUID), <code>Date</code>, <code>Signature</code> over <code>date digest x-request-id</code> (plus <code>psu-id</code>, <code>psu-corporate-id</code>, <code>tpp-redirect-uri</code> when sent) and the certificate in <code>TPP-Signature-Certificate</code> (Base64 DER on one line).</li>
  <li><strong>Call the API.</strong> Start with <code>GET /v1/sandbox/customers</code>; the <a href="/docs">API reference</a> lists every operation, <a href="/openapi.json">openapi.json</a> describes them for your tools.</li>
</ol>
</section>

<section class="panel full" aria-labelledby="issue-title">
<h2 id="issue-title">Get a sandbox certificate</h2>
${renderForm(input)}
</section>

<section class="panel full" aria-labelledby="sign-title">
<h2 id="sign-title">Sign a request</h2>
<p>The <code>psd2</code> command of this repository signs a request file <code>{method, path, headers, body}</code> with your key and certificate (the files the form offers, named after your organisation id) and adds <code>Date</code> and <code>X-Request-ID</code>; with <code>--curl</code> it prints the signed request as a curl command, whose reply <code>verify-response</code> checks:</p>
<pre tabindex="0" role="region" aria-label="Signing a request with the psd2 command and sending it with curl"><code>echo '{"method":"GET","path":"/v1/sandbox/customers","headers":{}}' &gt; request.json
npm run -s psd2 -- sign --key PSDNO-FSA-123456.key.pem --cert PSDNO-FSA-123456.cert.pem \\
  --request request.json --curl ${base} | sh &gt; reply.http
npm run -s psd2 -- verify-response --trust sandbox-ca.pem --response reply.http</code></pre>
<p>Without <code>--curl</code> it prints the signed request as JSON, and <code>psd2 verify --trust sandbox-ca.pem --request signed.json</code> explains, check by check, a signature the bank refuses.</p>
<p>Certificates can also be issued without the form, as JSON:</p>
<pre tabindex="0" role="region" aria-label="Issuing a certificate with curl"><code>curl -s -X POST ${web}/portal/certificates \\
  -H 'Content-Type: application/json' \\
  -d '{"organisationName": "Example TPP AS",
       "organisationId": "PSDNO-FSA-123456",
       "roles": ["PSP_AI", "PSP_PI"]}' &gt; issued.json
jq -r .certificate issued.json &gt; PSDNO-FSA-123456.cert.pem
jq -r .privateKey issued.json &gt; PSDNO-FSA-123456.key.pem
jq -r .caCertificate issued.json &gt; sandbox-ca.pem</code></pre>
<p class="hint">The reply (201) holds <code>tppId</code>, <code>certificate</code>, <code>privateKey</code> and <code>caCertificate</code> in PEM. Bad input is 400 with <code>tppMessages</code> naming the field.</p>
</section>

<section class="panel full" aria-labelledby="sca-title">
<h2 id="sca-title">A customer's consent and approvals</h2>
<ol class="how">
  <li><strong>Ask for a consent.</strong> <code>POST /v1/consents</code> with <code>TPP-Session-ID</code> (your id for the customer's session) and <code>TPP-Redirect-URI</code> (your page the customer comes back to, e.g. <code>http://localhost:9999/cb</code>). The reply's <code>_links.scaRedirect.href</code> is a page of the bank; the link works once, for 15 minutes.</li>
  <li><strong>Send the customer's browser there.</strong> The customer logs in with a customer number of the table below, picks a context (a customer with agreements) and ticks the accounts you may read.</li>
  <li><strong>The bank sends the browser back</strong> to your <code>TPP-Redirect-URI</code> with <code>psu-id</code>, <code>tpp-session-id</code>, <code>context</code> (and <code>psu-corporate-id</code> in a corporate context); or, when the customer cancels or the login fails, with <code>system</code>, <code>status</code>, <code>code</code> (e.g. <code>SCA_INVALID</code>) and <code>message</code>.</li>
  <li><strong>Read the accounts.</strong> Keep the <code>psu-id</code>: send it as <code>PSU-ID</code>, with the same <code>TPP-Session-ID</code> and a <code>TPP-Redirect-URI</code>, on <code>GET /v1/accounts</code>, its balances and its transactions (add <code>PSU-IP-Address</code> while the customer is present: without it, transactions go back 90 days). The login holds for an hour per <code>TPP-Session-ID</code>; after that, a 401 brings a new <code>scaRedirect</code>.</li>
  <li><strong>Payments</strong> are approved on the bank's page too, each one: a Norwegian payment's reply has <code>startAuthorisation</code> (<code>POST</code> it, no body, for the <code>scaRedirect</code>); a SEPA payment's reply has its <code>scaRedirect</code> at once; a signing basket approves several payments of one customer with one login.${
    input.domesticDetailsKnownIssue
      ? html` As the real bank does, this one shows a Norwegian domestic payment (<code>GET</code> and <code>/status</code>) only once it is approved: before, it is 404 <code>RESOURCE_UNKNOWN</code>.`
      : ""
  }</li>
</ol>
</section>

<section class="panel full" aria-labelledby="ca-title">
<h2 id="ca-title">The bank's CA</h2>
<p>Every certificate of this portal chains to the bank's sandbox CA, made on the bank's first start and kept with its data. So does the seal the bank signs its replies with (<code>ASPSP-Signature-Certificate</code>, over <code>date digest x-request-id</code>): trust this CA to verify them. <code>psd2 verify-response --trust sandbox-ca.pem --response reply.http</code> checks a reply saved with <code>curl -si</code> (or JSON <code>{status, headers, body}</code>): its <code>Digest</code>, its <code>Signature</code>, and the seal's chain to this CA; with <code>--request signed.json</code>, also that its <code>X-Request-ID</code> is your request's.</p>
<p><a class="button secondary" href="/portal/ca.pem" download="sandbox-ca.pem">Download sandbox-ca.pem</a></p>
</section>

<section class="panel full" aria-labelledby="customers-title">
<h2 id="customers-title">Test customers</h2>
<p>At the bank's login page, a customer identifies with the customer number below (a mocked national identity number). A payment names the account it is paid from in <code>debtorAccount</code>: <code>{"bban": …, "currency": …}</code> for a Norwegian payment, <code>{"iban": …, "currency": …}</code> for SEPA; an agreement's account is paid in its corporate context, with <code>PSU-Corporate-ID</code>. <code>POST /v1/sandbox/initialize</code> brings back this known state; <code>POST /v1/sandbox/customers</code> and its siblings add more.</p>
${
  input.customers.length === 0
    ? html`<p class="hint">The sandbox has no customers: <code>POST /v1/sandbox/initialize</code> makes the four test customers.</p>`
    : html`<div class="table-scroll" tabindex="0" role="region" aria-label="Test customers table"><table class="data stack">
<thead><tr><th scope="col">Customer</th><th scope="col">Customer number</th><th scope="col">Type</th><th scope="col">Accounts: BBAN, IBAN</th><th scope="col">Agreements</th></tr></thead>
<tbody>${input.customers.map(
        (customer) =>
          html`<tr><td data-label="Customer">${customer.customerName}</td><td data-label="Customer number"><code>${customer.customerNumber}</code></td><td data-label="Type">${customer.customerType}</td><td data-label="Accounts"><ul class="accounts">${customer.accounts.map(
            (account) => html`<li>${account.name} (${account.currency}): <code>${account.bban}</code>, <code>${account.iban}</code></li>`,
          )}${customer.cardAccounts > 0 ? html`<li>${customer.cardAccounts} card account${customer.cardAccounts > 1 ? "s" : ""}</li>` : ""}</ul></td><td data-label="Agreements">${customer.agreements.join(", ")}</td></tr>`,
      )}</tbody>
</table></div>`
}
</section>
</div>`,
  });
}
