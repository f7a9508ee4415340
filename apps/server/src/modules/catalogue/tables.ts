import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
  index,
} from 'drizzle-orm/pg-core';

/** A set's promotion (docs/rules/catalogue.md): the columns of the type in use are filled, the others null. */
export const promotions = pgTable('promotions', {
  id: uuid('id').primaryKey(),
  type: text('type', { enum: ['BUY_X_GET_Y_FREE', 'CHALLENGE'] }).notNull(),
  description: text('description').notNull(),
  requiredQuantity: integer('required_quantity'),
  freeQuantity: integer('free_quantity'),
  minimumQuantity: integer('minimum_quantity'),
  challengeAlphabet: text('challenge_alphabet'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/**
 * A listing with a stable id. Its ticket pool lives in the current set round; favourites, prizes
 * and artwork belong to the product and survive reloads.
 */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    /** The set's description, edited in the back office (empty until written). */
    description: text('description').notNull().default(''),
    image: text('image').notNull(),
    tokenPrice: integer('token_price').notNull(),
    priceCents: integer('price_cents').notNull(),
    tags: text('tags').array().notNull(),
    preorder: boolean('preorder').notNull(),
    arrival: text('arrival'),
    doubleChance: boolean('double_chance').notNull(),
    lotteryEnabled: boolean('lottery_enabled').notNull(),
    promotionId: uuid('promotion_id').references(() => promotions.id),
    active: boolean('active').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The open (or sold-out) round shoppers see; set right after the first round is created. */
    currentRoundId: uuid('current_round_id'),
    /** Drop-day limits (docs/rules/drops.md): tickets per shopper per round (every payment path), per order, and the wait between a shopper's orders. */
    maxTicketsPerShopper: integer('max_tickets_per_shopper'),
    maxTicketsPerOrder: integer('max_tickets_per_order'),
    orderCooldownSeconds: integer('order_cooldown_seconds'),
  },
  (t) => [check('products_prices_positive', sql`${t.tokenPrice} > 0 and ${t.priceCents} > 0`)],
);

/**
 * A product's prizes. `letter` is 'A'..'Z' for letter prizes (one ticket each), 'LAST' for the
 * Last Prize (not a ticket; goes to the final ticket's order) and 'DC1', 'DC2', ... for
 * double-chance prizes (drawn among all tickets at sell-out).
 */
export const prizes = pgTable(
  'prizes',
  {
    id: uuid('id').primaryKey(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    letter: text('letter').notNull(),
    kind: text('kind', { enum: ['letter', 'last', 'double'] }).notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    image: text('image').notNull(),
    type: text('type', { enum: ['Small', 'Big'] }).notNull(),
    itemType: text('item_type').notNull().default('kuji'),
    initialQuantity: integer('initial_quantity').notNull(),
    sort: integer('sort').notNull(),
    /** A double-chance prize the back office removed: kept for past rounds, left out of new ones. */
    retired: boolean('retired').notNull().default(false),
  },
  (t) => [
    unique('prizes_product_letter').on(t.productId, t.letter),
    check('prizes_initial_positive', sql`${t.initialQuantity} > 0`),
  ],
);

/** One ticket pool of a product (docs/rules/catalogue.md): its own setId, SKU, fairness seed and prize counts. */
export const setRounds = pgTable(
  'set_rounds',
  {
    id: uuid('id').primaryKey(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    sku: text('sku').notNull().unique(),
    roundNumber: integer('round_number').notNull(),
    status: text('status', { enum: ['open', 'sold_out', 'closed'] }).notNull(),
    /** Secret until `seedRevealedAt`; never part of a public answer before that. */
    serverSeed: text('server_seed').notNull(),
    commitment: text('commitment').notNull(),
    seedRevealedAt: timestamp('seed_revealed_at', { withTimezone: true }),
    totalTickets: integer('total_tickets').notNull(),
    /** The round-wide nonce the next drawn ticket gets (docs/rules/fairness.md). */
    nextNonce: integer('next_nonce').notNull().default(0),
    /** A card buy-out's hold (docs/rules/buying.md): other purchases answer 423 until then. */
    holdUntil: timestamp('hold_until', { withTimezone: true }),
    holdOrderId: uuid('hold_order_id'),
    lotteryCompleted: boolean('lottery_completed').notNull().default(false),
    /**
     * The rules document committed when the round opened and its SHA-256 (docs/rules/fairness.md);
     * null only for rounds opened before the chained log.
     */
    rulesDocument: text('rules_document'),
    rulesHash: text('rules_hash'),
    /** The chained log's head: the last entry's hash (rulesHash before the first draw), moved under the round lock. */
    headHash: text('head_hash'),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    /** A scheduled opening (docs/rules/drops.md): nothing of the round sells before it; null sells at once. */
    salesStartAt: timestamp('sales_start_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    unique('set_rounds_product_round').on(t.productId, t.roundNumber),
    index('set_rounds_product_idx').on(t.productId),
    check('set_rounds_total_positive', sql`${t.totalTickets} > 0`),
  ],
);

/** Each prize's count in a round; `remainingQuantity` never goes below 0. */
export const roundPrizes = pgTable(
  'round_prizes',
  {
    roundId: uuid('round_id')
      .notNull()
      .references(() => setRounds.id),
    prizeId: uuid('prize_id')
      .notNull()
      .references(() => prizes.id),
    initialQuantity: integer('initial_quantity').notNull(),
    remainingQuantity: integer('remaining_quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.roundId, t.prizeId] }),
    check(
      'round_prizes_remaining_range',
      sql`${t.remainingQuantity} >= 0 and ${t.remainingQuantity} <= ${t.initialQuantity}`,
    ),
  ],
);
