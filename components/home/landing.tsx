import { Link } from "@/components/ui/link";
import { Card } from "@/components/ui/card";

/** For a visitor not signed in: what the app does (the sandbox's tools only where the bank is the sandbox). */
export function Landing({ sandbox }: { sandbox: boolean }) {
  return (
    <div className="space-y-10">
      <section className="rounded-2xl bg-gradient-to-br from-brand-700 to-brand-900 px-6 py-10 text-white shadow-lg sm:px-10">
        <p className="text-sm font-medium tracking-wider text-brand-100 uppercase">Berlin Group NextGenPSD2 1.3 · Norway</p>
        <h1 className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">Integrate with a Norwegian PSD2 bank</h1>
        <p className="mt-4 max-w-2xl text-base leading-7 text-brand-100">
          A third-party provider application whose server holds the eIDAS certificate and signs every call to the bank, and a sandbox bank
          that checks everything the real one checks.
        </p>
        <Link
          href="/signin"
          className="mt-6 inline-flex rounded-lg bg-white px-4 py-2 text-sm font-semibold text-brand-700 shadow-sm hover:bg-brand-50"
        >
          Sign in
        </Link>
      </section>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Card title="Account information">
          Accounts, balances and transactions, card accounts included, read with the consent the customer gives at the bank.
        </Card>
        <Card title="Payments">
          Norwegian domestic, SEPA and instant transfers, standing orders and bulk payments, approved at the bank and followed until they
          are booked.
        </Card>
        <Card title="Signing baskets">Several waiting payments approved together with one strong customer authentication.</Card>
        <Card title="Corporate customers">
          Agreements of a corporate customer, a switch between them, and an identification for payment initiation only.
        </Card>
        <Card title="Signed requests">
          Every request carries a Digest and an HTTP signature made with the provider&apos;s certificate; the request inspector shows each
          one, and the <code className="rounded bg-slate-100 px-1 py-0.5 text-xs">psd2</code> command signs, verifies and explains requests.
        </Card>
        {sandbox ? (
          <Card title="Sandbox and flow diagrams">
            A control room for the sandbox bank (its clock, its batch runs, its test data) and every approval drawn as a sequence diagram,
            for demos to show.
          </Card>
        ) : (
          <Card title="Flow diagrams">Every approval at the bank drawn as a sequence diagram, with each call it made.</Card>
        )}
      </div>
    </div>
  );
}
