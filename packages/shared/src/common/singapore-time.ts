/**
 * Dates as the shop writes them, on every screen, e-mail and printout: Singapore time (the shop's only
 * time zone), en-SG style. The one formatter of the shop, the back office and the server
 * (docs/rules/back-office.md): nothing else formats a date itself.
 */

/** Singapore has no daylight saving time: always UTC+8. */
export const SHOP_TIME_ZONE = 'Asia/Singapore';
export const SG_OFFSET_MS = 8 * 60 * 60 * 1000;

const sg = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-SG', { timeZone: SHOP_TIME_ZONE, ...options });
const dateFormat = sg({ day: 'numeric', month: 'short', year: 'numeric' });
const dateTimeFormat = sg({
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});
const weekdayDateTimeFormat = sg({
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});
const weekdayDateFormat = sg({ weekday: 'short', day: 'numeric', month: 'short' });
const dayMonthFormat = sg({ day: 'numeric', month: 'short' });
const clockFormat = sg({ hour: 'numeric', minute: '2-digit', hour12: true });
const dayMonthTimeFormat = sg({ day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });
const logTimeFormat = sg({
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** e.g. "7 Dec 2026" */
export const formatSgDate = (iso: string | Date) => dateFormat.format(new Date(iso));
/** e.g. "7 Dec 2026, 3:00 pm" */
export const formatSgDateTime = (iso: string | Date) => dateTimeFormat.format(new Date(iso));
/** e.g. "Wed, 9 Dec" */
export const formatSgWeekdayDate = (iso: string | Date) => weekdayDateFormat.format(new Date(iso));
/** e.g. "7 Dec" (chart axes) */
export const formatSgDayMonth = (iso: string | Date) => dayMonthFormat.format(new Date(iso));
/** Short enough for a phone dropdown, e.g. "21 Nov, 10:30 pm" ('' for a value that is no date). */
export function formatSgDayMonthTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dayMonthTimeFormat.format(date);
}
/** A log time to the second, e.g. "21 Nov, 12:05:09" (the value itself when it is no date). */
export function formatSgLogTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : logTimeFormat.format(date);
}
/** A Singapore calendar day 'YYYY-MM-DD' (as the server groups by), e.g. "7 Dec 2026". */
export const formatSgDay = (day: string) => formatSgDate(`${day}T12:00:00+08:00`);
/** A Singapore calendar day 'YYYY-MM-DD', e.g. "7 Dec" (chart axes). */
export const formatSgDayShort = (day: string) => formatSgDayMonth(`${day}T12:00:00+08:00`);

/** An instant as the shop writes it in e-mails and printouts, e.g. "Wed, 2 Dec 2026, 3:00 pm". */
export function singaporeDateTimeText(instant: Date): string {
  return weekdayDateTimeFormat.format(instant);
}

/** An instant as a Singapore wall-clock time for a message, e.g. '9:15 pm (Singapore time)'. */
export function shopClockTime(instant: Date): string {
  return `${clockFormat.format(instant)} (Singapore time)`;
}

/** The `<input type="datetime-local">` value of an instant, in Singapore time (whatever the browser's zone). */
export const toSgInputValue = (iso: string | Date) =>
  new Date(new Date(iso).getTime() + SG_OFFSET_MS).toISOString().slice(0, 16);
/** The instant a Singapore `<input type="datetime-local">` value stands for, as ISO. */
export const fromSgInputValue = (value: string) =>
  new Date(`${value.length === 16 ? `${value}:00` : value}+08:00`).toISOString();
