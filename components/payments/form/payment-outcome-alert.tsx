import { Link } from "@/components/ui/link";
import type { PaymentSubmitOutcome } from "@/lib/tpp/payment-form/payment-form-types";
import { formatDateTime } from "../../format";
import { buttonStyles } from "../../ui/button-styles";

function RequestId({ requestId }: { requestId: string | undefined }) {
  if (requestId === undefined) return null;
  return (
    <p className="mt-2 text-xs break-all opacity-80">
      X-Request-ID{" "}
      <Link className="font-mono underline underline-offset-2" href={`/inspector?text=${encodeURIComponent(requestId)}`}>
        {requestId}
      </Link>
    </p>
  );
}

/** The bank's "this looks like a duplicate" (or the app's own hold on an unanswered twin), with "Send anyway". */
function DuplicateAlert({ outcome, pending }: { outcome: Extract<PaymentSubmitOutcome, { kind: "duplicate" }>; pending: boolean }) {
  return (
    <div role="alert" className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
      <p className="font-semibold">Send anyway?</p>
      {outcome.unansweredSince === undefined ? (
        <>
          <p className="mt-1">
            The bank already has a payment like this one, from the same account to the same recipient, with the same amount and date, made
            in the last 10 minutes. Send this one too only if you mean to pay twice.
          </p>
          <details className="mt-1 text-xs">
            <summary className="cursor-pointer">What the bank said</summary>
            <p className="mt-1 break-words">{outcome.message}</p>
          </details>
        </>
      ) : (
        <p className="mt-1">
          An identical payment (same account, recipient, amount and date) was sent to the bank at {formatDateTime(outcome.unansweredSince)},
          and its answer was not received: the bank may have it. Look in the{" "}
          <Link href="/payments" className="font-semibold underline">
            payment list
          </Link>{" "}
          and at the account&apos;s transactions first. Send this one only if the first did not go through, or you mean to pay twice.
        </p>
      )}
      <button
        type="submit"
        name="allowLogicalDuplicate"
        value="true"
        disabled={pending}
        className={`${buttonStyles.secondary} mt-3 w-full`}
      >
        Send anyway
      </button>
      <RequestId requestId={outcome.requestId} />
    </div>
  );
}

/**
 * What became of the last send, above the submit button: a duplicate to confirm, a failure, the
 * bank's refusal with the codes of the fields it named, or the form's own errors.
 */
export function PaymentOutcomeAlert({
  outcome,
  formErrors,
  formErrorId,
  pending,
}: {
  outcome: PaymentSubmitOutcome | undefined;
  /** The errors of the form as a whole (not of one field). */
  formErrors: readonly string[] | undefined;
  formErrorId: string;
  pending: boolean;
}) {
  const hasFormErrors = formErrors !== undefined && formErrors.length > 0;
  return (
    <div className="mt-4 space-y-3">
      {outcome?.kind === "duplicate" && <DuplicateAlert outcome={outcome} pending={pending} />}
      {outcome?.kind === "failed" && (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          <p className="font-semibold">{outcome.title}</p>
          <p className="mt-1">{outcome.summary}</p>
          <RequestId requestId={outcome.requestId} />
        </div>
      )}
      {(outcome?.kind === "rejected" || hasFormErrors) && (
        <div role="alert" id={formErrorId} className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          <p className="font-semibold">
            {outcome?.kind === "rejected" ? `The bank refused the payment (HTTP ${outcome.status})` : "The payment cannot be sent yet"}
          </p>
          {outcome?.kind === "rejected" && outcome.psuMessage !== undefined && (
            <p className="mt-1">Message from the bank: {outcome.psuMessage}</p>
          )}
          {hasFormErrors && (
            <ul className="mt-1 list-disc space-y-0.5 pl-5 break-words">
              {formErrors.map((error) => (
                <li key={error}>{error}</li>
              ))}
            </ul>
          )}
          {outcome?.kind === "rejected" && (
            <>
              <p className="mt-1">
                The fields the bank named are marked.{" "}
                <span className="font-mono text-xs break-all">
                  {[...new Set(outcome.tppMessages.map((message) => message.code))].join(", ")}
                </span>
              </p>
              <RequestId requestId={outcome.requestId} />
            </>
          )}
        </div>
      )}
    </div>
  );
}
