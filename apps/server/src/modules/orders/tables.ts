import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * One purchase of tickets of a round (docs/rules/buying.md). Token orders are paid when created; card
 * orders start `pending` with a reservation and are settled by the payment's webhook. Prizes are
 * decided once, when the order is paid (docs/rules/fairness.md); the draw page only reveals them.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    username: text('username').notNull(),
    /** The round (setId) and its product, with the product's name and image as bought. */
    roundId: uuid('round_id').notNull(),
    productId: uuid('product_id').notNull(),
    productName: text('product_name').notNull(),
    productImage: text('product_image').notNull(),
    sku: text('sku').notNull(),
    preorder: boolean('preorder').notNull(),
    paymentMethod: text('payment_method', { enum: ['token', 'card'] }).notNull(),
    /** Tickets paid for (the shopper's ticketsBought). */
    paidTickets: integer('paid_tickets').notNull(),
    /** Tickets received: paid + free (Buy-X-Get-Y); for a Challenge, the tickets actually drawn. */
    numberOfTickets: integer('number_of_tickets').notNull(),
    /** Cents for card orders, tokens for token orders. */
    totalCost: integer('total_cost').notNull(),
    /** 'TOKEN' for token orders, the gateway's intent id for card orders. */
    paymentIntentId: text('payment_intent_id').notNull(),
    /** pending → paid | refund_pending → refunding → refunded; canceled when the card payment is canceled. */
    status: text('status', {
      enum: ['pending', 'paid', 'refund_pending', 'refunding', 'refunded', 'canceled'],
    }).notNull(),
    /** When a refund job last claimed the order (status refunding); a claim older than a few minutes was abandoned. */
    refundClaimedAt: timestamp('refund_claimed_at', { withTimezone: true }),
    buyOut: boolean('buy_out').notNull().default(false),
    clientSeed: text('client_seed').notNull(),
    reservationId: uuid('reservation_id'),
    reservationExpiresAt: timestamp('reservation_expires_at', { withTimezone: true }),
    /** Prize ranks won: letters in nonce order, then LAST. Lottery sets: filled at sell-out. */
    selectedPrizes: jsonb('selected_prizes').$type<string[]>().notNull().default([]),
    /** Double-chance prizes won at sell-out (ranks DC1, ...). */
    doubleChancePrizes: jsonb('double_chance_prizes').$type<string[]>().notNull().default([]),
    challengeAlphabet: text('challenge_alphabet'),
    challengeWon: boolean('challenge_won').notNull().default(false),
    challengeRemainingTickets: integer('challenge_remaining_tickets').notNull().default(0),
    /** Tokens credited back for undrawn challenge tickets. */
    refundedTokens: integer('refunded_tokens').notNull().default(0),
    lotteryEnabled: boolean('lottery_enabled').notNull(),
    /** Lottery sets: null while waiting for the sell-out, then whether any prize was won. */
    lotteryWon: boolean('lottery_won'),
    /** When the prizes were decided (paid), and when the shopper first revealed them. */
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    revealedAt: timestamp('revealed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Order date + 14 days for in-stock sets; null for pre-orders (docs/rules/fulfilment.md). */
    shipByDate: timestamp('ship_by_date', { withTimezone: true }),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_round_idx').on(t.roundId),
    index('orders_intent_idx').on(t.paymentIntentId),
    index('orders_status_idx').on(t.status),
    // The back office's dashboard windows and charts: paid orders by payment time.
    index('orders_paid_idx').on(t.status, t.paidAt),
    index('orders_created_idx').on(t.createdAt),
    check('orders_tickets_positive', sql`${t.paidTickets} > 0 and ${t.numberOfTickets} >= 0`),
  ],
);
