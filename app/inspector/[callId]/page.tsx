import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { CopyButton } from "@/components/copy-button";
import { formatDateTime } from "@/components/format";
import { SIGNATURE_VERDICTS, statusTone } from "@/components/inspector-tones";
import { BackLink } from "@/components/ui/back-link";
import { Badge } from "@/components/ui/badge";
import { DetailsList } from "@/components/ui/details-list";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { requireCurrentUser } from "@/lib/tpp/auth/get-current-user";
import { FLOW_KIND_LABELS, findFlow } from "@/lib/tpp/flow-diagrams/flow-queries";
import { getBankCallDetail } from "@/lib/tpp/inspector/bank-call-queries";

export const metadata: Metadata = { title: "Bank call" };

type Params = Promise<{ callId: string }>;

function pretty(body: string | null): string {
  if (body === null || body === "") return "(no body)";
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

function Code({ children, label }: { children: string; label: string }) {
  return (
    // A block that scrolls must be reachable by keyboard to be scrolled (WCAG 2.1.1; axe's scrollable-region-focusable).
    <pre
      aria-label={label}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling block must take the focus to be scrolled by keyboard
      tabIndex={0}
      className="max-h-[28rem] overflow-auto rounded-lg bg-slate-950 p-4 font-mono text-xs leading-5 whitespace-pre text-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
    >
      {children}
    </pre>
  );
}

function HeaderTable({
  headers,
  caption,
  signed = [],
}: {
  headers: readonly (readonly [string, string])[];
  caption: string;
  signed?: readonly string[];
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-xs">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-slate-500">
          <tr>
            <th scope="col" className="w-56 py-1 pr-4 font-medium">
              Header
            </th>
            <th scope="col" className="py-1 font-medium">
              Value
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 font-mono">
          {headers.map(([name, value], index) => (
            <tr key={`${name}-${index}`} className="align-top">
              <td className="py-1.5 pr-4 whitespace-nowrap text-slate-700">
                {name}
                {signed.includes(name.toLowerCase()) && (
                  <span
                    className="ml-1 rounded bg-brand-50 px-1 font-sans text-[10px] font-semibold text-brand-700"
                    title="part of the signing string"
                  >
                    signed
                  </span>
                )}
              </td>
              <td className="py-1.5 break-all text-slate-900">{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default async function BankCallPage({ params }: { params: Params }) {
  const { callId } = await params;
  const user = await requireCurrentUser(`/inspector/${encodeURIComponent(callId)}`);
  const id = /^\d{1,15}$/.test(callId) ? Number(callId) : undefined;
  const call = id === undefined ? undefined : await getBankCallDetail(id, { userId: user.id });
  if (call === undefined) notFound();
  const flow = call.flowId === null ? undefined : await findFlow(user.id, call.flowId);
  const url = new URL(call.url);
  const verdict = call.signatureVerdict === null ? undefined : SIGNATURE_VERDICTS[call.signatureVerdict];
  const signature = call.signature;

  return (
    <div className="space-y-6">
      <BackLink href="/inspector" label="Request inspector" />
      <PageHeader
        eyebrow={`Call #${call.id} · ${formatDateTime(call.startedAt)}`}
        title={
          <span className="font-mono text-xl break-all sm:text-2xl">
            {call.method} {url.pathname}
          </span>
        }
        actions={<Badge tone={statusTone(call.status)}>{call.status === null ? "No reply" : `HTTP ${call.status}`}</Badge>}
      />

      <Panel id="summary" title="Summary">
        <DetailsList
          label="Summary"
          items={[
            { term: "URL", value: call.url, mono: true },
            { term: "X-Request-ID", value: call.requestId, mono: true },
            { term: "Attempt", value: call.attempt === 1 ? "First" : `Retry ${call.attempt - 1} after a connection error` },
            {
              term: "The PSU",
              value: call.unattended
                ? "Not there: read by the app's refresh, without PSU-IP-Address (the bank allows 4 such calls per account and kind a day)"
                : "There, or no PSU concerned",
            },
            { term: "Time taken", value: `${call.durationMs} ms` },
            {
              term: "Reply signature",
              value: (
                <>
                  {verdict === undefined ? "–" : <Badge tone={verdict.tone}>{verdict.label}</Badge>}
                  {call.signatureProblems.length > 0 && <span className="ml-2 text-slate-600">{call.signatureProblems.join("; ")}</span>}
                </>
              ),
            },
            ...(call.error === null ? [] : [{ term: "Problem", value: call.error }]),
            ...(flow === undefined
              ? []
              : [
                  {
                    term: "Flow",
                    value: (
                      <Link href={`/flows/${flow.id}`} className="font-medium text-brand-700 hover:underline">
                        {FLOW_KIND_LABELS[flow.kind]} flow: see it as a diagram
                      </Link>
                    ),
                  },
                ]),
          ]}
        />
      </Panel>

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
              <Code label="Signing string">{call.signingString}</Code>
            </div>
          </div>
          {signature === undefined ? (
            <p className="text-sm text-slate-600">This request carried no Signature header.</p>
          ) : (
            <div>
              <h3 className="text-sm font-semibold text-slate-900">keyId explained</h3>
              <p className="mt-1 mb-3 text-xs text-slate-500">
                keyId names the signing certificate: SN is its serial number in upper-case hexadecimal, CA the distinguished name of the
                authority that issued it (RFC 2253, as Java writes it). The bank finds the certificate in TPP-Signature-Certificate and
                checks that both match it.
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

      <Panel id="request" title="Request" description="Headers in the order sent">
        <HeaderTable headers={call.requestHeaders} caption="Request headers" signed={call.signedHeaders} />
        {call.requestBody !== "" && (
          <div className="mt-4">
            <h3 className="mb-2 text-sm font-semibold text-slate-900">Body</h3>
            <Code label="Request body">{pretty(call.requestBody)}</Code>
          </div>
        )}
      </Panel>

      <Panel id="response" title="Response" description={call.status === null ? "No reply came" : `HTTP ${call.status}`}>
        {call.responseHeaders.length > 0 && <HeaderTable headers={call.responseHeaders} caption="Response headers" />}
        <div className="mt-4">
          <h3 className="mb-2 text-sm font-semibold text-slate-900">
            Body{call.responseBodyTruncated ? " (cut: too long to keep whole)" : ""}
          </h3>
          <Code label="Response body">{pretty(call.responseBody)}</Code>
        </div>
      </Panel>

      <Panel
        id="curl"
        title="Copy as curl"
        description="Repeats the request with the same headers and body; the bank may refuse a replay (the same X-Request-ID, an old Date)."
        actions={<CopyButton text={call.curl} label="Copy as curl" />}
      >
        <Code label="curl command">{call.curl}</Code>
      </Panel>
    </div>
  );
}
