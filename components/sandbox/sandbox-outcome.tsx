import { Link } from "@/components/ui/link";
import type { SandboxOutcome } from "@/lib/tpp/sandbox/forms";
import type { SandboxReply } from "@/lib/tpp/sandbox/sandbox-reply";
import { Badge } from "../ui/badge";

const STATUS_TEXT: Readonly<Record<number, string>> = { 200: "OK", 201: "Created", 204: "No Content" };

function InspectorLink({ requestId }: { readonly requestId: string }) {
  return (
    <>
      X-Request-ID{" "}
      <Link
        className="font-mono break-all text-brand-700 underline-offset-2 hover:underline"
        href={`/inspector?text=${encodeURIComponent(requestId)}`}
      >
        {requestId}
      </Link>
    </>
  );
}

/** One reply of the bank: status, the operation, X-Request-ID (to the inspector), Location, and the JSON body. */
function ReplyView({ reply, index }: { readonly reply: SandboxReply<unknown>; readonly index: number }) {
  return (
    <li className="min-w-0 rounded-lg border border-slate-200 bg-white">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-slate-100 px-3 py-2 text-xs text-slate-600">
        <Badge tone="success">
          {reply.status} {STATUS_TEXT[reply.status] ?? ""}
        </Badge>
        <span className="font-mono break-all text-slate-800">
          {reply.method} {reply.path}
        </span>
        <span className="min-w-0">
          <InspectorLink requestId={reply.requestId} />
        </span>
        {reply.location !== undefined && <span className="font-mono break-all">Location: {reply.location}</span>}
      </div>
      {/* A block that scrolls must be reachable by keyboard to be scrolled (WCAG 2.1.1; axe's scrollable-region-focusable). */}
      <pre
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        aria-label={`Reply body ${index + 1} (JSON)`}
        className="max-h-72 overflow-auto px-3 py-2 font-mono text-xs leading-5 text-slate-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        {JSON.stringify(reply.body, null, 2)}
      </pre>
    </li>
  );
}

/**
 * What an action of the control room did: the summary in words and every reply of the bank
 * (status, X-Request-ID leading to the request inspector, the JSON body); a refusal with the
 * bank's status and tppMessages (those with a path are also shown on their fields).
 */
export function SandboxOutcomeView({ outcome }: { readonly outcome: SandboxOutcome | undefined }) {
  if (outcome === undefined) return null;
  if (outcome.kind === "refused" || outcome.kind === "invalid") {
    return (
      <p role="alert" className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
        {outcome.message}
      </p>
    );
  }
  const replies =
    outcome.replies.length === 0 ? null : (
      <ol className="space-y-2" aria-label="The bank's replies">
        {outcome.replies.map((reply, index) => (
          <ReplyView key={reply.requestId} reply={reply} index={index} />
        ))}
      </ol>
    );
  if (outcome.kind === "done") {
    return (
      <div className="space-y-2">
        <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          {outcome.summary}
        </p>
        {replies}
      </div>
    );
  }
  const { error } = outcome;
  return (
    <div className="space-y-2">
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50/60 px-3 py-2 text-sm text-slate-800">
        <p className="font-semibold text-red-800">{error.title}</p>
        {error.summary !== "" && <p className="mt-0.5 text-slate-700">{error.summary}</p>}
        {error.tppMessages.length > 0 && (
          <ul className="mt-2 space-y-1" aria-label="Messages from the bank (tppMessages)">
            {error.tppMessages.map((message, index) => (
              <li key={`${message.code}-${index}`} className="break-words">
                <span className="font-mono text-xs font-semibold text-red-700">{message.code}</span>
                {message.path !== undefined && <span className="ml-1 font-mono text-xs text-slate-700">{message.path}</span>}
                {message.text !== undefined && <span className="ml-1">{message.text}</span>}
              </li>
            ))}
          </ul>
        )}
        <p className="mt-2 text-xs text-slate-600">
          {error.status !== undefined && <>HTTP status {error.status} · </>}
          {error.requestId !== undefined ? <InspectorLink requestId={error.requestId} /> : <>Code {error.code}</>}
        </p>
      </div>
      {replies}
    </div>
  );
}
