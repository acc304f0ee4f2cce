import type { ReactNode } from "react";
import { ScaFailureNotice } from "@/components/sca-failure-notice";
import type { ScaFailureExplanation } from "@/lib/tpp/flows/explain-sca-failure";

/**
 * How the approval just tried at the bank went, on the page of what it was for (a payment, a
 * basket): the bank's refusal with what it means for the money, or that the bank did not start it.
 */
export function ApprovalNotices({
  scaFailure,
  consequence,
  notStarted,
}: {
  scaFailure: ScaFailureExplanation | undefined;
  /** What a refusal means for the money. */
  consequence: string;
  /** What to do now that the bank did not start the approval; undefined while it is not so. */
  notStarted: ReactNode | undefined;
}) {
  return (
    <>
      {scaFailure !== undefined && <ScaFailureNotice failure={scaFailure} consequence={consequence} />}
      {notStarted !== undefined && (
        <p role="alert" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {notStarted}
        </p>
      )}
    </>
  );
}
