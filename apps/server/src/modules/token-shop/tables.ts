import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** A token package on sale (docs/rules/tokens.md). Prices in cents. */
export const tokenPackages = pgTable(
  'token_packages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    packageName: text('package_name').notNull(),
    tokenAmount: integer('token_amount').notNull(),
    price: integer('price').notNull(),
    originalPrice: integer('original_price'),
    /** A short line shown on the package in the shop, e.g. "Best value". */
    promoBanner: text('promo_banner'),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('token_packages_positive', sql`${t.tokenAmount} > 0 and ${t.price} > 0`)],
);

/**
 * One token purchase per payment intent: the package's tokens and price as they were when the
 * shopper started paying, and the promo code applied to it (at most one).
 */
export const tokenPurchases = pgTable(
  'token_purchases',
  {
    paymentIntentId: text('payment_intent_id').primaryKey(),
    userId: uuid('user_id').notNull(),
    packageId: uuid('package_id')
      .notNull()
      .references(() => tokenPackages.id),
    tokenAmount: integer('token_amount').notNull(),
    price: integer('price').notNull(),
    promoCodeId: uuid('promo_code_id').references(() => promoCodes.id),
    extraTokensPercentage: integer('extra_tokens_percentage').notNull().default(0),
    bonusTokens: integer('bonus_tokens').notNull().default(0),
    /** pending | completed (tokens credited) | failed (last attempt failed; may still complete) | refunded | canceled (at the gateway; can no longer be paid). */
    status: text('status').$type<'pending' | 'completed' | 'failed' | 'refunded' | 'canceled'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('token_purchases_user_idx').on(t.userId)],
);

/** Promo codes for bonus tokens (docs/rules/tokens.md). `code` is stored upper-case. */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull().unique(),
    extraTokensPercentage: integer('extra_tokens_percentage').notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validTo: timestamp('valid_to', { withTimezone: true }).notNull(),
    /** Total uses allowed; null means no limit. */
    maxUses: integer('max_uses'),
    /** Uses counted when a payment carrying the code succeeds. */
    usesCount: integer('uses_count').notNull().default(0),
    /** One use per shopper (the default), or any number of the shopper's payments. */
    oncePerShopper: boolean('once_per_shopper').notNull().default(true),
    /** An inactive code is refused like an unknown one is not: with its own message. */
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('promo_codes_percentage_range', sql`${t.extraTokensPercentage} > 0 and ${t.extraTokensPercentage} <= 1000`),
    check('promo_codes_uses_range', sql`${t.maxUses} is null or ${t.usesCount} <= ${t.maxUses}`),
  ],
);

/**
 * A user's use of a code: reserved when applied to a payment, redeemed when that payment succeeds,
 * released when that payment is cancelled (docs/rules/tokens.md). One per payment intent; one held
 * or redeemed per user and code when the code is once-per-shopper.
 */
export const promoRedemptions = pgTable(
  'promo_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    promoCodeId: uuid('promo_code_id')
      .notNull()
      .references(() => promoCodes.id),
    userId: uuid('user_id').notNull(),
    paymentIntentId: text('payment_intent_id').notNull(),
    status: text('status').$type<'reserved' | 'redeemed' | 'released'>().notNull(),
    reservedUntil: timestamp('reserved_until', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
  },
  (t) => [
    // Once-per-shopper is held by the lock on the code row while applying (applications of a code take turns).
    index('promo_redemptions_code_user_idx').on(t.promoCodeId, t.userId),
    uniqueIndex('promo_redemptions_intent_uq').on(t.paymentIntentId),
  ],
);
