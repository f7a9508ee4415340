import { serverMessageOf } from '../../../../lib/api-client';

/** Dollars typed by the admin as integer cents ('' = none). */
export const centsOf = (dollars: string): number | null =>
  dollars.trim() === '' ? null : Math.round(Number(dollars) * 100);
export const dollarsOf = (cents: number | null): string => (cents === null ? '' : (cents / 100).toFixed(2));

export const errorText = (error: unknown): string =>
  serverMessageOf(error) ?? (error instanceof Error ? error.message : 'Something went wrong.');
