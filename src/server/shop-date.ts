// The shop's calendar: the day a quote's taxes are taken from, and the day an invoice, a credit
// note or a receipt is dated (and numbered in the year of).

/** Today in the shop's calendar, YYYY-MM-DD. Canada spans several time zones; Toronto's date is the shop's. */
export function shopDate(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(now);
}
