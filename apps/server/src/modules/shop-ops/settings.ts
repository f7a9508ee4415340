import { inArray } from 'drizzle-orm';
import {
  DEFAULT_SHOP_SETTINGS,
  shopSettingsSchema,
  type PickupPoint,
  type SenderAddress,
  type ShopSettings,
} from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { Principal } from '../../core/auth.ts';
import type { Executor } from '../../db/database.ts';
import type { AuditService } from '../audit/service.ts';
import { shopSettings } from './tables.ts';

type SettingKey = keyof ShopSettings;
const KEYS = Object.keys(DEFAULT_SHOP_SETTINGS) as SettingKey[];

/**
 * The shop's settings (docs/rules/shop-ops.md): the self-collection pickup point and the shipping
 * labels' sender address. Unsaved keys have the default (demo) values; a save is audited.
 */
export function createShopSettingsService(ctx: AppContext, deps: { audit: AuditService }) {
  async function read(exec: Executor = ctx.db): Promise<ShopSettings> {
    const rows = await exec.select().from(shopSettings).where(inArray(shopSettings.key, KEYS));
    const stored = Object.fromEntries(rows.map((row) => [row.key, row.value]));
    // A stored value written by an older shape falls back to the default rather than breaking the pages.
    const parsed = shopSettingsSchema.safeParse({ ...DEFAULT_SHOP_SETTINGS, ...stored });
    return parsed.success ? parsed.data : DEFAULT_SHOP_SETTINGS;
  }

  return {
    read,
    async pickupPoint(): Promise<PickupPoint> {
      return (await read()).pickupPoint;
    },
    async senderAddress(): Promise<SenderAddress> {
      return (await read()).senderAddress;
    },
    /** PUT /api/admin/settings: both keys written and audited in one transaction. */
    async update(admin: Principal, input: ShopSettings): Promise<ShopSettings> {
      return ctx.db.transaction(async (tx) => {
        const before = await read(tx);
        const now = ctx.clock.now();
        for (const key of KEYS) {
          await tx
            .insert(shopSettings)
            .values({ key, value: input[key], updatedAt: now, updatedBy: admin.id })
            .onConflictDoUpdate({
              target: shopSettings.key,
              set: { value: input[key], updatedAt: now, updatedBy: admin.id },
            });
        }
        await deps.audit.record(tx, {
          admin,
          action: 'settings.update',
          entityType: 'shop_settings',
          entityId: 'shop',
          before,
          after: input,
        });
        return input;
      });
    },
  };
}
