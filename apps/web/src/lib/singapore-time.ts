/** Dates as the shop shows them: Singapore time (the shop's only time zone), en-SG style. */
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
