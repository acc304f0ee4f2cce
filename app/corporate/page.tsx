import type { Metadata } from "next";
import { ErrorPanel } from "@/components/error-panel";
import { Badge } from "@/components/ui/badge";
import { buttonStyles } from "@/components/ui/button-styles";
import { DetailsList } from "@/components/ui/details-list";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { getAspspContext } from "@/lib/tpp/aspsp/aspsp-context";
import { requireCurrentUser } from "@/lib/tpp/auth/get-current-user";
import { connectPathFor } from "@/lib/tpp/flows/connect-path";
import { loadForPage } from "@/lib/tpp/flows/load-for-page";
import { getAgreements } from "@/lib/tpp/psu/get-agreements";
import { getUser } from "@/lib/tpp/psu/get-user";
import { getPsuSessionStatus } from "@/lib/tpp/session/get-psu-session-status";
import { actAsPrivate, actForAgreement } from "./actions";

export const metadata: Metadata = { title: "Corporate" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

function organisationNumber(value: string): string {
  return /^\d{9}$/.test(value) ? `${value.slice(0, 3)} ${value.slice(3, 6)} ${value.slice(6)}` : value;
}

export default async function CorporatePage({ searchParams }: { searchParams: SearchParams }) {
  const query = await searchParams;
  const user = await requireCurrentUser("/corporate");
  const session = await getPsuSessionStatus(user.id);
  const connected = user.psuId !== undefined;
  // With the approval ended, the page offers both ways back to the bank (the same customer or
  // another) instead of sending the PSU at once to the bank as the connected customer: this page
  // is where another customer is chosen.
  const approvalEnded = connected && session?.scaValid !== true;
  const agreements =
    connected && !approvalEnded
      ? await loadForPage("/corporate", async () => getAgreements(await getAspspContext({ returnTo: "/corporate" })))
      : undefined;
  // Who the bank says the PSU is (GET /v1/user), while the approval is valid; a failure shows nothing.
  const identity =
    connected && session?.scaValid === true
      ? await getAspspContext({ returnTo: "/corporate" })
          .then(getUser)
          .catch(() => undefined)
      : undefined;
  const listed = agreements?.ok === true ? agreements.value : [];
  const activeName =
    listed.find((a) => a.psuCorporateId === session?.psuCorporateId)?.name ??
    user.corporateAgreements.find((a) => a.psuCorporateId === session?.psuCorporateId)?.name;

  return (
    <div className="space-y-8">
      <PageHeader
        eyebrow="Corporate customers"
        title="Companies and identification"
        description="A corporate customer acts for a company agreement: the app then sends its PSU-Corporate-ID with each call and reaches only the accounts the company grants."
        actions={
          <a href={connectPathFor("/corporate", { newPsu: true })} className={buttonStyles.secondary}>
            Log in as another customer
          </a>
        }
      />
      {query.problem === "agreement" && (
        <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-700">
          That agreement is not one the bank lists for this customer.
        </p>
      )}

      <div className="grid gap-6 lg:grid-cols-3">
        <Panel id="acting-as" title="Acting as">
          <DetailsList
            label="Acting as"
            items={[
              {
                term: "Context",
                value:
                  session?.context === "CORPORATE" ? (
                    <Badge tone="info">Corporate</Badge>
                  ) : session?.context === "PRIVATE" ? (
                    <Badge>Private</Badge>
                  ) : (
                    "Not chosen yet"
                  ),
              },
              { term: "Company", value: session?.context === "CORPORATE" ? (activeName ?? "–") : "–" },
              { term: "PSU-Corporate-ID", value: session?.context === "CORPORATE" ? (session.psuCorporateId ?? "–") : "–", mono: true },
            ]}
          />
          {session?.context === "CORPORATE" && (
            <form action={actAsPrivate} className="mt-4">
              <button type="submit" className={buttonStyles.secondary}>
                Act as a private person
              </button>
            </form>
          )}
        </Panel>

        <Panel
          id="agreements"
          title="Agreements"
          description="GET /v1/agreements: the company agreements of this customer"
          className="lg:col-span-2"
        >
          {approvalEnded ? (
            <EmptyState
              title="Log in at the bank again"
              action={
                <>
                  <a href={connectPathFor("/corporate")} className={buttonStyles.primary}>
                    Log in again as the connected customer
                  </a>
                  <a href={connectPathFor("/corporate", { newPsu: true })} className={buttonStyles.secondary}>
                    Log in as another customer
                  </a>
                </>
              }
            >
              The bank lists the agreements while an approval there is valid (an hour from the login), and there is none now.
            </EmptyState>
          ) : agreements === undefined ? (
            <EmptyState
              title="No bank connected yet"
              action={
                <a href={connectPathFor("/corporate", { newPsu: true })} className={buttonStyles.primary}>
                  Log in at the bank
                </a>
              }
            >
              Log in as a corporate customer (in the sandbox, 18129215603) to see the agreements.
            </EmptyState>
          ) : !agreements.ok ? (
            <ErrorPanel error={agreements.error} />
          ) : agreements.value.length === 0 ? (
            <EmptyState title="No company agreements">This customer acts only in the private context.</EmptyState>
          ) : (
            <ul className="divide-y divide-slate-100" aria-label="Company agreements">
              {agreements.value.map((agreement) => {
                const active = session?.context === "CORPORATE" && session.psuCorporateId === agreement.psuCorporateId;
                return (
                  <li key={agreement.psuCorporateId} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
                    <div className="min-w-0">
                      <p className="font-medium text-slate-900">{agreement.name}</p>
                      <p className="text-sm text-slate-500">Org. no. {organisationNumber(agreement.organisationNumber)}</p>
                      <p className="truncate font-mono text-xs text-slate-500">{agreement.psuCorporateId}</p>
                    </div>
                    {active ? (
                      <span className="self-start sm:self-auto">
                        <Badge tone="success">Active</Badge>
                      </span>
                    ) : (
                      <form action={actForAgreement}>
                        <input type="hidden" name="psuCorporateId" value={agreement.psuCorporateId} />
                        <button type="submit" className={buttonStyles.primary} aria-label={`Act for ${agreement.name}`}>
                          Act for this company
                        </button>
                      </form>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </Panel>
      </div>

      <Panel
        id="identify"
        title="Identification for payments only"
        description="For a provider of payment initiation only (no account information): one SCA at the bank (GET /v1/users) gives the PSU-ID and the context, without sharing accounts."
        actions={
          <a href={connectPathFor("/corporate?identified=1", { purpose: "identify", newPsu: true })} className={buttonStyles.primary}>
            Identify at the bank
          </a>
        }
      >
        {identity === undefined ? (
          <p className="text-sm text-slate-600">
            No valid identification at the moment. After the SCA the bank tells who the PSU is (GET /v1/user).
          </p>
        ) : (
          <DetailsList
            label="Identified customer"
            items={[
              { term: "Customer", value: identity.customerName },
              { term: "Context", value: identity.context === "CORPORATE" ? "Corporate" : "Private" },
              { term: "PSU-ID", value: identity.psuId, mono: true },
            ]}
          />
        )}
      </Panel>
    </div>
  );
}
