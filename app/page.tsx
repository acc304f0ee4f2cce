import Link from "next/link";
import { ReadOverview } from "@/components/read-overview";
import { ScaRenewalNotice } from "@/components/sca-renewal-notice";
import { Badge } from "@/components/ui/badge";
import { buttonStyles } from "@/components/ui/button-styles";
import { Card } from "@/components/ui/card";
import { DetailsList } from "@/components/ui/details-list";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { formatDateTime } from "@/components/format";
import { getAspspContext } from "@/lib/tpp/aspsp/aspsp-context";
import { getCurrentUser } from "@/lib/tpp/auth/get-current-user";
import { connectPathFor } from "@/lib/tpp/flows/connect-path";
import { getAppEnvironment } from "@/lib/tpp/get-app-environment";
import { getUser } from "@/lib/tpp/psu/get-user";
import { getAspspConnection } from "@/lib/tpp/runtime";
import { loadRefreshOverview } from "@/lib/tpp/refresh/load-overview";
import { getPsuSessionStatus } from "@/lib/tpp/session/get-psu-session-status";

/** For a visitor not signed in: what the app does (the sandbox's tools only where the bank is the sandbox). */
function Landing({ sandbox }: { sandbox: boolean }) {
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

export default async function HomePage() {
  const user = await getCurrentUser();
  if (user === undefined) return <Landing sandbox={getAppEnvironment().environment === "sandbox"} />;
  const [session, environment, connection, overview] = await Promise.all([
    getPsuSessionStatus(user.id),
    Promise.resolve(getAppEnvironment()),
    getAspspConnection().catch(() => undefined),
    user.psuId === undefined ? undefined : loadRefreshOverview(user.id),
  ]);
  // Who the PSU is, when the approval is still valid (a call without it would start an SCA at the bank).
  const identity =
    user.psuId !== undefined && session?.scaValid === true
      ? await getAspspContext({ returnTo: "/" })
          .then(getUser)
          .catch(() => undefined)
      : undefined;
  const connected = user.psuId !== undefined;
  const agreement = user.corporateAgreements.find((a) => a.psuCorporateId === session?.psuCorporateId);
  const contextText =
    session?.context === "CORPORATE"
      ? `Corporate${agreement?.name === undefined ? "" : ` · ${agreement.name}`}`
      : session?.context === "PRIVATE"
        ? "Private"
        : "Not chosen yet";

  return (
    <div className="space-y-8">
      <PageHeader
        eyebrow={`Signed in as ${user.displayName}`}
        title="Your bank connection"
        description="Connect your bank once: you log in at the bank, choose the accounts to share, and come back here. An approval is valid for one hour; after that the bank asks again."
        actions={
          <>
            <a href={connectPathFor("/accounts")} className={buttonStyles.primary}>
              {connected ? "Connect your bank again" : "Connect your bank"}
            </a>
            <Link href="/payments/new" className={buttonStyles.secondary}>
              New payment
            </Link>
            {connected && (
              <a href={connectPathFor("/accounts", { newPsu: true })} className={buttonStyles.secondary}>
                Connect another customer
              </a>
            )}
          </>
        }
      />

      {overview !== undefined && <ScaRenewalNotice renewal={overview.renewal} renewHref={connectPathFor("/")} />}

      <div className="grid gap-6 lg:grid-cols-3">
        <Panel
          id="connection"
          title="Connection"
          className="lg:col-span-2"
          actions={
            connected ? (
              <Badge tone={session?.scaValid === true ? "success" : "warning"}>
                {session?.scaValid === true ? "Approved" : "Approval needed"}
              </Badge>
            ) : (
              <Badge>Not connected</Badge>
            )
          }
        >
          <DetailsList
            label="Connection"
            items={[
              { term: "Bank", value: new URL(environment.aspspBaseUrl).host },
              {
                term: "Environment",
                value: (
                  <Badge tone={environment.environment === "sandbox" ? "warning" : "success"}>
                    {environment.environment === "sandbox" ? "Sandbox" : "Production"}
                  </Badge>
                ),
              },
              {
                term: "Customer",
                value:
                  identity?.customerName ?? (connected ? "Connected (name shown while the approval is valid)" : "No bank connected yet"),
              },
              { term: "PSU context", value: contextText },
              {
                term: "SCA valid until",
                value:
                  session?.scaValidUntil === undefined ? (
                    "No approval yet"
                  ) : (
                    <>
                      {formatDateTime(session.scaValidUntil)}{" "}
                      {session.scaValid ? <Badge tone="success">valid</Badge> : <Badge tone="warning">expired</Badge>}
                    </>
                  ),
              },
              { term: "PSU-ID", value: user.psuId ?? "–", mono: true },
              { term: "TPP-Session-ID", value: session?.tppSessionId ?? "–", mono: true },
            ]}
          />
        </Panel>
        <Panel id="tpp" title="This app at the bank">
          {connection === undefined ? (
            <p className="text-sm text-slate-600">The app&apos;s certificate is not loaded yet.</p>
          ) : (
            <DetailsList
              label="This app at the bank"
              items={[
                { term: "Organisation", value: connection.organisationName },
                { term: "TPP id", value: connection.tppId, mono: true },
                { term: "Roles", value: connection.roles.join(", ") },
                { term: "Replies verified", value: connection.verifiesResponses ? "Yes, against the bank's CA" : "No trust anchors" },
              ]}
            />
          )}
        </Panel>
      </div>

      {overview !== undefined && <ReadOverview overview={overview} />}

      <nav aria-label="Shortcuts" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {[
          ...SHORTCUTS,
          ...(environment.environment === "sandbox"
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
    </div>
  );
}
