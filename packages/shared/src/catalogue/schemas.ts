import { z } from 'zod';
import { dropSettingsSchema } from './drops.ts';

/** Promotion of a set (docs/rules/catalogue.md). */
export const buyXGetYPromotionSchema = z.object({
  type: z.literal('BUY_X_GET_Y_FREE'),
  details: z.object({ requiredQuantity: z.number().int().positive(), freeQuantity: z.number().int().positive() }),
});
export const challengePromotionSchema = z.object({
  type: z.literal('CHALLENGE'),
  details: z.object({ minimumQuantity: z.number().int().positive(), challengeAlphabet: z.string().regex(/^[A-Z]$/) }),
});
export const promotionSchema = z.discriminatedUnion('type', [buyXGetYPromotionSchema, challengePromotionSchema]);
export type Promotion = z.infer<typeof promotionSchema>;

/**
 * A product as the shopper sees it (docs/rules/catalogue.md). `setId` is the current round, `productId` the
 * stable listing. `quantity` is "left/total" with tickets held by unexpired reservations not left.
 * `price` is in dollars (docs/rules/catalogue.md; stored in cents, see `centsToDollars`); `token` is the price in tokens.
 */
export const productSchema = z.object({
  setId: z.string(),
  productId: z.string(),
  name: z.string(),
  /** The set's description, written in the back office ('' until then). */
  description: z.string(),
  image: z.string(),
  token: z.number().int(),
  price: z.number().nonnegative(),
  quantity: z.string().regex(/^\d+\/\d+$/),
  tags: z.array(z.string()),
  preorder: z.boolean(),
  arrival: z.string().nullable(),
  doubleChance: z.boolean(),
  lottery: z.object({ enabled: z.boolean() }),
  promotion: promotionSchema.nullable(),
  /** SHA-256 commitment of the round's server seed (docs/rules/fairness.md). */
  commitment: z.string(),
  /** SHA-256 of the round's committed rules document (docs/rules/fairness.md), shown beside the commitment. */
  rulesHash: z.string().nullable(),
  /** Seconds left of a buy-out hold on the round, 0 when none. */
  holdTimeLeft: z.number().int().nonnegative(),
  createdAt: z.string(),
  /** The scheduled opening and the limits (docs/rules/drops.md). */
  ...dropSettingsSchema.shape,
});
export type Product = z.infer<typeof productSchema>;

/** GET /api/ichiban-kuji-products */
export const productListingSchema = z.object({
  all: z.array(productSchema),
  newProducts: z.array(productSchema),
  promotions: z.array(productSchema),
  chance: z.array(productSchema),
});
export type ProductListing = z.infer<typeof productListingSchema>;

export const prizeTypeSchema = z.enum(['Small', 'Big']);
export type PrizeType = z.infer<typeof prizeTypeSchema>;

/**
 * A prize of a round (docs/rules/catalogue.md): `name` is 'Prize {letter}' or 'Last Prize', `rank` the letter or
 * LAST, `quantity` "remaining/initial". Double-chance prizes carry `doubleChance: true`.
 */
export const prizeSchema = z.object({
  id: z.string(),
  name: z.string(),
  rank: z.string(),
  image: z.string(),
  description: z.string(),
  quantity: z.string(),
  type: prizeTypeSchema,
  doubleChance: z.boolean(),
});
export type Prize = z.infer<typeof prizeSchema>;

/** GET /api/prizes/{setId}/{productId} answers a list of prizes, letters in order, Last Prize last. */
export const prizeListSchema = z.array(prizeSchema);
