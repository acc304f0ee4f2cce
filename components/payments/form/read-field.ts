import { normalizeAmount } from "@/lib/tpp/payment-form";

/** A field's text as the form holds it now, by its name ("payments[0].instructedAmount.amount"); undefined when empty. */
export type ReadField = (name: string) => string | undefined;

/** A typed amount in the form the bank is sent ("1 250,50" as "1250.50"). */
export function normalizedAmount(amount: string | undefined): string | undefined {
  return amount === undefined ? undefined : normalizeAmount(amount);
}
