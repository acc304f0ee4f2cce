/** Calendar arithmetic on ISO dates (YYYY-MM-DD), in whole days, free of time zones: lib/psd2/time's. */
export { addDays as addCalendarDays } from "../../../psd2/time";
