import { formatDateTime } from "@/components/format";
import { Badge } from "@/components/ui/badge";
import { DetailsList } from "@/components/ui/details-list";
import { Panel } from "@/components/ui/panel";
import type { BankCallPageView } from "@/lib/tpp/inspector/bank-call-page-view";
import { CodeBlock } from "./code-block";

/** How the request was signed: its signing string, and what the Signature header's keyId and certificate say. */
export function RequestSignaturePanel({ view }: { view: BankCallPageView }) {
  const { call } = view;
  const signature = call.signature;
  return (
    <Panel
      id="signature"
      title="Request signature"
      description="How this request was signed (supplement §9): the signing string, and what the Signature header's keyId says."
    >
      <div className="space-y-5">
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Signing string</h3>
          <p className="mt-1 text-xs text-slate-500">
            One line per signed header, “name: value”, joined by newlines; signed with RSA-SHA256 using the key of the certificate in
            TPP-Signature-Certificate.
          </p>
          <div className="mt-2">
            <CodeBlock label="Signing string">{call.signingString}</CodeBlock>
          </div>
        </div>
        {signature === undefined ? (
          <p className="text-sm text-slate-600">This request carried no Signature header.</p>
        ) : (
          <div>
            <h3 className="text-sm font-semibold text-slate-900">keyId explained</h3>
            <p className="mt-1 mb-3 text-xs text-slate-500">
              keyId names the signing certificate: SN is its serial number in upper-case hexadecimal, CA the distinguished name of the
              authority that issued it (RFC 2253, as Java writes it). The bank finds the certificate in TPP-Signature-Certificate and checks
              that both match it.
            </p>
            <DetailsList
              label="Signature header"
              items={[
                { term: "keyId", value: signature.keyId, mono: true },
                { term: "SN (serial number)", value: signature.serialNumber ?? "–", mono: true },
                { term: "CA (issuer)", value: signature.issuer ?? "–", mono: true },
                { term: "Algorithm", value: signature.algorithm ?? "–", mono: true },
                { term: "Signed headers", value: signature.signedHeaders.join(" "), mono: true },
                {
                  term: "Encoding",
                  value: signature.rfc2047 ? "RFC 2047 (=?utf-8?B?…?=): a signed value had non-ASCII characters" : "Plain ASCII",
                },
                ...(signature.certificate === undefined
                  ? []
                  : [
                      { term: "Certificate subject", value: signature.certificate.subject, mono: true },
                      { term: "Organisation id", value: signature.certificate.organizationIdentifier ?? "–", mono: true },
                      { term: "PSD2 roles", value: signature.certificate.roles.join(", ") || "–" },
                      {
                        term: "Valid",
                        value: `${formatDateTime(signature.certificate.notBefore)} – ${formatDateTime(signature.certificate.notAfter)}`,
                      },
                      {
                        term: "keyId matches certificate",
                        value: signature.certificate.matchesKeyId ? <Badge tone="success">Yes</Badge> : <Badge tone="danger">No</Badge>,
                      },
                    ]),
                ...(signature.problem === undefined ? [] : [{ term: "Problem", value: signature.problem }]),
              ]}
            />
          </div>
        )}
      </div>
    </Panel>
  );
}
