import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { PaymentGatewayKind, PaymentStatus } from '@kujiya/shared';

/**
 * Every payment intent the shop created, whatever it pays for (`purpose`: token purchase, ticket
 * order, shipping ...). `status` follows the machine in `status-machine.ts` and changes only when a
 * verified webhook event is processed.
 */
export const paymentIntents = pgTable(
  'payment_intents',
  {
    /** The gateway's intent id (pi_...). */
    id: text('id').primaryKey(),
    gateway: text('gateway').$type<PaymentGatewayKind>().notNull(),
    purpose: text('purpose').notNull(),
    /** The shopper paying (accounts owns users; no foreign key across modules). */
    userId: uuid('user_id').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<PaymentStatus>().notNull(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /** When the payment succeeded, and when it was refunded: the dashboard's card revenue (docs/rules/back-office.md). */
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    index('payment_intents_user_idx').on(t.userId),
    index('payment_intents_succeeded_idx').on(t.succeededAt),
    index('payment_intents_refunded_idx').on(t.refundedAt),
  ],
);

/**
 * Processed gateway events, one row per event id, written in the same transaction as the event's
 * effect: a replayed event finds its row and changes nothing.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    paymentIntentId: text('payment_intent_id'),
    /** applied | ignored (out of order, unknown intent, or a type the shop does not act on). */
    outcome: text('outcome').$type<'applied' | 'ignored'>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('payment_events_intent_idx').on(t.paymentIntentId)],
);

/**
 * The test gateway's own records: what Stripe would hold on its side (intents, their client
 * secrets, attempts). The shop's tables never read these; only the test gateway does.
 */
export const testGatewayIntents = pgTable('test_gateway_intents', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull().unique(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
  /** Stripe's statuses: requires_payment_method | succeeded | canceled. */
  status: text('status').notNull(),
  lastError: text('last_error'),
  amountRefunded: integer('amount_refunded').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/**
 * The test gateway's refunds. A request repeating an `idempotency_key` is answered with the refund
 * it made the first time and refunds nothing more (as Stripe does).
 */
export const testGatewayRefunds = pgTable(
  'test_gateway_refunds',
  {
    id: text('id').primaryKey(),
    paymentIntentId: text('payment_intent_id').notNull(),
    amount: integer('amount').notNull(),
    idempotencyKey: text('idempotency_key').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('test_gateway_refunds_intent_idx').on(t.paymentIntentId)],
);

/**
 * The test gateway's outgoing events (like Stripe's own event store): written in the same
 * transaction as the charge or refund they report, delivered after commit and again by the
 * delivery job until the shop has taken them, so a crash between charge and credit loses nothing.
 */
export const testGatewayEvents = pgTable(
  'test_gateway_events',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    /** The Stripe-format event (id, type, data), signed afresh at each delivery. */
    event: jsonb('event').$type<Record<string, unknown>>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('test_gateway_events_pending_idx').on(t.deliveredAt, t.nextAttemptAt)],
);
