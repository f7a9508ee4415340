import { eq, ilike, or, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/database.ts';

/**
 * An anonymised account's former personal values and its pseudonym (docs/rules/personal-data.md).
 * Each module that stores text a shopper's values may appear in replaces them with these helpers,
 * so the rule of what a mention is lives once.
 */
export interface PersonalValues {
  /** The username, e-mail, phone, name and address lines the account had (empty ones left out). */
  values: string[];
  pseudonym: string;
}

/** Shorter values (a country code, a unit "1") would match inside unrelated text: they are not searched for. */
const MIN_SEARCHED_LENGTH = 4;

const searched = (personal: PersonalValues) =>
  [...new Set(personal.values.map((v) => v.trim()).filter((v) => v.length >= MIN_SEARCHED_LENGTH))].sort(
    (a, b) => b.length - a.length,
  );

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const escapeLike = (value: string) => value.replace(/[\\%_]/g, '\\$&');

/** The text with every mention of the values (any case) replaced by the pseudonym. */
export function scrubText(text: string, personal: PersonalValues): string {
  const values = searched(personal);
  if (values.length === 0) return text;
  return text.replace(new RegExp(values.map(escapeRegExp).join('|'), 'gi'), personal.pseudonym);
}

/** A JSON value with every string scrubbed (keys and numbers are kept as they are). */
export function scrubJson<T>(value: T, personal: PersonalValues): T {
  if (typeof value === 'string') return scrubText(value, personal) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => scrubJson(item, personal)) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubJson(v, personal)])) as T;
  return value;
}

/** A filter of rows whose column (text, or JSON read as text) mentions any of the values; undefined when none is searched. */
export function mentionsAny(column: AnyColumn | SQL, personal: PersonalValues): SQL | undefined {
  const values = searched(personal);
  if (values.length === 0) return undefined;
  return or(...values.map((v) => ilike(column, `%${escapeLike(v)}%`)));
}

/** A table whose rows are scrubbed one by one (its key is `id`). */
type ScrubbedTable = PgTable & { id: PgColumn };
type RowOf<T extends ScrubbedTable> = T['$inferSelect'];

export interface ScrubRows<T extends ScrubbedTable, K extends keyof RowOf<T> & string> {
  table: T;
  /** The rows to scrub (usually those `mentionsAny` finds); undefined when there is nothing to search for. */
  where: SQL | undefined;
  /** The columns `scrub` reads, besides `id`. */
  columns: K[];
  /** A row's new values; undefined leaves the row as it is. */
  scrub: (row: Pick<RowOf<T>, K | 'id'>) => PgUpdateSetSource<T> | undefined;
}

/**
 * Rewrites the rows `where` picks, each with what `scrub` makes of it, under row locks taken in key
 * order (two anonymisations touching the same rows cannot deadlock). Answers how many rows changed.
 */
export async function scrubRows<T extends ScrubbedTable, K extends keyof RowOf<T> & string>(
  tx: Tx,
  { table, where, columns, scrub }: ScrubRows<T, K>,
): Promise<number> {
  if (!where) return 0;
  const selection = Object.fromEntries(['id', ...columns].map((key) => [key, table[key as keyof T] as PgColumn]));
  const rows = (await tx
    .select(selection)
    .from(table as PgTable) // drizzle cannot tell a generic table from a subquery without `returning`
    .where(where)
    .orderBy(table.id)
    .for('update')) as Pick<RowOf<T>, K | 'id'>[];
  let changed = 0;
  for (const row of rows) {
    const values = scrub(row);
    if (!values) continue;
    await tx.update(table).set(values).where(eq(table.id, row.id));
    changed += 1;
  }
  return changed;
}

/** A record of a shopper's data export: its fields as they are, dates as ISO strings. */
export type ExportRecord = Record<string, unknown>;
export function exportRecord(record: object): ExportRecord {
  return Object.fromEntries(
    Object.entries(record).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  );
}
