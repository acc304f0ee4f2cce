import Link from "next/link";

export default function NotFound() {
  return (
    <div className="mx-auto max-w-xl">
      <section aria-labelledby="not-found-title" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <p className="text-sm font-medium tracking-wider text-brand-600 uppercase">404</p>
        <h1 id="not-found-title" className="mt-2 text-2xl font-bold tracking-tight text-slate-900">
          Page not found
        </h1>
        <p className="mt-3 text-base leading-7 text-slate-700">There is nothing at this address, or it belongs to another user.</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link href="/" className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700">
            Overview
          </Link>
          <Link href="/accounts" className="rounded-lg px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100">
            Accounts
          </Link>
        </div>
      </section>
    </div>
  );
}
