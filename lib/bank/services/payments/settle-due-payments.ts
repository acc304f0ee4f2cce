import type { Executor } from "../../db/open-bank-database";
import { createPaymentsRepository } from "../../repositories/payments-repository";
import type { BatchProcessorResult } from "../clock/batch-runs";
import { osloDateOf } from "../clock/sandbox-clock";
import { executePayment, lockPaymentAccounts } from "./book-payment";

/**
 * The batch processor of single and bulk payments (every payment but periodic ones): on a run at
 * `runAt`, each payment accepted for execution (ACTC), or pending (PDNG) whose execution date has
 * come, goes through ACSP to ACSC when the funds suffice (its pending transactions booked on the
 * run's date, sandbox creditors credited), else to RJCT with fundsAvailable false. One payment at
 * a time, in the order they were approved, each under its row lock.
 *
 * @see docs/interface/payments.md#batch-processing
 */
export async function settleDuePayments(runAt: Date, db: Executor): Promise<BatchProcessorResult> {
  const runDate = osloDateOf(runAt);
  const payments = createPaymentsRepository(db);
  let settled = 0;
  let rejected = 0;
  for (const id of await payments.listDueForSettlement(runDate)) {
    const payment = await payments.findByIdForUpdate(id);
    // Deleted, or settled by another process, since the list was read.
    if (!payment || !(payment.status === "ACTC" || (payment.status === "PDNG" && payment.executionDate <= runDate))) continue;
    await lockPaymentAccounts(db, [payment]);
    // ACSP (accepted for settlement) lasts as long as this step: the run settles at once.
    const { fundsAvailable } = await executePayment(
      db,
      payment,
      { bookingDate: runDate, valueDate: runDate },
      { now: runAt, recordRejection: false },
    );
    await payments.update(id, { status: fundsAvailable ? "ACSC" : "RJCT", fundsAvailable, statusChangedAt: runAt });
    if (fundsAvailable) settled++;
    else rejected++;
  }
  return { processed: settled + rejected, settled, rejected };
}
