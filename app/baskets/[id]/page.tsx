import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { BasketApprovalPanel } from "@/components/baskets/basket-approval-panel";
import { BasketNotices } from "@/components/baskets/basket-notices";
import { BasketPaymentsPanel } from "@/components/baskets/basket-payments-panel";
import { BasketReferences } from "@/components/baskets/basket-references";
import { BASKET_STATUS_WORDS, BasketStatusBadge } from "@/components/basket-status";
import { formatDateTime } from "@/components/format";
import { BackLink } from "@/components/ui/back-link";
import { PageHeader } from "@/components/ui/page-header";
import { loadBasketPage } from "@/lib/tpp/payments/load-basket-page";
import { approveBasketAction, deleteBasketAction } from "./actions";

export const metadata: Metadata = { title: "Signing basket" };

type Params = Promise<{ id: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function BasketPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const { id } = await params;
  const view = await loadBasketPage(id, await searchParams);
  if (view === undefined) notFound();
  const { basket, members } = view;

  return (
    <div className="space-y-6">
      <BackLink href="/payments" label="Payments" />
      <PageHeader
        eyebrow="Signing basket"
        title={`${members.length} payment${members.length === 1 ? "" : "s"} signed together`}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <BasketStatusBadge status={basket.status} />
            <span>
              {BASKET_STATUS_WORDS[basket.status].meaning} Read from the bank at {formatDateTime(basket.statusReadAt)}.
            </span>
          </span>
        }
      />
      <BasketNotices view={view} />
      <BasketPaymentsPanel view={view} />
      <BasketApprovalPanel
        view={view}
        approve={approveBasketAction.bind(null, basket.id)}
        remove={deleteBasketAction.bind(null, basket.id)}
      />
      <BasketReferences view={view} />
    </div>
  );
}
