import "server-only";
import { requireCurrentUser } from "../auth/get-current-user";
import { findFlow } from "../flow-diagrams/flow-queries";
import { type BankCallPageView, buildBankCallPageView } from "./bank-call-page-view";
import { getBankCallDetail } from "./bank-call-queries";

/**
 * The page of one of the user's calls to the bank, with the flow it belonged to (read once the
 * call names it). Undefined when the id is no call id, unknown, or another user's call.
 */
export async function loadBankCallPage(callId: string): Promise<BankCallPageView | undefined> {
  const user = await requireCurrentUser(`/inspector/${encodeURIComponent(callId)}`);
  const id = /^\d{1,15}$/.test(callId) ? Number(callId) : undefined;
  const call = id === undefined ? undefined : await getBankCallDetail(id, { userId: user.id });
  if (call === undefined) return undefined;
  const flow = call.flowId === null ? undefined : await findFlow(user.id, call.flowId);
  return buildBankCallPageView(call, flow);
}
