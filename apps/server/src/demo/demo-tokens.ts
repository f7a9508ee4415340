import type { AppContext } from '../core/context.ts';
import { DAY } from '../core/clock.ts';
import type { Services } from '../services.ts';
import { TestGateway } from '../modules/payments/test-gateway.ts';
import { DEMO_SHOPPER } from './demo-accounts.ts';

/** Token packages on sale in the demo shop (prices in cents). */
export const DEMO_TOKEN_PACKAGES = [
  { packageName: 'Starter Pouch', tokenAmount: 100, price: 1000, sortOrder: 1 },
  { packageName: 'Lucky Bag', tokenAmount: 550, price: 5000, originalPrice: 5500, sortOrder: 2 },
  { packageName: 'Treasure Chest', tokenAmount: 1200, price: 10000, originalPrice: 12000, sortOrder: 3 },
  { packageName: 'Dragon Hoard', tokenAmount: 2600, price: 20000, originalPrice: 26000, sortOrder: 4 },
] as const;

/** The demo token packages, unless the shop already sells some. */
export async function ensureDemoPackages(ctx: AppContext, services: Services): Promise<void> {
  if ((await services.tokenShop.listPackages()).length > 0) return;
  for (const pkg of DEMO_TOKEN_PACKAGES) await services.tokenShop.createPackage(ctx.db, pkg);
}

/** Promo codes shoppers can try: WELCOME10 for everyone, KUJI20 for the first 100. */
export const DEMO_PROMO_CODES = [
  { code: 'WELCOME10', extraTokensPercentage: 10, maxUses: null },
  { code: 'KUJI20', extraTokensPercentage: 20, maxUses: 100 },
] as const;

/**
 * Token packages, promo codes, and the demo shopper's first tokens, bought through the real path:
 * a payment intent, then the test gateway confirming Stripe's 4242 card and delivering its signed
 * event to the webhook handler. (With Stripe configured the purchase is skipped: no card to charge.)
 */
export async function seedDemoTokens(ctx: AppContext, services: Services): Promise<string[]> {
  const { tokenShop } = services;
  await ensureDemoPackages(ctx, services);
  const now = ctx.clock.now();
  for (const promo of DEMO_PROMO_CODES) {
    if (await tokenShop.getPromoCode(promo.code)) continue;
    await tokenShop.createPromoCode(ctx.db, {
      ...promo,
      validFrom: new Date(now.getTime() - DAY),
      validTo: new Date(now.getTime() + 365 * DAY),
    });
  }

  const lines = [`Demo promo codes: ${DEMO_PROMO_CODES.map((p) => p.code).join(', ')}`];
  const gateway = services.payments.gateway;
  const shopper = await services.accounts.findAccount(DEMO_SHOPPER.username);
  if (!shopper || !(gateway instanceof TestGateway)) return lines;
  if ((await services.wallet.balance(ctx.db, shopper.id)) > 0) return lines;
  const [, luckyBag] = await tokenShop.listPackages();
  const principal = { id: shopper.id, username: shopper.username, role: 'user' as const };
  const intent = await tokenShop.createIntent(principal, { packageId: luckyBag!._id, username: shopper.username });
  const expiryYear = String((now.getUTCFullYear() + 5) % 100).padStart(2, '0');
  await gateway.confirm({
    clientSecret: intent.clientSecret,
    cardNumber: '4242 4242 4242 4242',
    expiry: `12/${expiryYear}`,
    cvc: '123',
  });
  return lines;
}

/**
 * The start log's line on the demo shopper's tokens, once every demo step is done: the Lucky Bag
 * bought first, less what the demo orders spent (seedDemoFulfilment), is what the shopper first sees.
 */
export async function demoShopperTokensLine(ctx: AppContext, services: Services): Promise<string[]> {
  const shopper = await services.accounts.findAccount(DEMO_SHOPPER.username);
  const balance = shopper ? await services.wallet.balance(ctx.db, shopper.id) : 0;
  if (balance === 0) return [];
  const bought = DEMO_TOKEN_PACKAGES[1].tokenAmount;
  const spent = bought - balance;
  return [
    `Demo shopper starts with ${balance} tokens${spent > 0 ? ` (the ${bought}-token ${DEMO_TOKEN_PACKAGES[1].packageName}, less ${spent} spent on the demo orders)` : ''}`,
  ];
}
