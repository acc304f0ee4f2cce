import { CONTROL_FIELDS } from "@/lib/tpp/payment-form";
import { buttonStyles } from "../../ui/button-styles";

/**
 * The send button, and before it, for a single payment of a user with a PSU-ID, the choice to
 * approve it now or later with others (a signing basket from Payments).
 */
export function ApprovalChoice({
  offered,
  approveLater,
  onApproveLaterChange,
  pending,
}: {
  offered: boolean;
  approveLater: boolean;
  onApproveLaterChange: (later: boolean) => void;
  pending: boolean;
}) {
  const later = offered && approveLater;
  return (
    <>
      {offered && (
        <fieldset className="mt-4">
          <legend className="text-sm font-semibold text-slate-900">When to approve</legend>
          <div className="mt-2 space-y-2 text-sm">
            <label className="flex gap-2">
              <input
                type="radio"
                name={CONTROL_FIELDS.approval}
                value="now"
                defaultChecked
                onChange={() => onApproveLaterChange(false)}
                className="mt-0.5 h-4 w-4 accent-brand-600"
              />
              <span>Now, at the bank</span>
            </label>
            <label className="flex gap-2">
              <input
                type="radio"
                name={CONTROL_FIELDS.approval}
                value="later"
                onChange={() => onApproveLaterChange(true)}
                className="mt-0.5 h-4 w-4 accent-brand-600"
              />
              <span>Later, together with other payments (one approval for up to 10, from Payments)</span>
            </label>
          </div>
        </fieldset>
      )}
      <button type="submit" disabled={pending} className={`${buttonStyles.primary} mt-4 w-full`}>
        {pending ? "Sending…" : later ? "Send, approve later" : "Continue to approve"}
      </button>
      <p className="mt-2 text-xs leading-5 text-slate-500">
        {later
          ? "The bank keeps the payment waiting for your approval; nothing is paid before that."
          : "You approve the payment at the bank; nothing is paid before that."}
      </p>
    </>
  );
}
