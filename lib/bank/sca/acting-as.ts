import type { PurposeState } from "./sca-purposes";

/** The text of the context the PSU acts in, for a page's lead: "Name, private" or "Name, for Agreement". */
export function actingAsOf(state: Pick<PurposeState, "customer" | "choice">): string {
  return state.choice.context === "CORPORATE"
    ? `${state.customer.name}, for ${state.choice.agreement.name}`
    : `${state.customer.name}, private`;
}
