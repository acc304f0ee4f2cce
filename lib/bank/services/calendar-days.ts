/** Calendar arithmetic on ISO dates (YYYY-MM-DD), in whole days, free of time zones. */
export function addCalendarDays(date: string, days: number): string {
  const instant = new Date(`${date}T00:00:00Z`);
  instant.setUTCDate(instant.getUTCDate() + days);
  return instant.toISOString().slice(0, 10);
}
