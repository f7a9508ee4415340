import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * Many rows sent as one JSON parameter (docs/performance.md). A purchase batch writes a hundred rows
 * per table under the round lock; as bound parameters that is thousands of values, each one handled
 * by the query builder and the driver in JavaScript, the largest CPU cost of a batch. As one JSON text
 * the database does the unpacking (`json_populate_recordset`, `json_to_recordset`).
 */
export function jsonRows(rows: readonly object[]): SQL {
  return sql`${JSON.stringify(rows)}::json`;
}

/**
 * `insert into <table> (<columns>) select <columns> from json_populate_recordset(...)`: every row
 * gives the same properties (null, not undefined, for "none"); columns left out take their defaults.
 * Values go through JSON: dates become ISO timestamps, arrays and objects fill json columns.
 */
export function insertJsonRows<T extends PgTable>(table: T, rows: ReadonlyArray<Partial<T['$inferInsert']>>): SQL {
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  const keys = Object.keys(rows[0] ?? {});
  const names = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`insertJsonRows: ${key} is not a column`);
    return column.name;
  });
  const packed = rows.map((row) => {
    const values = row as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [i, key] of keys.entries()) {
      const value = values[key];
      if (value === undefined) throw new Error(`insertJsonRows: ${key} is undefined in a row`);
      out[names[i]!] = value;
    }
    if (Object.keys(values).length !== keys.length) throw new Error('insertJsonRows: rows give different columns');
    return out;
  });
  const list = sql.join(
    names.map((name) => sql.identifier(name)),
    sql`, `,
  );
  return sql`insert into ${table} (${list}) select ${list} from json_populate_recordset(null::${table}, ${jsonRows(packed)})`;
}
