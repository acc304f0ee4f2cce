import { Link } from "@/components/ui/link";
import type { ReactNode } from "react";
import type { ErrorDisplay } from "@/lib/tpp/describe-error";

/**
 * An error of a bank call as the PSU sees it: plain words, the bank's psuMessage as written, and
 * each tppMessage (category, code, path, text), with the call's X-Request-ID leading to the
 * request inspector. Never a stack trace.
 */
export function ErrorPanel({ error, actions }: { error: ErrorDisplay; actions?: ReactNode }) {
  return (
    <section role="alert" aria-labelledby="error-title" className="rounded-2xl border border-red-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="mt-0.5 grid h-8 w-8 shrink-0 place-items-center rounded-full bg-red-50 text-base font-bold text-red-600"
        >
          !
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="error-title" className="text-lg font-semibold text-slate-900">
            {error.title}
          </h2>
          {error.summary !== "" && <p className="mt-1 text-sm leading-6 text-slate-600">{error.summary}</p>}
          {error.psuMessage !== undefined && (
            <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
              <span className="font-semibold">Message from the bank: </span>
              {error.psuMessage}
            </p>
          )}
          {error.tppMessages.length > 0 && (
            <div className="mt-4 overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Messages from the bank (tppMessages)</caption>
                <thead>
                  <tr className="text-xs tracking-wide text-slate-500 uppercase">
                    <th scope="col" className="py-1 pr-4 font-medium">
                      Category
                    </th>
                    <th scope="col" className="py-1 pr-4 font-medium">
                      Code
                    </th>
                    <th scope="col" className="py-1 font-medium">
                      Text
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {error.tppMessages.map((message, index) => (
                    <tr key={`${message.code}-${index}`} className="align-top">
                      <td className="py-2 pr-4 text-slate-700">{message.category}</td>
                      <td className="py-2 pr-4 font-mono text-xs font-semibold text-red-700">{message.code}</td>
                      <td className="py-2 text-slate-700">
                        {message.text ?? "–"}
                        {message.path !== undefined && <span className="ml-1 font-mono text-xs text-slate-500">({message.path})</span>}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <p className="mt-4 text-xs text-slate-500">
            {error.status !== undefined && <>HTTP status {error.status} · </>}
            {error.requestId !== undefined ? (
              <>
                X-Request-ID{" "}
                <Link
                  className="font-mono text-brand-700 underline-offset-2 hover:underline"
                  href={`/inspector?text=${encodeURIComponent(error.requestId)}`}
                >
                  {error.requestId}
                </Link>
              </>
            ) : (
              <>Code {error.code}</>
            )}
          </p>
          {actions !== undefined && <div className="mt-4 flex flex-wrap gap-2">{actions}</div>}
        </div>
      </div>
    </section>
  );
}
