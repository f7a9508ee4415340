/**
 * Dates as the shop shows them: Singapore time (the shop's only time zone), en-SG style. The one
 * formatter of the shop and the back office (docs/rules/back-office.md): no screen formats a date itself.
 */
const dateFormat = new Intl.DateTimeFormat('en-SG', { timeZone: 'Asia/Singapore', day: 'numeric', month: 'short', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-SG', {
  timeZone: 'Asia/Singapore',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});
const weekdayDateFormat = new Intl.DateTimeFormat('en-SG', { timeZone: 'Asia/Singapore', weekday: 'short', day: 'numeric', month: 'short' });

/** e.g. "7 Dec 2026" */
export const formatSgDate = (iso: string | Date) => dateFormat.format(new Date(iso));
/** e.g. "7 Dec 2026, 3:00 pm" */
export const formatSgDateTime = (iso: string | Date) => dateTimeFormat.format(new Date(iso));
/** e.g. "Wed, 9 Dec" */
export const formatSgWeekdayDate = (iso: string | Date) => weekdayDateFormat.format(new Date(iso));
const dayMonthFormat = new Intl.DateTimeFormat('en-SG', { timeZone: 'Asia/Singapore', day: 'numeric', month: 'short' });
/** e.g. "7 Dec" (chart axes) */
export const formatSgDayMonth = (iso: string | Date) => dayMonthFormat.format(new Date(iso));
/** A Singapore calendar day 'YYYY-MM-DD' (as the server groups by), e.g. "7 Dec 2026". */
export const formatSgDay = (day: string) => formatSgDate(`${day}T12:00:00+08:00`);
/** A Singapore calendar day 'YYYY-MM-DD', e.g. "7 Dec" (chart axes). */
export const formatSgDayShort = (day: string) => formatSgDayMonth(`${day}T12:00:00+08:00`);

const SG_OFFSET_MS = 8 * 60 * 60 * 1000;
/** The `<input type="datetime-local">` value of an instant, in Singapore time (whatever the browser's zone). */
export const toSgInputValue = (iso: string | Date) => new Date(new Date(iso).getTime() + SG_OFFSET_MS).toISOString().slice(0, 16);
/** The instant a Singapore `<input type="datetime-local">` value stands for, as ISO. */
export const fromSgInputValue = (value: string) => new Date(`${value.length === 16 ? `${value}:00` : value}+08:00`).toISOString();
