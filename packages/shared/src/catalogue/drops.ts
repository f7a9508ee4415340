import { z } from 'zod';

/**
 * Drop-day settings of a set as the shop and the back office show them (docs/rules/drops.md):
 * the round's scheduled opening (ISO 8601, null sells at once) and the per-shopper limits (null is no limit).
 */
export const dropSettingsSchema = z.object({
  salesStartAt: z.string().nullable(),
  maxTicketsPerShopper: z.number().int().positive().nullable(),
  maxTicketsPerOrder: z.number().int().positive().nullable(),
  orderCooldownSeconds: z.number().int().positive().nullable(),
});
export type DropSettings = z.infer<typeof dropSettingsSchema>;
