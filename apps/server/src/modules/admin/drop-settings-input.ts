import type { DropSettingsUpdate } from '@kujiya/shared';
import type { DropSettingsPatch } from '../catalogue/service.ts';

/** The drop settings of an admin input (the PUT body or the add-product form) as the catalogue's patch. */
export function dropSettingsPatchOf(input: DropSettingsUpdate): DropSettingsPatch {
  return {
    salesStartAt:
      input.salesStartAt === undefined ? undefined : input.salesStartAt === null ? null : new Date(input.salesStartAt),
    maxTicketsPerShopper: input.maxTicketsPerShopper,
    maxTicketsPerOrder: input.maxTicketsPerOrder,
    orderCooldownSeconds: input.orderCooldownSeconds,
  };
}
