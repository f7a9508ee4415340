import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { orders } from './tables.ts';

/**
 * Whose orders these are (orderId → username), for the fairness log's masked buyer names
 * (docs/rules/fairness.md). It reads the orders table only and needs no service, so the composition
 * root hands it to fairness, which the orders service itself is built from.
 */
export async function buyerNames(exec: Executor, orderIds: readonly string[]): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await exec
    .select({ id: orders.id, username: orders.username })
    .from(orders)
    .where(inArray(orders.id, [...orderIds]));
  return new Map(rows.map((r) => [r.id, r.username]));
}
