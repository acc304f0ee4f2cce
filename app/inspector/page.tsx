import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { inputClass } from "@/components/forms/input-class";
import { SIGNATURE_VERDICTS, statusTone } from "@/components/inspector/inspector-tones";
import { Badge } from "@/components/ui/badge";
import { buttonStyles } from "@/components/ui/button-styles";
import { DateTime } from "@/components/ui/date-time";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { requireCurrentUser } from "@/lib/tpp/auth/get-current-user";
import { listBankCalls, parseBankCallFilter } from "@/lib/tpp/inspector/bank-call-queries";
import { getRecordRetention } from "@/lib/tpp/retention/record-retention";

export const metadata: Metadata = { title: "Request inspector" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function InspectorPage({ searchParams }: { searchParams: SearchParams }) {
  const query = await searchParams;
  const user = await requireCurrentUser("/inspector");
  const filter = parseBankCallFilter(query);
  const page = await listBankCalls({ ...filter, userId: user.id });
  const single = (name: string) => (typeof query[name] === "string" ? query[name] : undefined);
  const olderQuery = new URLSearchParams();
  for (const name of ["method", "status", "path", "text"]) {
    const value = single(name);
    if (value !== undefined && value !== "") olderQuery.set(name, value);
  }
  if (page.nextCursor !== undefined) olderQuery.set("before", String(page.nextCursor));
  const filtered = ["method", "status", "path", "text"].some((name) => (single(name) ?? "") !== "");
  const { period } = getRecordRetention();
  // An "Older calls" page: what it led to may have been deleted since.
  const paging = filter.before !== undefined;

  return (
    <div className="space-y-6">
      <PageHeader
        eyebrow="Developer tools"
        title="Request inspector"
        description={`Every call this app made to the bank for you, newest first: the signed request as sent and the bank's reply. Each call is kept for ${period}, then deleted. Private keys, cookies and secrets are never kept.`}
        actions={
          <Link href="/flows" className={buttonStyles.secondary}>
            Flow diagrams
          </Link>
        }
      />
      <form
        method="get"
        action="/inspector"
        aria-label="Filter bank calls"
        className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-[8rem_9rem_1fr_1fr_auto] lg:items-end"
      >
        <div>
          <label htmlFor="method" className="block text-xs font-medium text-slate-600">
            Method
          </label>
          <select id="method" name="method" defaultValue={single("method") ?? ""} className={inputClass(false)}>
            <option value="">Any</option>
            {["GET", "POST", "PUT", "DELETE"].map((m) => (
              <option key={m}>{m}</option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="status" className="block text-xs font-medium text-slate-600">
            Status
          </label>
          <select id="status" name="status" defaultValue={single("status") ?? ""} className={inputClass(false)}>
            <option value="">Any</option>
            <option value="2xx">2xx success</option>
            <option value="4xx">4xx refused</option>
            <option value="5xx">5xx bank error</option>
            <option value="none">No reply</option>
          </select>
        </div>
        <div>
          <label htmlFor="path" className="block text-xs font-medium text-slate-600">
            Path contains
          </label>
          <input id="path" name="path" defaultValue={single("path")} placeholder="/transactions" className={inputClass(false)} />
        </div>
        <div>
          <label htmlFor="text" className="block text-xs font-medium text-slate-600">
            Text (URL, X-Request-ID, bodies)
          </label>
          <input id="text" name="text" defaultValue={single("text")} placeholder="SCA_INVALID" className={inputClass(false)} />
        </div>
        <div className="flex gap-2">
          <button type="submit" className={buttonStyles.primary}>
            Filter
          </button>
          {filtered && (
            <Link href="/inspector" className={buttonStyles.quiet}>
              Clear
            </Link>
          )}
        </div>
      </form>

      {page.items.length === 0 ? (
        <EmptyState title={filtered ? "No calls match" : paging ? "No older calls" : "No calls yet"}>
          {filtered
            ? `Change or clear the filter. Calls older than ${period} are no longer kept.`
            : paging
              ? `Calls older than ${period} are no longer kept.`
              : `Connect your bank or open your accounts: each call to the bank shows up here, for ${period}.`}
        </EmptyState>
      ) : (
        <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
          <table className="w-full table-fixed text-left text-sm">
            <caption className="sr-only">Calls to the bank, newest first</caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-500 uppercase">
              <tr>
                <th scope="col" className="hidden w-48 px-4 py-2 font-medium md:table-cell">
                  Time
                </th>
                <th scope="col" className="w-20 px-4 py-2 font-medium">
                  Method
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Path
                </th>
                <th scope="col" className="w-20 px-4 py-2 font-medium">
                  Status
                </th>
                <th scope="col" className="hidden w-24 px-4 py-2 text-right font-medium sm:table-cell">
                  Time taken
                </th>
                <th scope="col" className="hidden w-36 px-4 py-2 font-medium lg:table-cell">
                  Reply signature
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {page.items.map((call) => {
                const url = new URL(call.url);
                const verdict = call.signatureVerdict === null ? undefined : SIGNATURE_VERDICTS[call.signatureVerdict];
                return (
                  <tr key={call.id} className="hover:bg-slate-50">
                    <td className="hidden px-4 py-2.5 text-slate-500 md:table-cell">
                      <DateTime instant={call.startedAt} />
                    </td>
                    <td className="px-4 py-2.5 font-mono text-xs font-semibold text-slate-700">{call.method}</td>
                    <td className="px-4 py-2.5">
                      <Link
                        href={`/inspector/${call.id}`}
                        className="block font-mono text-xs break-all text-brand-700 hover:underline sm:truncate"
                        title={`${url.pathname}${url.search}`}
                      >
                        {url.pathname}
                        <span className="text-slate-500">{url.search}</span>
                      </Link>
                      {call.unattended && (
                        <span className="mt-1 inline-block">
                          <Badge tone="info">Without the PSU</Badge>
                        </span>
                      )}
                    </td>
                    <td className="px-4 py-2.5">
                      <Badge tone={statusTone(call.status)}>{call.status ?? "none"}</Badge>
                    </td>
                    <td className="hidden px-4 py-2.5 text-right text-slate-500 tabular-nums sm:table-cell">{call.durationMs} ms</td>
                    <td className="hidden px-4 py-2.5 lg:table-cell">
                      {verdict === undefined ? "–" : <Badge tone={verdict.tone}>{verdict.label}</Badge>}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {page.nextCursor !== undefined && (
        <div className="flex justify-center">
          <Link href={`/inspector?${olderQuery.toString()}`} className={buttonStyles.secondary}>
            Older calls
          </Link>
        </div>
      )}
    </div>
  );
}
