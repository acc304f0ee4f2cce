// Dates, wall-clock times and durations, pure, through Temporal: the interface's dates are
// YYYY-MM-DD and its times Oslo's wall clock (docs/interface/payments.md#payments-in-the-sandbox).
export { addDays, addMonths, dateInMonth, daysBetween, isoWeekday, type IsoDate } from "./calendar-date";
export { durationMs, parseIsoDuration, type ExactDuration } from "./duration";
export { addYearsToInstant, BANK_TIME_ZONE, dateInZone, instantAt, instantOfLocalDateTime, toZonedIso, wallClockOf } from "./zoned-time";
