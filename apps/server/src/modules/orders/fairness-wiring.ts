import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { orders } from './tables.ts';

/** The buyers' names of orders, for the fairness log's public view (docs/rules/fairness.md). */
export async function buyerNamesOf(exec: Executor, orderIds: string[]): Promise<Map<string, string>> {
  const rows = await exec.select({ id: orders.id, username: orders.username }).from(orders).where(inArray(orders.id, orderIds));
  return new Map(rows.map((r) => [r.id, r.username]));
}
