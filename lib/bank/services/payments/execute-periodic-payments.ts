import type { Executor } from "../../db/open-bank-database";
import { createPaymentsRepository } from "../../repositories/payments-repository";
import type { BatchProcessorResult } from "../clock/batch-runs";
import { osloDateOf } from "../clock/sandbox-clock";
import { executePayment, lockPaymentAccounts } from "./book-payment";
import { executionDateOf } from "./periodic-schedule";

/**
 * The processor of periodic payments: every execution of an active periodic payment (ACCP) whose
 * date has come is booked on its date, at the first batch run of that date (06:00 Europe/Oslo),
 * or at the next run after a jump of the sandbox clock. An execution the funds do not cover is a
 * rejected transaction, and the payment's fundsAvailable tells it until the next execution; the
 * payment stays ACCP. After its last execution (endDate) the payment is ACSC.
 *
 * @see docs/interface/payments.md#payments-in-the-sandbox ("Periodic payments: ACCP after SCA; each execution creates a booked transaction on its date")
 */
export async function executeDuePeriodicPayments(runAt: Date, db: Executor): Promise<BatchProcessorResult> {
  const runDate = osloDateOf(runAt);
  const payments = createPaymentsRepository(db);
  let executed = 0;
  let rejected = 0;
  for (const id of await payments.listDuePeriodic(runDate)) {
    const payment = await payments.findByIdForUpdate(id);
    if (!payment || payment.status !== "ACCP" || !payment.schedule) continue;
    await lockPaymentAccounts(db, [payment]);
    let executions = payment.executions;
    let date: string | undefined = payment.executionDate;
    let fundsAvailable = payment.fundsAvailable;
    while (date !== undefined && date <= runDate) {
      const result = await executePayment(db, payment, { bookingDate: date, valueDate: date }, { now: runAt, recordRejection: true });
      fundsAvailable = result.fundsAvailable;
      if (result.fundsAvailable) executed++;
      else rejected++;
      executions++;
      date = executionDateOf(payment.schedule, executions);
    }
    await payments.update(id, {
      executions,
      fundsAvailable,
      ...(date === undefined ? { status: "ACSC", statusChangedAt: runAt } : { executionDate: date }),
    });
  }
  return { processed: executed + rejected, executed, rejected };
}
