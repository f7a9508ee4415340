import { z } from 'zod';
import { IMAGE_NAME_PATTERN } from '../media/schemas.ts';
import { usernameOrEmailField } from '../accounts/schemas.ts';

// ---------- Lists: page (1-based) and search ----------

/** Admin list pages hold this many rows (docs/rules/back-office.md). */
export const ADMIN_PAGE_SIZE = 20;

export const pageParam = z.coerce.number().int('page must be a whole number').min(1, 'page must be at least 1').max(100_000).default(1);
const searchParam = z.string().trim().max(100, 'search is too long').default('');

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
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

/**
 * A double-chance prize as the back office defines it: an existing one keeps its `id` (and rank),
 * a row without `id` is new; a prize left out is retired from the next round.
 */
export const adminDoubleChancePrizeSchema = z.object({
  id: z.uuid('Invalid double-chance prize id').optional(),
  name: z.string({ error: 'Double-chance prize name is required' }).trim().min(1, 'Double-chance prize name is required').max(60),
  description: z.string().trim().max(500).optional(),
  quantity: z
    .number({ error: 'Double-chance prize quantity is required' })
    .int('Double-chance prize quantity must be a whole number')
    .min(1, 'Double-chance prize quantity must be at least 1')
    .max(1000, 'Double-chance prize quantity must be at most 1000'),
});
export type AdminDoubleChancePrize = z.infer<typeof adminDoubleChancePrizeSchema>;

const nonNegative = (field: string) => z.number().int(`${field} must be a whole number`).min(0, `${field} must be 0 or more`);

/** A prize's next-round quantity, named by its `_id` (or `id`) or its name ("Prize A", or the letter). */
export const adminPrizeQuantitySchema = z
  .object({
    _id: z.string().trim().max(60).optional(),
    id: z.string().trim().max(60).optional(),
    name: z.string().trim().max(60).optional(),
    quantity: nonNegative('prize quantity'),
  })
  .refine((entry) => entry._id || entry.id || entry.name, { message: 'Each prize quantity needs the prize _id or name' });
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
  token: z.number({ error: 'Token value must be a number' }).int('Token value must be a whole number').min(1, 'Token value must be at least 1').optional(),
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
  doubleChancePrizes: z.array(adminDoubleChancePrizeSchema).max(20, 'A set has at most 20 double-chance prizes').optional(),
  /** Save and reload: apply the prize quantities by closing this round and opening a new one. */
  reload: z.boolean().optional(),
});
export type AdminProductUpdate = z.infer<typeof adminProductUpdateSchema>;

/** POST /api/admin/images (multipart, one `image` file): the stored image's name, for a later PUT. */
export const adminImageUploadSchema = z.object({ image: z.string() });

export const adminAvailabilityRequestSchema = z.object({
  availability: z.enum(['preorder', 'instock']),
  updateInventory: z.boolean().default(true),
});
export type AdminAvailabilityRequest = z.infer<typeof adminAvailabilityRequestSchema>;
export const adminAvailabilityResponseSchema = z.object({ message: z.string(), updatedBatches: z.number().int(), notifiedHolders: z.number().int() });

export const adminReloadResponseSchema = z.object({ message: z.string(), setId: z.string(), sku: z.string() });

export const adminPromotionsResponseSchema = z.object({ promotions: z.array(z.object({ _id: z.string(), description: z.string() })) });
export type AdminPromotionsResponse = z.infer<typeof adminPromotionsResponseSchema>;

export const adminMessageSchema = z.object({ message: z.string() });

// ---------- Orders ----------

export const adminOrdersQuerySchema = z.object({
  page: pageParam,
  search: searchParam,
  lottery: z.enum(['all', 'enabled', 'disabled']).default('all'),
  paid: z.enum(['all', 'yes', 'no']).default('all'),
});
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>;

export const adminOrderRowSchema = z.object({
  _id: z.string(),
  orderId: z.string(),
  productName: z.string(),
  numberOfTickets: z.number().int(),
  totalCost: z.number().int(),
  selectedPrizes: z.array(z.string()),
  username: z.string(),
  /** Tokens spent (token orders), else 0. */
  tokenTotalValue: z.number().int(),
  lotteryEnabled: z.boolean(),
  paid: z.boolean(),
  paymentIntentId: z.string(),
  createdAt: z.string(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;
export const adminOrdersResponseSchema = z.object({ orders: z.array(adminOrderRowSchema), totalPages: z.number().int() });

// ---------- Self-collections and shipments ----------

export const adminCollectionsQuerySchema = z.object({
  page: pageParam,
  search: searchParam,
  status: z.enum(['all', 'pending', 'completed', 'cancelled']).default('all'),
});
export type AdminCollectionsQuery = z.infer<typeof adminCollectionsQuerySchema>;

const lineSchema = z.object({ setName: z.string(), prizeName: z.string(), quantity: z.number().int() });

export const adminCollectionRowSchema = z.object({
  _id: z.string(),
  collectionId: z.string(),
  status: z.enum(['pending', 'completed', 'cancelled']),
  inventoryItems: z.array(lineSchema),
  collectionDate: z.string(),
  collectedAt: z.string().nullable(),
  createdAt: z.string(),
  username: z.string(),
  parcelContent: z.string(),
});
export type AdminCollectionRow = z.infer<typeof adminCollectionRowSchema>;
export const adminCollectionsResponseSchema = z.object({ collections: z.array(adminCollectionRowSchema), totalPages: z.number().int() });

export const adminCollectionStatusRequestSchema = z.object({ status: z.enum(['completed', 'cancelled']) });
export type AdminCollectionStatusRequest = z.infer<typeof adminCollectionStatusRequestSchema>;

export const adminShipmentsQuerySchema = z.object({
  page: pageParam,
  search: searchParam,
  status: z.enum(['all', 'pending', 'shipped']).default('all'),
});
export type AdminShipmentsQuery = z.infer<typeof adminShipmentsQuerySchema>;

export const adminShipmentRowSchema = z.object({
  _id: z.string(),
  awbNumber: z.string().nullable(),
  awbLink: z.string().nullable(),
  easyparcelOrderId: z.string().nullable(),
  shippingFee: z.number().int(),
  inventoryItems: z.array(lineSchema),
  receiverName: z.string(),
  receiverContact: z.string(),
  receiverUnit: z.string(),
  receiverFullAddress: z.string(),
  receiverPostcode: z.string(),
  receiverCountry: z.string(),
  createdAt: z.string(),
  username: z.string(),
  parcelContent: z.string(),
  paid: z.boolean(),
  shipped: z.boolean(),
  /** The courier job could not book the parcel: someone must look at it. */
  attention: z.boolean(),
  courierLastError: z.string().nullable(),
});
export type AdminShipmentRow = z.infer<typeof adminShipmentRowSchema>;
export const adminShipmentsResponseSchema = z.object({ shipments: z.array(adminShipmentRowSchema), totalPages: z.number().int() });

export const NO_PENDING_SHIPMENTS = 'No pending shipments to export';
/** POST /api/admin/shipments/export-pending answers a PDF file (application/pdf), not JSON. */
export const pendingShipmentsPdfSchema = z.string().describe('application/pdf: one page per pending paid shipment');

// ---------- Inventory lookup ----------

export const adminInventoryParamsSchema = z.object({
  usernameOrEmail: usernameOrEmailField('Please enter a username or email'),
});

// ---------- Dashboard ----------

/**
 * Card money of a window in cents (docs/rules/back-office.md): every card payment that succeeded in it,
 * by what it paid for, and the card refunds made in it. `netCents` = the three kinds − refunds.
 */
export const cardRevenueSchema = z.object({
  ticketsCents: z.number().int(),
  tokenPackagesCents: z.number().int(),
  shippingCents: z.number().int(),
  refundsCents: z.number().int(),
  netCents: z.number().int(),
});
export type CardRevenue = z.infer<typeof cardRevenueSchema>;

export const dashboardWindowSchema = z.object({
  /** Card revenue: `cardRevenue.netCents`. */
  revenueCents: z.number().int(),
  cardRevenue: cardRevenueSchema,
  tokensSpent: z.number().int(),
  ticketsSold: z.number().int(),
  orders: z.number().int(),
  newShoppers: z.number().int(),
});
export type DashboardWindow = z.infer<typeof dashboardWindowSchema>;

export const adminDashboardSchema = z.object({
  today: dashboardWindowSchema,
  last7Days: dashboardWindowSchema,
  last30Days: dashboardWindowSchema,
  sellThrough: z.array(z.object({ setId: z.string(), productName: z.string(), sku: z.string(), sold: z.number().int(), total: z.number().int() })),
  queue: z.object({ shipmentsToPack: z.number().int(), collectionsThisWeek: z.number().int(), itemsForfeitingIn3Days: z.number().int() }),
  /** Per Singapore day: net card revenue (S$ cents) and tokens spent (tokens), two units on two axes. */
  dailyRevenue: z.array(z.object({ day: z.string(), revenueCents: z.number().int(), tokensSpent: z.number().int() })),
  /** One row per product (two sets may share a name): its id and current round's SKU tell them apart. */
  topSets: z.array(z.object({ productId: z.string(), productName: z.string(), sku: z.string(), ticketsSold: z.number().int() })),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

// ---------- New product form (multipart) ----------

const formBoolean = z.preprocess((value) => value === true || value === 'true' || value === 'on' || value === '1', z.boolean());
const formInt = (field: string, min: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z.number({ error: `${field} is required` }).int(`${field} must be a whole number`).min(min, `${field} must be at least ${min}`),
  );

export const newProductPrizeSchema = z.object({
  name: z.string().trim().min(1, 'Prize name is required').max(60),
  description: z.string().trim().max(200).default(''),
  quantity: z.number({ error: 'Prize quantity is required' }).int('Prize quantity must be a whole number').min(1, 'Prize quantity must be at least 1').max(1000),
  type: z.enum(['Small', 'Big']).default('Small'),
});
export type NewProductPrize = z.infer<typeof newProductPrizeSchema>;

/**
 * POST /api/admin/add-product: the text fields of the multipart form. Files: `productImage` and
 * `prizeImage{i}` for prize i. `prizes` is the JSON text of the prize list.
 */
export const newProductFormSchema = z
  .object({
    name: z.string({ error: 'Product name is required' }).trim().min(1, 'Product name is required').max(120),
    quantity: formInt('Quantity', 1),
    sku: z.string({ error: 'SKU is required' }).trim().min(1, 'SKU is required').max(60),
    tags: z.preprocess(
      (value) => (typeof value === 'string' ? value.split(',').map((tag) => tag.trim()).filter(Boolean) : value),
      z.array(z.string().max(40), { error: 'Tags are required' }).min(1, 'Tags are required').max(10, 'At most 10 tags'),
    ),
    price: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
      z.number({ error: 'Price is required' }).positive('Price must be more than 0').max(100_000),
    ),
    token: formInt('Token value', 1),
    active: formBoolean.default(true),
    doubleChance: formBoolean.default(false),
    preorder: formBoolean.default(false),
    arrival: z.string().trim().max(120).optional(),
    prizes: z.preprocess(
      (value) => {
        if (typeof value !== 'string') return value;
        try {
          return JSON.parse(value);
        } catch {
          return null;
        }
      },
      z.array(newProductPrizeSchema, { error: 'Add at least one prize' }).min(1, 'Add at least one prize').max(27),
    ),
  })
  .superRefine((form, issue) => {
    if (form.preorder && !form.arrival) issue.addIssue({ code: 'custom', path: ['arrival'], message: 'Arrival is required for a pre-order' });
    const tickets = form.prizes.filter((p) => !/^last/i.test(p.name)).reduce((sum, p) => sum + p.quantity, 0);
    if (tickets !== form.quantity) {
      issue.addIssue({ code: 'custom', path: ['quantity'], message: `Quantity must equal the prizes' total (${tickets})` });
    }
  });
export type NewProductForm = z.infer<typeof newProductFormSchema>;
export const PRODUCT_ADDED = 'Product and prizes added successfully!';
