import { z } from "zod";
import {
  DAYS_OF_EXECUTION,
  EXECUTION_RULES,
  FREQUENCY_CODES,
  MONTHS_OF_EXECUTION,
  validatePeriodicSchedule,
} from "../validation/validate-periodic-schedule";
import { isoDateSchema } from "./fields";
import { checkNorwegianDomesticRules, norwegianDomesticPaymentShape } from "./norwegian-domestic-payment";
import { foldDeprecatedRemittance } from "./remittance";
import { sepaPaymentShape } from "./sepa-payment";
import { checkFieldsWith } from "./zod-checks";

/** The fields a periodic payment adds to the single payment. @see docs/interface/endpoints.md#success-statuses */
export const periodicScheduleShape = {
  startDate: isoDateSchema.describe("The first execution date (YYYY-MM-DD)"),
  endDate: isoDateSchema.optional().describe("The last date an execution may fall on (YYYY-MM-DD); absent: no end"),
  frequency: z
    .enum(FREQUENCY_CODES)
    .describe("Daily, Weekly, EveryTwoWeeks, Monthly, EveryTwoMonths, Quarterly, SemiAnnual, Annual or MonthlyVariable"),
  executionRule: z
    .enum(EXECUTION_RULES)
    .optional()
    .describe("following or preceding: where an execution moves when its date is not a banking day"),
  dayOfExecution: z.enum(DAYS_OF_EXECUTION).optional().describe('The day of the month to execute on, "1" to "31"'),
  monthsOfExecution: z
    .array(z.enum(MONTHS_OF_EXECUTION))
    .optional()
    .describe('MonthlyVariable: the months to execute in ("1" to "12"), without duplicates'),
};

const checkSchedule = checkFieldsWith(validatePeriodicSchedule);

// requestedExecutionDate gives way to startDate, as in Berlin Group's periodic payment body:
// the first execution is on startDate.
const { requestedExecutionDate: _domesticDate, ...domesticFields } = norwegianDomesticPaymentShape;
const { requestedExecutionDate: _sepaDate, ...sepaFields } = sepaPaymentShape;

/**
 * The body of POST /v1/periodic-payments/norwegian-domestic-credit-transfers (and of the instant
 * product): the single payment without requestedExecutionDate, plus the schedule.
 *
 * @see docs/interface/endpoints.md#success-statuses
 */
export const periodicNorwegianDomesticPaymentSchema = z
  .strictObject({ ...domesticFields, ...periodicScheduleShape })
  .check(checkNorwegianDomesticRules, checkSchedule)
  .transform(foldDeprecatedRemittance);

export type PeriodicNorwegianDomesticPayment = z.output<typeof periodicNorwegianDomesticPaymentSchema>;

/** The body of POST /v1/periodic-payments/sepa-credit-transfers. @see docs/interface/endpoints.md#success-statuses */
export const periodicSepaPaymentSchema = z.strictObject({ ...sepaFields, ...periodicScheduleShape }).check(checkSchedule);

export type PeriodicSepaPayment = z.output<typeof periodicSepaPaymentSchema>;
