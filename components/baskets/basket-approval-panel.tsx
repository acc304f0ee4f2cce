import { Panel } from "@/components/ui/panel";
import type { ApproveBasketState, DeleteBasketState } from "@/lib/tpp/payments/basket-action-states";
import type { BasketPageView } from "@/lib/tpp/payments/basket-page-view";
import { ApproveBasketForm } from "./approve-basket-form";
import { DeleteBasketForm } from "./delete-basket-form";

const APPROVAL_WORDS = {
  started: "The approval was started at the bank but not finished: the payments still wait.",
  unknown: "The bank made the basket; it has not been approved: the payments still wait.",
  "not-started": "The bank made the basket; its approval has not started.",
} as const;

/** While the basket's payments wait for its one approval: approve it at the bank, or delete the basket. */
export function BasketApprovalPanel({
  view,
  approve,
  remove,
}: {
  view: BasketPageView;
  approve: (state: ApproveBasketState, data: FormData) => Promise<ApproveBasketState>;
  remove: (state: DeleteBasketState, data: FormData) => Promise<DeleteBasketState>;
}) {
  if (view.approval === undefined) return null;
  return (
    <Panel id="approval" title="Not approved yet" description={APPROVAL_WORDS[view.approval]}>
      <div className="space-y-4">
        <ApproveBasketForm action={approve} />
        <p className="text-sm text-slate-600">
          Or delete the basket: the bank deletes it while none of its payments is approved. The payments stay, waiting, to be signed alone
          or in another basket.
        </p>
        <DeleteBasketForm action={remove} />
      </div>
    </Panel>
  );
}
