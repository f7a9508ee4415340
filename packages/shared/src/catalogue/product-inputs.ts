import { z } from 'zod';

/**
 * What the back office sends to create a product and its prizes, and a promotion. The server checks
 * these again inside the catalogue service (the demo data and tests call it directly).
 */

const letterSchema = z.string().regex(/^[A-Z]$/, 'A prize letter is one capital letter');
/** The most tickets one letter prize of a new product may have. */
export const PRIZE_QUANTITY_MAX = 1000;

/** A prize of a new product. Letter prizes are tickets; the Last Prize and double-chance prizes are not. */
export const newPrizeSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('letter'),
    letter: letterSchema,
    description: z.string().trim().min(1).max(200),
    image: z.string().min(1),
    type: z.enum(['Small', 'Big']).default('Small'),
    itemType: z.string().min(1).default('kuji'),
    quantity: z.number().int().min(1).max(PRIZE_QUANTITY_MAX),
  }),
  z.object({
    kind: z.literal('last'),
    description: z.string().trim().min(1).max(200),
    image: z.string().min(1),
    type: z.enum(['Small', 'Big']).default('Big'),
    itemType: z.string().min(1).default('kuji'),
    quantity: z.literal(1).default(1),
  }),
  z.object({
    kind: z.literal('double'),
    description: z.string().trim().min(1).max(200),
    image: z.string().min(1),
    type: z.enum(['Small', 'Big']).default('Big'),
    itemType: z.string().min(1).default('kuji'),
    quantity: z.number().int().min(1).max(100),
  }),
]);
export type NewPrize = z.input<typeof newPrizeSchema>;

export const newPromotionSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('BUY_X_GET_Y_FREE'),
    description: z.string().trim().min(1).max(200),
    requiredQuantity: z.number().int().min(1).max(100),
    freeQuantity: z.number().int().min(1).max(100),
  }),
  z.object({
    type: z.literal('CHALLENGE'),
    description: z.string().trim().min(1).max(200),
    minimumQuantity: z.number().int().min(1).max(100),
    challengeAlphabet: letterSchema,
  }),
]);
export type NewPromotion = z.input<typeof newPromotionSchema>;

export const newProductSchema = z
  .object({
    name: z.string().trim().min(1).max(120),
    image: z.string().min(1),
    sku: z.string().trim().min(1).max(60),
    tokenPrice: z.number().int().min(1).max(100_000),
    priceCents: z.number().int().min(1).max(10_000_000),
    tags: z.array(z.string().trim().min(1).max(40)).min(1).max(10),
    preorder: z.boolean().default(false),
    arrival: z.string().trim().max(120).nullable().default(null),
    doubleChance: z.boolean().default(false),
    lotteryEnabled: z.boolean().default(false),
    promotionId: z.uuid().nullable().default(null),
    active: z.boolean().default(true),
    prizes: z.array(newPrizeSchema).min(1).max(60),
  })
  .superRefine((product, issue) => {
    const letters = product.prizes.filter((p) => p.kind === 'letter').map((p) => p.letter);
    if (letters.length === 0) issue.addIssue({ code: 'custom', message: 'A set needs at least one letter prize' });
    if (new Set(letters).size !== letters.length)
      issue.addIssue({ code: 'custom', message: 'Prize letters must be unique' });
    if (product.prizes.filter((p) => p.kind === 'last').length > 1) {
      issue.addIssue({ code: 'custom', message: 'A set has at most one Last Prize' });
    }
    if (!product.doubleChance && product.prizes.some((p) => p.kind === 'double')) {
      issue.addIssue({ code: 'custom', message: 'Double-chance prizes need doubleChance' });
    }
    if (product.preorder && !product.arrival)
      issue.addIssue({ code: 'custom', message: 'A pre-order needs an arrival' });
  });
export type NewProduct = z.input<typeof newProductSchema>;
