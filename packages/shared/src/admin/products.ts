import { z } from 'zod';
import { IMAGE_NAME_PATTERN } from '../media/schemas.ts';
import { pageParam, searchParam } from './paging.ts';
import { dropSettingsSchema, dropSettingsUpdateSchema } from '../catalogue/drops.ts';

export const adminSetsQuerySchema = z.object({ page: pageParam, search: searchParam });
export type AdminSetsQuery = z.infer<typeof adminSetsQuerySchema>;

/** Admin product (list) row. */
export const adminSetRowSchema = z.object({
  id: z.string(),
  setId: z.string(),
  productName: z.string(),
  productSku: z.string(),
  productQuantity: z.number().int(),
  sold: z.number().int(),
  active: z.boolean(),
  preorder: z.boolean(),
  arrival: z.string().nullable(),
  totalSold: z.number().int(),
});
export type AdminSetRow = z.infer<typeof adminSetRowSchema>;
export const adminSetsResponseSchema = z.object({ sets: z.array(adminSetRowSchema), totalPages: z.number().int() });
export type AdminSetsResponse = z.infer<typeof adminSetsResponseSchema>;

// ---------- Product detail and edit ----------

export const adminPrizeSchema = z.object({
  id: z.string(),
  letter: z.string(),
  kind: z.enum(['letter', 'last', 'double']),
  name: z.string(),
  description: z.string(),
  image: z.string(),
  type: z.enum(['Small', 'Big']),
  remainingQuantity: z.number().int(),
  initialQuantity: z.number().int(),
});
export type AdminPrize = z.infer<typeof adminPrizeSchema>;

/**
 * A paid lottery order of the round with its buyer and result: `lotteryWon` is null until the
 * round's lottery is drawn, then whether it won; `selectedPrizes` are the prizes it won.
 */
export const adminLotteryOrderSchema = z.object({
  orderId: z.string(),
  username: z.string(),
  selectedPrizes: z.array(z.string()),
  numberOfTickets: z.number().int(),
  paidAt: z.string().nullable(),
  lotteryWon: z.boolean().nullable(),
});
export type AdminLotteryOrder = z.infer<typeof adminLotteryOrderSchema>;

export const adminLotterySchema = z.object({
  enabled: z.boolean(),
  completed: z.boolean(),
  totalTickets: z.number().int(),
  ticketsLeft: z.number().int(),
  orders: z.array(adminLotteryOrderSchema),
});

export const adminProductSchema = adminSetRowSchema.extend({
  productImage: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  /** Ticket price in dollars and in tokens, as the catalogue shows them. */
  price: z.number(),
  token: z.number().int(),
  doubleChance: z.boolean(),
  promotion: z.object({ id: z.string(), description: z.string() }).nullable(),
  lottery: adminLotterySchema,
  prizes: z.array(adminPrizeSchema),
  roundNumber: z.number().int(),
  roundStatus: z.enum(['open', 'sold_out', 'closed']),
  commitment: z.string(),
  /** The scheduled opening and the limits (docs/rules/drops.md). */
  ...dropSettingsSchema.shape,
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

/**
 * A double-chance prize as the back office defines it: an existing one keeps its `id` (and rank),
 * a row without `id` is new; a prize left out is retired from the next round.
 */
export const adminDoubleChancePrizeSchema = z.object({
  id: z.uuid('Invalid double-chance prize id').optional(),
  name: z
    .string({ error: 'Double-chance prize name is required' })
    .trim()
    .min(1, 'Double-chance prize name is required')
    .max(60),
  description: z.string().trim().max(500).optional(),
  quantity: z
    .number({ error: 'Double-chance prize quantity is required' })
    .int('Double-chance prize quantity must be a whole number')
    .min(1, 'Double-chance prize quantity must be at least 1')
    .max(1000, 'Double-chance prize quantity must be at most 1000'),
});
export type AdminDoubleChancePrize = z.infer<typeof adminDoubleChancePrizeSchema>;

const nonNegative = (field: string) =>
  z.number().int(`${field} must be a whole number`).min(0, `${field} must be 0 or more`);

/** A prize's next-round quantity, named by its `_id` (or `id`) or its name ("Prize A", or the letter). */
export const adminPrizeQuantitySchema = z
  .object({
    _id: z.string().trim().max(60).optional(),
    id: z.string().trim().max(60).optional(),
    name: z.string().trim().max(60).optional(),
    quantity: nonNegative('prize quantity'),
  })
  .refine((entry) => entry._id || entry.id || entry.name, {
    message: 'Each prize quantity needs the prize _id or name',
  });
export type AdminPrizeQuantity = z.infer<typeof adminPrizeQuantitySchema>;

/** A prize's texts and artwork (a change of neither touches the round's committed box). */
export const adminPrizeEditSchema = z.object({
  id: z.string().trim().min(1).max(60),
  description: z.string().trim().min(1, 'Prize description is required').max(200).optional(),
  image: z.string().trim().regex(IMAGE_NAME_PATTERN, 'Invalid image').optional(),
});
export type AdminPrizeEdit = z.infer<typeof adminPrizeEditSchema>;

/**
 * PUT /api/admin/products/{id}: the editable payload; every field is optional and only what is sent
 * changes (docs/rules/back-office.md). `quantity` and `sold` are shown, not set: the box of a
 * running round is fixed, so a different value is refused. Prize quantities change only with
 * Reload Set (`prizesQuantities`, applied to the next round): sent with `reload: true`, or as the
 * spec's Reload Set payload (SKU suffix + 1 with `sold` 0).
 */
export const adminProductUpdateSchema = z.object({
  productName: z.string().trim().min(1, 'Product name is required').max(120).optional(),
  description: z.string().trim().max(2000, 'Description is too long').optional(),
  productImage: z.string().trim().regex(IMAGE_NAME_PATTERN, 'Invalid image').optional(),
  tags: z.array(z.string().trim().min(1).max(40)).min(1, 'Tags are required').max(10, 'At most 10 tags').optional(),
  /** Dollars (cents precision), as the catalogue shows it. */
  price: z
    .number({ error: 'Price must be a number' })
    .positive('Price must be more than 0')
    .max(100_000)
    .refine((dollars) => Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6, 'Price has at most 2 decimals')
    .optional(),
  token: z
    .number({ error: 'Token value must be a number' })
    .int('Token value must be a whole number')
    .min(1, 'Token value must be at least 1')
    .optional(),
  sku: z.string().trim().min(1, 'sku is required').max(60).optional(),
  quantity: nonNegative('quantity').optional(),
  sold: nonNegative('sold').optional(),
  status: z.enum(['active', 'inactive']).optional(),
  arrival: z.string().trim().max(120).nullable().optional(),
  doubleChance: z.boolean().optional(),
  promotionId: z.uuid('Invalid promotionId').nullable().optional(),
  lottery: z.object({ enabled: z.boolean().optional(), completed: z.boolean().optional() }).optional(),
  /** Next-round quantity of each prize: an object keyed by prize (letter, name or id), or a list. */
  prizesQuantities: z
    .union([z.record(z.string().max(60), nonNegative('prize quantity')), z.array(adminPrizeQuantitySchema).max(60)], {
      error: 'prizesQuantities must be an object keyed by prize or a list of { _id or name, quantity }',
    })
    .optional(),
  /** Prize descriptions and images. */
  prizes: z.array(adminPrizeEditSchema).max(60).optional(),
  /** The set's double-chance prizes for the next round (a change needs reload while a round runs). */
  doubleChancePrizes: z
    .array(adminDoubleChancePrizeSchema)
    .max(20, 'A set has at most 20 double-chance prizes')
    .optional(),
  /** Save and reload: apply the prize quantities by closing this round and opening a new one. */
  reload: z.boolean().optional(),
  /** The scheduled opening and the limits (docs/rules/drops.md). */
  ...dropSettingsUpdateSchema.shape,
});
export type AdminProductUpdate = z.infer<typeof adminProductUpdateSchema>;

/** POST /api/admin/images (multipart, one `image` file): the stored image's name, for a later PUT. */
export const adminImageUploadSchema = z.object({ image: z.string() });

export const adminAvailabilityRequestSchema = z.object({
  availability: z.enum(['preorder', 'instock']),
  updateInventory: z.boolean().default(true),
});
export type AdminAvailabilityRequest = z.infer<typeof adminAvailabilityRequestSchema>;
export const adminAvailabilityResponseSchema = z.object({
  message: z.string(),
  updatedBatches: z.number().int(),
  notifiedHolders: z.number().int(),
});

export const adminReloadResponseSchema = z.object({ message: z.string(), setId: z.string(), sku: z.string() });

export const adminPromotionsResponseSchema = z.object({
  promotions: z.array(z.object({ _id: z.string(), description: z.string() })),
});
export type AdminPromotionsResponse = z.infer<typeof adminPromotionsResponseSchema>;

export const adminMessageSchema = z.object({ message: z.string() });
