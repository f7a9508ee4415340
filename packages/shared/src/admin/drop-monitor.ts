import { z } from 'zod';

/** The window the monitor's sales per second are measured over (docs/rules/drops.md, "Drop monitor"). */
export const DROP_MONITOR_SALES_WINDOW_SECONDS = 10;
/** How often the back office's drop monitor reads the figures again. */
export const DROP_MONITOR_POLL_MS = 1_000;

/**
 * GET /api/admin/drops/{setId}: the owner's drop monitor of one round (docs/rules/drops.md, "Drop
 * monitor"). `room` is null when the set has no waiting room; `refusals` counts refused purchases
 * by their error code, across every instance.
 */
export const dropMonitorSchema = z.object({
  setId: z.string(),
  productId: z.string(),
  productName: z.string(),
  status: z.enum(['open', 'sold_out', 'closed']),
  salesStartAt: z.string().nullable(),
  room: z.object({ waiting: z.number().int().nonnegative(), admitted: z.number().int().nonnegative() }).nullable(),
  /** Tickets sold per second over the last DROP_MONITOR_SALES_WINDOW_SECONDS. */
  salesPerSecond: z.number().nonnegative(),
  left: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  prizes: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      rank: z.string(),
      remaining: z.number().int().nonnegative(),
      initial: z.number().int().nonnegative(),
    }),
  ),
  refusals: z.array(z.object({ reason: z.string(), count: z.number().int().nonnegative() })),
  /** When the figures were read (ISO 8601). */
  at: z.string(),
});
export type DropMonitor = z.infer<typeof dropMonitorSchema>;
