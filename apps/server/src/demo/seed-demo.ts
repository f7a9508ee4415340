import type { AppContext } from '../core/context.ts';
import type { Services } from '../services.ts';
import { seedDemoAccounts } from './demo-accounts.ts';
import { seedCatalogueDemo } from './demo-catalogue.ts';
import { demoShopperTokensLine, seedDemoTokens } from './demo-tokens.ts';
import { seedDemoFulfilment } from './demo-fulfilment.ts';
import { seedDemoBackOffice } from './demo-back-office.ts';
import { seedDemoTrades } from './demo-trades.ts';

/**
 * Demo data for a fresh shop (DEMO_DATA on, empty database). Everything is created through the
 * services, the way a shopper or an admin would, so the demo exercises the real rules.
 * Returns lines for the start log (e.g. demo logins).
 */
export async function seedDemoData(ctx: AppContext, services: Services): Promise<string[]> {
  const notes: string[] = [];
  const sets = await seedCatalogueDemo(ctx, services);
  notes.push(`Demo catalogue: ${sets.length} sets`);
  notes.push(...(await seedDemoAccounts(ctx, services.accounts)));
  notes.push(...(await seedDemoTokens(ctx, services)));
  notes.push(...(await seedDemoFulfilment(ctx, services)));
  notes.push(...(await seedDemoBackOffice(ctx, services)));
  notes.push(...(await seedDemoTrades(ctx, services)));
  // Said last: the demo orders above spend some of the shopper's first tokens.
  notes.push(...(await demoShopperTokensLine(ctx, services)));
  return notes;
}

/** True when the shop has no data yet (first start). */
export async function isEmptyShop(_ctx: AppContext, services: Services): Promise<boolean> {
  return services.catalogue.isEmpty();
}
