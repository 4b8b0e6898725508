// A month as the app writes it whole, in the reader's language: "Mar 2026" ("März 2026"), for a review timeline's
// months and a live-data chart's table (its axis keeps the short "Mar 26"). A module of its own, off the first
// screen. Pure; see months.test.ts.

/** "Mar 2026" for a month (YYYY-MM, or a date in it, read as UTC); anything else as it is. */
export function monthLabel(month: string, locale: string): string {
  const d = new Date(/^\d{4}-\d{2}$/.test(month) ? `${month}-01T00:00:00Z` : month);
  if (Number.isNaN(d.getTime())) return month;
  return new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(d);
}
