import { Card } from "@/components/ui/card";

export default function HomePage() {
  return (
    <div className="space-y-10">
      <section className="rounded-2xl bg-gradient-to-br from-brand-700 to-brand-900 px-6 py-10 text-white shadow-lg sm:px-10">
        <p className="text-sm font-medium uppercase tracking-wider text-brand-100">
          Berlin Group NextGenPSD2 1.3 · Norway
        </p>
        <h1 className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">
          Integrate with a Norwegian PSD2 bank
        </h1>
        <p className="mt-4 max-w-2xl text-base leading-7 text-brand-100">
          A third-party provider application whose server holds the eIDAS certificate and signs
          every call to the bank, and a sandbox bank that checks everything the real one checks.
        </p>
      </section>

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Card title="Account information">
          Accounts, balances and transactions, card accounts included, read with the consent the
          customer gives at the bank.
        </Card>
        <Card title="Payments">
          Norwegian domestic, SEPA and instant credit transfers, periodic and bulk payments, and
          signing baskets approved with one strong customer authentication.
        </Card>
        <Card title="Signed requests">
          Every request carries a Digest and an HTTP signature made with the provider&apos;s
          certificate; the <code className="rounded bg-slate-100 px-1 py-0.5 text-xs">psd2</code>{" "}
          command signs, verifies and explains requests.
        </Card>
      </div>
    </div>
  );
}
