import { serverMessageOf } from '../../../../lib/api-client';

/** `<input type="datetime-local">` value (local time) of an ISO instant, and back. */
export function toLocalInput(iso: string): string {
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}
export const fromLocalInput = (value: string): string => new Date(value).toISOString();

/** Dollars typed by the admin as integer cents ('' = none). */
export const centsOf = (dollars: string): number | null => (dollars.trim() === '' ? null : Math.round(Number(dollars) * 100));
export const dollarsOf = (cents: number | null): string => (cents === null ? '' : (cents / 100).toFixed(2));

export const errorText = (error: unknown): string => serverMessageOf(error) ?? (error instanceof Error ? error.message : 'Something went wrong.');
export const formatWhen = (iso: string) => new Date(iso).toLocaleString('en-SG', { dateStyle: 'medium', timeStyle: 'short' });
