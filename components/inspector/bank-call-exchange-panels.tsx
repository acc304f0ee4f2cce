import { CopyButton } from "@/components/copy-button";
import { Panel } from "@/components/ui/panel";
import type { BankCallPageView } from "@/lib/tpp/inspector/bank-call-page-view";
import { CodeBlock } from "./code-block";
import { HeaderTable } from "./header-table";

/** A request's or reply's body under its heading. */
function BodyBlock({ heading, label, body }: { heading: string; label: string; body: string }) {
  return (
    <div className="mt-4">
      <h3 className="mb-2 text-sm font-semibold text-slate-900">{heading}</h3>
      <CodeBlock label={label}>{body}</CodeBlock>
    </div>
  );
}

/** The request as sent: its headers in order, the signed ones marked, and its body. */
export function RequestPanel({ view }: { view: BankCallPageView }) {
  const { call } = view;
  return (
    <Panel id="request" title="Request" description="Headers in the order sent">
      <HeaderTable headers={call.requestHeaders} caption="Request headers" signed={call.signedHeaders} />
      {view.requestBody !== undefined && <BodyBlock heading="Body" label="Request body" body={view.requestBody} />}
    </Panel>
  );
}

/** The bank's reply: its headers and body, or that none came. */
export function ResponsePanel({ view }: { view: BankCallPageView }) {
  const { call } = view;
  return (
    <Panel id="response" title="Response" description={call.status === null ? "No reply came" : `HTTP ${call.status}`}>
      {call.responseHeaders.length > 0 && <HeaderTable headers={call.responseHeaders} caption="Response headers" />}
      <BodyBlock
        heading={call.responseBodyTruncated ? "Body (cut: too long to keep whole)" : "Body"}
        label="Response body"
        body={view.responseBody}
      />
    </Panel>
  );
}

/** The request again as a curl command, to copy. */
export function CurlPanel({ view }: { view: BankCallPageView }) {
  const { call } = view;
  return (
    <Panel
      id="curl"
      title="Copy as curl"
      description="Repeats the request with the same headers and body; the bank may refuse a replay (the same X-Request-ID, an old Date)."
      actions={<CopyButton text={call.curl} label="Copy as curl" />}
    >
      <CodeBlock label="curl command">{call.curl}</CodeBlock>
    </Panel>
  );
}
