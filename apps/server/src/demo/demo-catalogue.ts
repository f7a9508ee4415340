import { DAY_MS, type NewProduct } from '@kujiya/shared';
import type { AppContext } from '../core/context.ts';
import type { Services } from '../services.ts';
import { artworkOf } from './art/demo-art.ts';
import { demoBuyers, type DemoBuyer } from './demo-buyers.ts';
import { DEMO_SETS, doubleChancePrizeOf, lastPrizeOf, prizeDescription, type DemoSet } from './catalogue-data.ts';

/** Demo tickets are bought in small purchases with this client seed and a purchase number. */
export const DEMO_CLIENT_SEED = 'kujiya-demo';

const PROMOTIONS = {
  buy3get1: { type: 'BUY_X_GET_Y_FREE', description: 'Buy 3 Get 1 FREE', requiredQuantity: 3, freeQuantity: 1 },
  buy5get2: { type: 'BUY_X_GET_Y_FREE', description: 'Buy 5 Get 2 FREE', requiredQuantity: 5, freeQuantity: 2 },
  challengeA: {
    type: 'CHALLENGE',
    description: 'Challenge: get Prize A (minimum 3 tickets)',
    minimumQuantity: 3,
    challengeAlphabet: 'A',
  },
  challengeB: {
    type: 'CHALLENGE',
    description: 'Challenge: get Prize B (minimum 2 tickets)',
    minimumQuantity: 2,
    challengeAlphabet: 'B',
  },
} as const;

/**
 * The set's sales so far, bought by the demo buyers in turn through the purchase engine
 * (`orders.useTokens`: tokens spent, tickets drawn from the committed seed, prizes decided, orders
 * and inventory made), so the fairness log is real. 'all' ends with a buy-out, which takes the
 * Last Prize and reveals the seed; promotions may add free tickets, Challenges draw until their letter.
 */
async function sellDemoTickets(
  ctx: AppContext,
  services: Services,
  set: DemoSet,
  setId: string,
  buyers: DemoBuyer[],
): Promise<void> {
  const total = set.prizes.reduce((sum, p) => sum + p.quantity, 0);
  const target = set.sell === 'all' ? total : set.sell === 'allBut2' ? total - 2 : (set.sell ?? 0);
  const promotion = set.promotion ? PROMOTIONS[set.promotion] : undefined;
  const minimum = promotion && 'minimumQuantity' in promotion ? promotion.minimumQuantity : 1;
  let sold = 0;
  for (let purchase = 0; sold < target; purchase++) {
    const buyer = buyers[(purchase + set.sku.length) % buyers.length]!;
    const remaining = target - sold;
    const buyOut = set.sell === 'all' && remaining <= 4;
    const paid = buyOut ? remaining : Math.max(minimum, Math.min(remaining, (purchase % 4) + 1));
    await buyer.ensureTokens(paid * set.tokenPrice);
    const { totalTicketsBought } = await services.orders.useTokens(buyer.principal, {
      setId,
      username: buyer.principal.username,
      clientSeed: `${DEMO_CLIENT_SEED}-${purchase}`,
      ...(buyOut ? { buyOut: true } : { ticketsBought: paid }),
    });
    sold += totalTicketsBought;
  }
}

export interface SeededSet {
  productId: string;
  setId: string;
  sku: string;
}

async function seedSet(
  ctx: AppContext,
  services: Services,
  set: DemoSet,
  promotionIds: Record<string, string>,
  buyers: DemoBuyer[],
): Promise<SeededSet> {
  const { media, catalogue } = services;
  const art = artworkOf(set);
  const svg = (text: string) => media.putImage(ctx.db, Buffer.from(text), 'image/svg+xml');
  const image = await svg(art.product);
  const letterImages = await Promise.all(art.letters.map(svg));
  const lastImage = await svg(art.last);
  const last = lastPrizeOf(set);
  const double = doubleChancePrizeOf(set);
  const doubleImage = art.double ? await svg(art.double) : null;

  const input: NewProduct = {
    name: `${set.series.name}: ${set.title}`,
    image,
    sku: set.sku,
    tokenPrice: set.tokenPrice,
    priceCents: set.priceCents,
    tags: [set.series.name, ...(set.extraTags ?? [])],
    preorder: Boolean(set.preorder),
    arrival: set.preorder ?? null,
    doubleChance: Boolean(set.doubleChance),
    lotteryEnabled: Boolean(set.lottery),
    promotionId: set.promotion ? promotionIds[set.promotion]! : null,
    active: true,
    prizes: [
      ...set.prizes.map((prize, i) => ({
        kind: 'letter' as const,
        letter: String.fromCharCode(65 + i),
        description: prizeDescription(set, prize),
        image: letterImages[i]!,
        type: prize.type,
        quantity: prize.quantity,
      })),
      ...(art.double
        ? [
            {
              kind: 'double' as const,
              description: double.description,
              image: doubleImage!,
              type: 'Big' as const,
              quantity: double.quantity,
            },
          ]
        : []),
      { kind: 'last' as const, description: last.description, image: lastImage, type: 'Big' as const },
    ],
  };
  const listedAt = new Date(ctx.clock.now().getTime() - set.listedDaysAgo * DAY_MS);
  const { productId, setId } = await ctx.db.transaction((tx) => catalogue.createProduct(tx, input, { listedAt }));

  await sellDemoTickets(ctx, services, set, setId, buyers);
  return { productId, setId, sku: set.sku };
}

/** The demo catalogue: promotions, every demo set with its artwork, and some sales. */
export async function seedCatalogueDemo(ctx: AppContext, services: Services): Promise<SeededSet[]> {
  const promotionIds: Record<string, string> = {};
  for (const [key, promotion] of Object.entries(PROMOTIONS)) {
    promotionIds[key] = await services.catalogue.createPromotion(ctx.db, promotion);
  }
  const buyers = await demoBuyers(ctx, services);
  const seeded: SeededSet[] = [];
  for (const set of DEMO_SETS) seeded.push(await seedSet(ctx, services, set, promotionIds, buyers));
  return seeded;
}
