import { gte, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import { paymentIntents } from './tables.ts';
import type { CardTakings } from './types.ts';

/**
 * Card takings per purpose since `from` (docs/rules/back-office.md): payments that succeeded in
 * the window (refunded later or not) and, apart, payments refunded in it; with `byDay`, per
 * Singapore calendar day (YYYY-MM-DD). One pass per moment (succeeded, refunded), each read by its own index.
 */
export async function takings(ctx: AppContext, from: Date, byDay: boolean): Promise<(CardTakings & { day: string })[]> {
  const moments = [
    { column: paymentIntents.succeededAt, field: 'succeededCents' as const },
    { column: paymentIntents.refundedAt, field: 'refundedCents' as const },
  ];
  const out = new Map<string, CardTakings & { day: string }>();
  for (const { column, field } of moments) {
    const day = sql<string>`to_char(${column} at time zone 'Asia/Singapore', 'YYYY-MM-DD')`;
    const query = ctx.db
      .select({
        day: byDay ? day : sql<string>`''`,
        purpose: paymentIntents.purpose,
        cents: sql<number>`coalesce(sum(${paymentIntents.amount}), 0)::int`,
      })
      .from(paymentIntents)
      .where(gte(column, from));
    const rows = await (byDay ? query.groupBy(day, paymentIntents.purpose) : query.groupBy(paymentIntents.purpose));
    for (const row of rows) {
      const key = `${row.day}|${row.purpose}`;
      const entry = out.get(key) ?? { day: row.day, purpose: row.purpose, succeededCents: 0, refundedCents: 0 };
      entry[field] += Number(row.cents);
      out.set(key, entry);
    }
  }
  return [...out.values()].sort((a, b) => a.day.localeCompare(b.day) || a.purpose.localeCompare(b.purpose));
}
