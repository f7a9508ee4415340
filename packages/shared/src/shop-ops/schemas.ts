import { z } from 'zod';
import { idSchema } from '../common/ids.ts';
import { emailField, passwordSchema } from '../accounts/schemas.ts';
import { announcementSeveritySchema } from './announcements.ts';
import { inventoryItemSchema, orderSchema, selfCollectionSchema, shipmentSchema } from '../fulfilment/schemas.ts';
import { tradeSchema } from '../trading/schemas.ts';

/**
 * Running the shop from the back office: token packages, promo codes, shoppers, admins and
 * announcements (docs/rules/shop-ops.md).
 */

// ---- roles -------------------------------------------------------------------------------------

export const adminRoleSchema = z.enum(['owner', 'staff']);
export type AdminRole = z.infer<typeof adminRoleSchema>;

/**
 * Admin API paths (below /api) a staff admin may use: orders, collections, shipments and the
 * inventory look-up, plus their own session and two-factor sign-in. Every other admin route is for owners only.
 */
export const STAFF_ADMIN_PATH_PREFIXES = [
  '/api/admin/orders',
  '/api/admin/selfcollect',
  '/api/admin/collections',
  '/api/admin/shipments',
  '/api/admin/inventory',
  '/api/admin/audit',
  '/api/admin/me',
  '/api/admin/password',
  '/api/admin/2fa',
] as const;

/** Whether a staff admin may call this admin route (its declared URL, e.g. `/api/admin/orders/:orderId`). */
export function staffMayUse(routeUrl: string): boolean {
  return STAFF_ADMIN_PATH_PREFIXES.some((prefix) => routeUrl === prefix || routeUrl.startsWith(`${prefix}/`));
}

export const shopOpsMessages = {
  ownerOnly: 'Only the shop owner can do this.',
  accountDisabled: 'This account has been disabled. Please contact support.',
  adjustBelowZero: 'This adjustment would take the balance below zero.',
  promoInactive: 'This promo code is not active.',
  promoCodeTaken: 'A promo code with this code already exists.',
  adminTaken: 'An admin with this username already exists.',
  adminEmailTaken: 'An admin with this email already exists.',
  inviteInvalid: 'This invitation link is invalid or has expired.',
  wrongPassword: 'Current password is incorrect.',
  cannotDisableSelf: 'You cannot disable your own account.',
} as const;

const text = (field: string, max: number) =>
  z
    .string({ message: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} is too long`);
const cents = (field: string) =>
  z
    .number({ message: `${field} must be a whole number of cents` })
    .int(`${field} must be a whole number of cents`)
    .positive(`${field} must be positive`)
    .max(100_000_000, `${field} is too large`);
const isoDate = (field: string) => z.iso.datetime({ offset: true, message: `${field} must be a date and time` });

// ---- token packages ----------------------------------------------------------------------------

export const adminTokenPackageSchema = z.object({
  id: z.string(),
  packageName: z.string(),
  tokenAmount: z.number().int(),
  price: z.number().int(),
  originalPrice: z.number().int().nullable(),
  promoBanner: z.string().nullable(),
  sortOrder: z.number().int(),
  active: z.boolean(),
  createdAt: z.string(),
});
export type AdminTokenPackage = z.infer<typeof adminTokenPackageSchema>;
export const adminTokenPackagesResponseSchema = z.object({ tokenPackages: z.array(adminTokenPackageSchema) });
export type AdminTokenPackagesResponse = z.infer<typeof adminTokenPackagesResponseSchema>;

export const tokenPackageInputSchema = z
  .object({
    packageName: text('Package name', 100),
    tokenAmount: z
      .number({ message: 'Token amount must be a whole number' })
      .int('Token amount must be a whole number')
      .positive('Token amount must be positive')
      .max(1_000_000, 'Token amount is too large'),
    price: cents('Price'),
    originalPrice: cents('Original price').nullable().optional(),
    promoBanner: z.string().trim().max(200, 'Promo banner is too long').nullable().optional(),
    sortOrder: z.number().int('Sort order must be a whole number').min(-10_000).max(10_000).optional(),
    active: z.boolean().optional(),
  })
  .refine((p) => p.originalPrice == null || p.originalPrice > p.price, {
    message: 'Original price must be higher than the price',
    path: ['originalPrice'],
  });
export type TokenPackageInput = z.infer<typeof tokenPackageInputSchema>;
export const tokenPackageIdParamsSchema = z.object({ packageId: idSchema('packageId') });

// ---- promo codes -------------------------------------------------------------------------------

export const adminPromoCodeSchema = z.object({
  id: z.string(),
  code: z.string(),
  extraTokensPercentage: z.number().int(),
  validFrom: z.string(),
  validTo: z.string(),
  maxUses: z.number().int().nullable(),
  oncePerShopper: z.boolean(),
  active: z.boolean(),
  usesCount: z.number().int(),
  createdAt: z.string(),
});
export type AdminPromoCode = z.infer<typeof adminPromoCodeSchema>;
export const adminPromoCodesResponseSchema = z.object({ promoCodes: z.array(adminPromoCodeSchema) });
export type AdminPromoCodesResponse = z.infer<typeof adminPromoCodesResponseSchema>;

export const promoCodeInputSchema = z
  .object({
    code: z
      .string({ message: 'Code is required' })
      .trim()
      .min(3, 'Code must be 3 to 30 letters, digits, - or _')
      .max(30, 'Code must be 3 to 30 letters, digits, - or _')
      .regex(/^[A-Za-z0-9_-]+$/, 'Code must be 3 to 30 letters, digits, - or _'),
    extraTokensPercentage: z
      .number({ message: 'Extra tokens % must be a whole number' })
      .int('Extra tokens % must be a whole number')
      .min(1, 'Extra tokens % must be 1 to 1000')
      .max(1000, 'Extra tokens % must be 1 to 1000'),
    validFrom: isoDate('Valid from'),
    validTo: isoDate('Valid to'),
    maxUses: z
      .number()
      .int('Use limit must be a whole number')
      .positive('Use limit must be positive')
      .max(10_000_000)
      .nullable()
      .optional(),
    oncePerShopper: z.boolean().optional(),
    active: z.boolean().optional(),
  })
  .refine((p) => new Date(p.validTo) > new Date(p.validFrom), {
    message: 'Valid to must be after valid from',
    path: ['validTo'],
  });
export type PromoCodeInput = z.infer<typeof promoCodeInputSchema>;
export const promoCodeIdParamsSchema = z.object({ promoCodeId: idSchema('promoCodeId') });

export const promoCodeUseSchema = z.object({
  paymentIntentId: z.string(),
  userId: z.string(),
  username: z.string(),
  status: z.enum(['reserved', 'redeemed', 'released']),
  at: z.string(),
  redeemedAt: z.string().nullable(),
});
export type PromoCodeUse = z.infer<typeof promoCodeUseSchema>;
export const promoCodeUsesResponseSchema = z.object({
  promoCode: adminPromoCodeSchema,
  uses: z.array(promoCodeUseSchema),
});
export type PromoCodeUsesResponse = z.infer<typeof promoCodeUsesResponseSchema>;

// ---- shoppers ----------------------------------------------------------------------------------

export const shopperSearchQuerySchema = z.object({
  q: z.string().trim().max(100, 'Search is too long').optional().default(''),
  page: z.coerce
    .number()
    .int('page must be a whole number')
    .min(1, 'page must be 1 or more')
    .max(100_000)
    .optional()
    .default(1),
});
export type ShopperSearchQuery = z.infer<typeof shopperSearchQuerySchema>;
export const SHOPPERS_PAGE_SIZE = 20;

export const shopperSummarySchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  disabled: z.boolean(),
  createdAt: z.string(),
});
export type ShopperSummary = z.infer<typeof shopperSummarySchema>;
export const shopperSearchResponseSchema = z.object({
  shoppers: z.array(shopperSummarySchema),
  page: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});
export type ShopperSearchResponse = z.infer<typeof shopperSearchResponseSchema>;
export const shopperIdParamsSchema = z.object({ shopperId: idSchema('shopperId') });

export const shopperLotSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  amountLeft: z.number().int(),
  source: z.string(),
  reference: z.string(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export const shopperLedgerRowSchema = z.object({
  id: z.number().int(),
  delta: z.number().int(),
  reason: z.string(),
  reference: z.string(),
  createdAt: z.string(),
});
export const shopperDetailSchema = z.object({
  profile: shopperSummarySchema.extend({
    phoneNumber: z.string().nullable(),
    fullName: z.string().nullable(),
    country: z.string(),
    postalCode: z.string().nullable(),
    unitNumber: z.string().nullable(),
    fullAddress: z.string().nullable(),
  }),
  balance: z.number().int(),
  lots: z.array(shopperLotSchema),
  ledger: z.array(shopperLedgerRowSchema),
  /** The shopper's own views of their records (paid orders, inventory by set, paid shipments, collections, trades). */
  orders: z.array(orderSchema),
  inventory: z.array(inventoryItemSchema.extend({ setName: z.string() })),
  shipments: z.array(shipmentSchema),
  collections: z.array(selfCollectionSchema),
  trades: z.array(tradeSchema),
});
export type ShopperDetail = z.infer<typeof shopperDetailSchema>;

export const tokenAdjustmentRequestSchema = z.object({
  delta: z
    .number({ message: 'Adjustment must be a whole number of tokens' })
    .int('Adjustment must be a whole number of tokens')
    .min(-1_000_000, 'Adjustment is too large')
    .max(1_000_000, 'Adjustment is too large')
    .refine((n) => n !== 0, 'Adjustment must not be zero'),
  reason: text('Reason', 500),
});
export type TokenAdjustmentRequest = z.infer<typeof tokenAdjustmentRequestSchema>;
export const tokenAdjustmentResponseSchema = z.object({ balance: z.number().int() });

// ---- admins ------------------------------------------------------------------------------------

export const adminAccountSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  role: adminRoleSchema,
  disabled: z.boolean(),
  passwordSet: z.boolean(),
  createdAt: z.string(),
});
export type AdminAccount = z.infer<typeof adminAccountSchema>;
export const adminAccountsResponseSchema = z.object({ admins: z.array(adminAccountSchema) });
export const adminMeResponseSchema = z.object({ id: z.string(), username: z.string(), role: adminRoleSchema });
export type AdminMe = z.infer<typeof adminMeResponseSchema>;

export const inviteAdminRequestSchema = z.object({
  username: text('Username', 50).regex(/^[A-Za-z0-9_.-]+$/, 'Username may contain letters, digits, ., - and _'),
  email: emailField('Please enter a valid email'),
  role: adminRoleSchema,
});
export type InviteAdminRequest = z.infer<typeof inviteAdminRequestSchema>;
export const adminIdParamsSchema = z.object({ adminId: idSchema('adminId') });

export const acceptAdminInviteRequestSchema = z.object({
  token: z.string({ message: 'Invitation token is required' }).min(10, 'Invitation token is required').max(200),
  password: passwordSchema,
});
export const changeAdminPasswordRequestSchema = z.object({
  currentPassword: z
    .string({ message: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(128),
  newPassword: passwordSchema,
});
export const shopOpsMessageResponseSchema = z.object({ message: z.string() });

// ---- announcements (what every visitor sees is in announcements.ts) -------------------------------

export const announcementInputSchema = z
  .object({
    text: text('Text', 500),
    severity: announcementSeveritySchema,
    startsAt: isoDate('Start'),
    endsAt: isoDate('End'),
    active: z.boolean().optional(),
  })
  .refine((a) => new Date(a.endsAt) > new Date(a.startsAt), { message: 'End must be after start', path: ['endsAt'] });
export type AnnouncementInput = z.infer<typeof announcementInputSchema>;
export const announcementIdParamsSchema = z.object({ announcementId: idSchema('announcementId') });
