import { Link } from "@/components/ui/link";

const SHORTCUTS = [
  { href: "/accounts", title: "Accounts", text: "Balances, transactions and cards you share with this app." },
  {
    href: "/payments",
    title: "Payments",
    text: "Domestic, SEPA and instant payments, standing orders and bulk: made here, approved at the bank, followed to the end.",
  },
  { href: "/corporate", title: "Corporate", text: "Act for a company agreement, or identify for payments only." },
  { href: "/inspector", title: "Request inspector", text: "Every signed call to the bank, with its signature explained." },
  { href: "/settings", title: "Settings", text: "Contact e-mail at the bank, and approval in the bank's app." },
] as const;

/** Links to the app's main pages (the presenter view in the sandbox). */
export function Shortcuts({ sandbox }: { sandbox: boolean }) {
  return (
    <nav aria-label="Shortcuts" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {[
        ...SHORTCUTS,
        ...(sandbox
          ? [
              {
                href: "/presenter",
                title: "Presenter view",
                text: "A demo's story step by step: connect, read, pay a bill, sign three together, end of day.",
              },
            ]
          : []),
      ].map((shortcut) => (
        <Link
          key={shortcut.href}
          href={shortcut.href}
          className="group rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-500 hover:shadow focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          <span className="text-base font-semibold text-slate-900 group-hover:text-brand-700">{shortcut.title} →</span>
          <span className="mt-1 block text-sm leading-6 text-slate-600">{shortcut.text}</span>
        </Link>
      ))}
    </nav>
  );
}
