import type { PortalCertificate } from "../services/pki/issue-portal-certificate";
import { renderBankPage } from "../web/bank-page";
import { html } from "../web/html";
import { developerNav } from "./developer-nav";

function pemDownload(pem: string): string {
  return `data:application/x-pem-file;base64,${Buffer.from(pem, "utf8").toString("base64")}`;
}

/** A file name from the TPP id: letters, digits, dot, hyphen and underscore only. */
function fileStem(tppId: string): string {
  return tppId.replace(/[^A-Za-z0-9._-]/g, "_");
}

/**
 * The portal's answer to its form: the certificate, its key and the bank's CA, and the TLS client
 * certificate with its key, to download (no script: data: links with a file name) or to copy.
 *
 * @see docs/interface/certificates.md#certificates-and-tpp-registration
 */
export function renderCertificatePage(input: { bankName: string; publicUrl: string; issued: PortalCertificate }): string {
  const { issued } = input;
  const stem = fileStem(issued.tppId);
  return renderBankPage({
    bankName: input.bankName,
    title: "Your sandbox certificate",
    nav: developerNav("portal"),
    body: html`<div class="developer">
<section class="panel full" aria-labelledby="page-title">
<div class="alert ok" role="status">The certificate is issued and <strong>${issued.tppId}</strong> is registered as a TPP.</div>
<h1 id="page-title">Your sandbox certificate</h1>
<p class="lead">Download the key now: the bank keeps no copy of it. Sign your requests with the key, and send the certificate in <code>TPP-Signature-Certificate</code>.</p>
<table class="summary">
<tr><th scope="row">TPP id</th><td><code>${issued.tppId}</code></td></tr>
<tr><th scope="row">Organisation</th><td>${issued.organisationName}</td></tr>
<tr><th scope="row">Roles</th><td>${issued.roles.join(", ")}</td></tr>
<tr><th scope="row">Serial number</th><td><code>${issued.serialNumber}</code></td></tr>
<tr><th scope="row">Valid</th><td>${issued.validFrom} to ${issued.validUntil}</td></tr>
</table>
<div class="actions downloads">
<a class="button primary" href="${pemDownload(issued.certificate)}" download="${stem}.cert.pem">Certificate (${stem}.cert.pem)</a>
<a class="button primary" href="${pemDownload(issued.privateKey)}" download="${stem}.key.pem">Private key (${stem}.key.pem)</a>
<a class="button secondary" href="${pemDownload(issued.caCertificate)}" download="sandbox-ca.pem">Bank CA (sandbox-ca.pem)</a>
</div>
<p>For a bank that requires mutual TLS (<code>BANK_CLIENT_CERT=required</code>), present this TLS client certificate and its key on the connection; it names the same organisation.</p>
<div class="actions downloads">
<a class="button secondary" href="${pemDownload(issued.tlsCertificate)}" download="${stem}.tls.cert.pem">TLS client certificate (${stem}.tls.cert.pem)</a>
<a class="button secondary" href="${pemDownload(issued.tlsPrivateKey)}" download="${stem}.tls.key.pem">TLS client key (${stem}.tls.key.pem)</a>
</div>
</section>
<section class="panel full" aria-labelledby="pem-title">
<h2 id="pem-title">PEM</h2>
<h3>Certificate</h3>
<pre class="pem" tabindex="0">${issued.certificate}</pre>
<details>
<summary>Private key</summary>
<pre class="pem" tabindex="0">${issued.privateKey}</pre>
</details>
</section>
<section class="panel full" aria-labelledby="next-title">
<h2 id="next-title">Your first signed request</h2>
<p>Save the three files in one directory. There, the repository's <code>psd2</code> command signs a request with them and prints it as a curl command (<code>--curl</code>), and <code>verify-response</code> checks the bank's signed reply against its CA. Outside the repository, run it as <code>npm --prefix &lt;repository&gt; run -s psd2 -- …</code>: it reads the files where you typed it.</p>
<pre tabindex="0" role="region" aria-label="A first signed request with these files"><code>echo '{"method":"GET","path":"/v1/sandbox/customers","headers":{}}' &gt; request.json
npm run -s psd2 -- sign --key ${stem}.key.pem --cert ${stem}.cert.pem \\
  --request request.json --curl ${input.publicUrl} | sh &gt; reply.http
npm run -s psd2 -- verify-response --trust sandbox-ca.pem --response reply.http</code></pre>
<p>Then a customer's consent: <a href="/portal#sca-title">how the bank's login and consent pages send the customer back to you</a>.</p>
<p><a href="/portal">Issue another certificate</a> · <a href="/docs">API reference</a></p>
</section>
</div>`,
  });
}
