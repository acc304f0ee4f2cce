import type { ErrorDisplay } from "../describe-error";
import type { ScaFailureExplanation } from "../flows/explain-sca-failure";
import { isPastRecordRetention, type RecordRetention } from "../retention/record-retention";
import type { SigningBasketRecord } from "./baskets-repository";
import { isSettledStatus } from "./payment-lifecycle";
import type { PaymentRecord } from "./payments-repository";

/** A payment of the basket as the page lists it. */
export interface BasketMember {
  readonly record: PaymentRecord;
  /** The bank does not show a domestic payment before its approval (the known issue): its status is the last one read. */
  readonly hiddenByKnownIssue: boolean;
}

/** Everything the signing basket's page shows. */
export interface BasketPageView {
  /** The basket as kept, with the status just read when the bank answered. */
  readonly basket: SigningBasketRecord;
  /** Why the bank could not be read (the page shows what the app keeps, and this). */
  readonly bankError: ErrorDisplay | undefined;
  readonly members: readonly BasketMember[];
  /** Whether a payment's status can still change (the page reads them again meanwhile). */
  readonly open: boolean;
  /**
   * While payments still wait for the basket's one approval (the bank takes a new start of it):
   * whether the approval was started at the bank (the app records that redirect as the basket's
   * flow), is not known (the flow is past the retention period), or was not started. Undefined
   * when nothing waits.
   */
  readonly approval: "started" | "unknown" | "not-started" | undefined;
  /** The basket's latest flow diagram, when it is still kept. */
  readonly flowId: string | undefined;
  /** The retention period ("30 days"), and whether this basket's calls and flows are past it. */
  readonly retentionPeriod: string;
  readonly recordsDeleted: boolean;
  /** What the address tells of the step just taken. */
  readonly notices: {
    /** The bank's refusal of the approval, in a query the app signed. */
    readonly scaFailure: ScaFailureExplanation | undefined;
    /** The bank made the basket but its approval was not started (the query says so while it is RCVD). */
    readonly approvalNotStarted: boolean;
  };
}

/** The basket page's view from what was read: the basket and its payments, its flow, the retention period and the query's notices. */
export function buildBasketPageView(input: {
  readonly basket: SigningBasketRecord;
  readonly bankError: ErrorDisplay | undefined;
  readonly members: readonly BasketMember[];
  readonly flowId: string | undefined;
  readonly retention: RecordRetention;
  readonly scaFailure: ScaFailureExplanation | undefined;
  readonly approvalNotStartedSaid: boolean;
  readonly now?: Date;
}): BasketPageView {
  const { basket, members, flowId, retention } = input;
  // Its flow and calls are kept for the retention period: an older basket's may be gone.
  const recordsDeleted = flowId === undefined && isPastRecordRetention(basket.createdAt, retention.days, input.now);
  const waiting = basket.status === "RCVD" && members.some((member) => member.record.status === "RCVD");
  return {
    basket,
    bankError: input.bankError,
    members,
    open: members.some((member) => !isSettledStatus(member.record.service, member.record.status)),
    approval: !waiting ? undefined : flowId !== undefined ? "started" : recordsDeleted ? "unknown" : "not-started",
    flowId,
    retentionPeriod: retention.period,
    recordsDeleted,
    notices: {
      scaFailure: input.scaFailure,
      approvalNotStarted: input.approvalNotStartedSaid && basket.status === "RCVD",
    },
  };
}
