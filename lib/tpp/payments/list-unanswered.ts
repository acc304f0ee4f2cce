import "server-only";
import type { BankIntent, BankIntentsRepository } from "./bank-intents";
import type { PaymentRecord, PaymentsRepository } from "./payments-repository";

/** A payment or signing basket sent to the bank whose outcome there is not known, as the payment list shows it. */
export type UnansweredIntent =
  | { readonly kind: "payment"; readonly intent: Extract<BankIntent, { kind: "payment" }> }
  | {
      readonly kind: "basket";
      readonly intent: Extract<BankIntent, { kind: "basket" }>;
      /** The app's payments the basket was to sign together, those still kept (in the order sent). */
      readonly payments: readonly PaymentRecord[];
    };

/**
 * The user's payments and signing baskets sent without a usable answer (open or unanswered
 * intents), newest first; a basket with the payments it was to sign, which stay in the list of
 * kept payments (they were kept before the basket was sent).
 */
export async function listUnanswered(
  repositories: { readonly intents: BankIntentsRepository; readonly payments: PaymentsRepository },
  userId: string,
): Promise<UnansweredIntent[]> {
  const awaiting = await repositories.intents.listAwaiting(userId);
  return Promise.all(
    awaiting.map(async (intent): Promise<UnansweredIntent> => {
      if (intent.kind === "payment") return { kind: "payment", intent };
      const found = await Promise.all(intent.keep.paymentRecordIds.map((id) => repositories.payments.findById(userId, id)));
      return { kind: "basket", intent, payments: found.filter((record) => record !== undefined) };
    }),
  );
}
