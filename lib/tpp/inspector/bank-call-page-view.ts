import { FLOW_KIND_LABELS } from "../flow-diagrams/flow-queries";
import type { FlowRecord } from "../flow-diagrams/flows-repository";
import type { BankCallDetail } from "./bank-call-queries";

/** Everything the page of one call to the bank shows. */
export interface BankCallPageView {
  readonly call: BankCallDetail;
  /** The URL's path (with the method, the page's title). */
  readonly path: string;
  /** "First", or "Retry 1 after a connection error". */
  readonly attempt: string;
  /** The request's body, indented when it is JSON; undefined when it had none. */
  readonly requestBody: string | undefined;
  /** The reply's body, indented when it is JSON; "(no body)" when it had none or no reply came. */
  readonly responseBody: string;
  /** The flow the call belonged to, with the words of its link. */
  readonly flow: { readonly href: string; readonly label: string } | undefined;
}

/** A body as kept: indented when it is JSON, as it is otherwise. */
function indentBody(body: string | null): string {
  if (body === null || body === "") return "(no body)";
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** The call's page from the call and the flow it belonged to (when that is still kept). */
export function buildBankCallPageView(call: BankCallDetail, flow: FlowRecord | undefined): BankCallPageView {
  return {
    call,
    path: new URL(call.url).pathname,
    attempt: call.attempt === 1 ? "First" : `Retry ${call.attempt - 1} after a connection error`,
    requestBody: call.requestBody === "" ? undefined : indentBody(call.requestBody),
    responseBody: indentBody(call.responseBody),
    flow: flow === undefined ? undefined : { href: `/flows/${flow.id}`, label: `${FLOW_KIND_LABELS[flow.kind]} flow: see it as a diagram` },
  };
}
