"use client";

import { Link } from "@/components/ui/link";
import { useEffect, useState } from "react";

/**
 * The app's error boundary: plain words and the error's digest (to find it in the server's log);
 * never the message or stack of an unexpected error. The bank's own errors are shown by the pages.
 * In production the browser never learns what the server's error was, so the page asks
 * GET /api/health whether the app's database answers, and says so when it does not.
 */
export default function AppError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const [databaseDown, setDatabaseDown] = useState(false);
  useEffect(() => {
    let current = true;
    fetch("/api/health", { cache: "no-store" })
      .then(async (response) => (response.status === 503 ? ((await response.json()) as { database?: unknown }) : undefined))
      .then((health) => {
        if (current && health?.database === "unreachable") setDatabaseDown(true);
      })
      .catch(() => {
        // The app itself did not answer: the words below stay as they are.
      });
    return () => {
      current = false;
    };
  }, [error.digest]);
  useEffect(() => {
    // The details stay in the server's log under the digest; the browser console gets the digest only.
    if (error.digest !== undefined) console.error(`Error ${error.digest}`);
  }, [error.digest]);
  return (
    <div className="mx-auto max-w-xl">
      <section role="alert" aria-labelledby="app-error-title" className="rounded-2xl border border-red-200 bg-white p-6 shadow-sm sm:p-8">
        <p className="text-sm font-medium tracking-wider text-red-700 uppercase">Something went wrong</p>
        <h1 id="app-error-title" className="mt-2 text-2xl font-bold tracking-tight text-slate-900">
          This page could not be shown
        </h1>
        <p className="mt-3 text-base leading-7 text-slate-700">
          {databaseDown
            ? "The app's database could not be reached, so the app could not read or keep anything just now; nothing was kept half-way. Try again in a moment. If you were making a payment, look at the list of payments before you make it again."
            : "The app met a problem of its own. Nothing was sent to the bank on your behalf that you did not ask for. Try again, or go back to the overview."}
        </p>
        {error.digest !== undefined && (
          <p className="mt-4 text-sm text-slate-500">
            Reference for support: <span className="font-mono">{error.digest}</span>
          </p>
        )}
        <div className="mt-6 flex flex-wrap gap-3">
          <button
            type="button"
            onClick={reset}
            className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2"
          >
            Try again
          </button>
          <Link href="/" className="rounded-lg px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100">
            Overview
          </Link>
        </div>
      </section>
    </div>
  );
}
