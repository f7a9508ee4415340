import crypto from 'node:crypto';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import type { TestGatewayConfirmRequest } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import { HttpError, badRequest, notFound } from '../../core/http-errors.ts';
import { getOrCreateSetting } from '../../core/settings.ts';
import type { CancellationReason, GatewayEvent, GatewayIntent, PaymentGateway, RefundRequest } from './gateway.ts';
import { WebhookSignatureError, normalizeStripeEvent } from './gateway.ts';
import { testGatewayEvents, testGatewayIntents, testGatewayRefunds } from './tables.ts';
import type { Tx } from '../../db/database.ts';
import { MINUTE } from '../../core/clock.ts';

/** Hands a signed event to the shop's webhook handler (the same one POST /api/payment/webhook uses). */
export type WebhookDelivery = (rawBody: string, signatureHeader: string) => Promise<unknown>;

/** How the test gateway answers a card, after Stripe's test cards. */
type CardOutcome = { ok: true } | { ok: false; message: string; declineCode: string };

const CARD_OUTCOMES: Record<string, CardOutcome> = {
  '4242424242424242': { ok: true },
  '5555555555554444': { ok: true },
  '4000000000000002': { ok: false, message: 'Your card was declined.', declineCode: 'generic_decline' },
  '4000000000009995': { ok: false, message: 'Your card has insufficient funds.', declineCode: 'insufficient_funds' },
};

function luhnValid(digits: string): boolean {
  let total = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    total += d;
  }
  return total % 10 === 0;
}

/** Checks the card fields as Stripe's card form would; a bad field is a 400 with Stripe's wording. */
export function checkCard(
  input: Pick<TestGatewayConfirmRequest, 'cardNumber' | 'expiry' | 'cvc'>,
  now: Date,
): CardOutcome {
  const digits = input.cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) throw badRequest('Your card number is invalid.');
  const expiry = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(input.expiry.trim());
  const month = expiry ? Number(expiry[1]) : 0;
  if (!expiry || month < 1 || month > 12) throw badRequest("Your card's expiration date is invalid.");
  const year = expiry[2]!.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  // A card is valid through the last day of its expiry month.
  if (Date.UTC(year, month, 1) <= now.getTime()) throw badRequest("Your card's expiration year is in the past.");
  if (!/^\d{3,4}$/.test(input.cvc.trim())) throw badRequest("Your card's security code is invalid.");
  return (
    CARD_OUTCOMES[digits] ?? {
      ok: false,
      message: 'Your card was declined. Your request was in test mode, but used a non test card.',
      declineCode: 'test_mode_live_card',
    }
  );
}

/** An event not delivered right away is tried again by the delivery job after this (then backing off). */
export const EVENT_REDELIVERY_MS = 10_000;
const redeliveryDelay = (attempts: number) =>
  Math.min(EVENT_REDELIVERY_MS * 2 ** Math.max(0, attempts - 1), 30 * MINUTE);

const toIntent = (row: typeof testGatewayIntents.$inferSelect): GatewayIntent => ({
  id: row.id,
  clientSecret: row.clientSecret,
  status: row.status,
  amount: row.amount,
  currency: row.currency,
  metadata: row.metadata,
});

const randomId = (prefix: string) => `${prefix}${crypto.randomBytes(12).toString('hex')}`;

/**
 * The built-in test gateway: a named test double of Stripe that runs inside the shop. It keeps its
 * own intents, takes the card from the browser at POST /api/test-gateway/confirm, decides by
 * Stripe's test cards, and reports the result as a Stripe-format event signed with a per-install
 * secret, delivered to the same webhook handler Stripe's events go through.
 */
export class TestGateway implements PaymentGateway {
  readonly kind = 'test' as const;
  readonly publishableKey = null;
  private secret: Promise<string> | undefined;
  private deliverTo: WebhookDelivery | undefined;

  constructor(private readonly ctx: AppContext) {}

  /** Connects the webhook handler events are delivered to. */
  connect(deliver: WebhookDelivery): void {
    this.deliverTo = deliver;
  }

  /** The per-install signing secret, made on first use and shared by every instance. */
  private webhookSecret(): Promise<string> {
    this.secret ??= getOrCreateSetting(
      this.ctx.db,
      'test_gateway_webhook_secret',
      () => `whsec_${crypto.randomBytes(24).toString('hex')}`,
    );
    return this.secret;
  }

  async createIntent(amountCents: number, currency: 'sgd', metadata: Record<string, string>): Promise<GatewayIntent> {
    if (!Number.isSafeInteger(amountCents) || amountCents < 50) throw badRequest('Amount must be at least $0.50');
    const id = randomId('pi_test_');
    const row = {
      id,
      clientSecret: `${id}_secret_${crypto.randomBytes(16).toString('hex')}`,
      amount: amountCents,
      currency,
      metadata,
      status: 'requires_payment_method',
      createdAt: this.ctx.clock.now(),
    };
    await this.ctx.db.insert(testGatewayIntents).values(row);
    return { id, clientSecret: row.clientSecret, status: row.status, amount: row.amount, currency, metadata };
  }

  async retrieve(paymentIntentId: string): Promise<GatewayIntent> {
    const [row] = await this.ctx.db.select().from(testGatewayIntents).where(eq(testGatewayIntents.id, paymentIntentId));
    if (!row) throw notFound(`No such payment_intent: '${paymentIntentId}'`);
    return toIntent(row);
  }

  /**
   * Cancels an unpaid intent (a later confirmation answers 'This PaymentIntent has been canceled.')
   * and reports it with a `payment_intent.canceled` event. A paid or already canceled intent is
   * left as it is, as Stripe does; the answer says which.
   */
  async cancel(paymentIntentId: string, reason: CancellationReason): Promise<GatewayIntent> {
    const { intent, seq } = await this.ctx.db.transaction(async (tx) => {
      // The same row lock as a confirmation: a cancel and a payment of one intent take turns.
      const [row] = await tx
        .select()
        .from(testGatewayIntents)
        .where(eq(testGatewayIntents.id, paymentIntentId))
        .for('update');
      if (!row) throw notFound(`No such payment_intent: '${paymentIntentId}'`);
      if (row.status !== 'requires_payment_method') return { intent: row, seq: null };
      const [updated] = await tx
        .update(testGatewayIntents)
        .set({ status: 'canceled' })
        .where(eq(testGatewayIntents.id, row.id))
        .returning();
      const seq = await this.record(tx, 'payment_intent.canceled', {
        id: row.id,
        object: 'payment_intent',
        amount: row.amount,
        currency: row.currency,
        metadata: row.metadata,
        status: 'canceled',
        cancellation_reason: reason,
        last_payment_error: null,
      });
      return { intent: updated!, seq };
    });
    if (seq !== null) await this.deliver(seq);
    return toIntent(intent);
  }

  /**
   * Refunds a succeeded charge (what is left of it, or `amountCents`) and reports it with a
   * `charge.refunded` event. A repeated `idempotencyKey` answers the first refund and refunds nothing
   * more. Its event is delivered again: Stripe would keep redelivering an event the shop missed (say,
   * it crashed right after the refund); here delivery lives in the shop's process, so a repeat does
   * it. The shop ignores an event for an intent already refunded.
   */
  async refund(paymentIntentId: string, request: RefundRequest = {}): Promise<{ id: string; status: string }> {
    const { intent, refund } = await this.ctx.db.transaction(async (tx) => {
      // The intent's row lock makes refunds of one intent, and repeats of one key, take turns.
      const [row] = await tx
        .select()
        .from(testGatewayIntents)
        .where(eq(testGatewayIntents.id, paymentIntentId))
        .for('update');
      if (!row) throw notFound(`No such payment_intent: '${paymentIntentId}'`);
      if (request.idempotencyKey) {
        const [earlier] = await tx
          .select()
          .from(testGatewayRefunds)
          .where(eq(testGatewayRefunds.idempotencyKey, request.idempotencyKey));
        if (earlier) {
          if (
            earlier.paymentIntentId !== row.id ||
            (request.amountCents !== undefined && request.amountCents !== earlier.amount)
          ) {
            throw badRequest(
              'Keys for idempotent requests can only be used with the same parameters they were first used with.',
            );
          }
          return { intent: row, refund: earlier };
        }
      }
      if (row.status !== 'succeeded')
        throw badRequest('This PaymentIntent does not have a successful charge to refund.');
      const amount = request.amountCents ?? row.amount - row.amountRefunded;
      if (amount <= 0 || row.amountRefunded + amount > row.amount)
        throw badRequest('Refund amount is greater than the charge amount.');
      const [made] = await tx
        .insert(testGatewayRefunds)
        .values({
          id: randomId('re_test_'),
          paymentIntentId: row.id,
          amount,
          idempotencyKey: request.idempotencyKey ?? null,
          createdAt: this.ctx.clock.now(),
        })
        .returning();
      const [updated] = await tx
        .update(testGatewayIntents)
        .set({ amountRefunded: row.amountRefunded + amount })
        .where(eq(testGatewayIntents.id, row.id))
        .returning();
      return { intent: updated!, refund: made! };
    });
    // A repeat (same key) reports the refund again: the shop may have missed the first report.
    const seq = await this.ctx.db.transaction((tx) =>
      this.record(tx, 'charge.refunded', {
        id: randomId('ch_test_'),
        object: 'charge',
        amount: intent.amount,
        amount_refunded: intent.amountRefunded,
        currency: intent.currency,
        payment_intent: intent.id,
        refunded: intent.amountRefunded >= intent.amount,
        metadata: intent.metadata,
      }),
    );
    await this.deliver(seq);
    return { id: refund.id, status: 'succeeded' };
  }

  /** The refunds made on an intent (what a test would look up in Stripe's dashboard). */
  async refundsOf(paymentIntentId: string): Promise<{ id: string; amount: number; idempotencyKey: string | null }[]> {
    return this.ctx.db
      .select({
        id: testGatewayRefunds.id,
        amount: testGatewayRefunds.amount,
        idempotencyKey: testGatewayRefunds.idempotencyKey,
      })
      .from(testGatewayRefunds)
      .where(eq(testGatewayRefunds.paymentIntentId, paymentIntentId))
      .orderBy(asc(testGatewayRefunds.createdAt), asc(testGatewayRefunds.id));
  }

  /**
   * The browser's card confirmation. Answers the intent's new status, or a 402 with the decline
   * message (as Stripe.js reports `error.message`); the shop learns the outcome only from the event.
   */
  async confirm(input: TestGatewayConfirmRequest): Promise<{ paymentIntentId: string; status: 'succeeded' }> {
    const now = this.ctx.clock.now();
    const [found] = await this.ctx.db
      .select()
      .from(testGatewayIntents)
      .where(eq(testGatewayIntents.clientSecret, input.clientSecret));
    if (!found) throw notFound('No such payment_intent.');
    const outcome = checkCard(input, now);
    const intent = await this.ctx.db.transaction(async (tx) => {
      // The row lock makes two confirmations of one intent take turns: only one can succeed.
      const [row] = await tx.select().from(testGatewayIntents).where(eq(testGatewayIntents.id, found.id)).for('update');
      if (row!.status === 'succeeded') {
        throw badRequest(
          'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
        );
      }
      if (row!.status === 'canceled') throw badRequest('This PaymentIntent has been canceled.');
      const [updated] = await tx
        .update(testGatewayIntents)
        .set(outcome.ok ? { status: 'succeeded', lastError: null } : { lastError: outcome.message })
        .where(eq(testGatewayIntents.id, row!.id))
        .returning();
      const intent = updated!;
      // The charge and its event commit together: once the card is charged, the event exists.
      const seq = await this.record(tx, outcome.ok ? 'payment_intent.succeeded' : 'payment_intent.payment_failed', {
        id: intent.id,
        object: 'payment_intent',
        amount: intent.amount,
        amount_received: outcome.ok ? intent.amount : 0,
        currency: intent.currency,
        metadata: intent.metadata,
        status: intent.status,
        last_payment_error: outcome.ok
          ? null
          : { type: 'card_error', code: 'card_declined', decline_code: outcome.declineCode, message: outcome.message },
      });
      return { ...intent, seq };
    });
    // Fault injection for the crash test (never in production): die between the charge and its delivery.
    if (process.env.TEST_GATEWAY_FAULT === 'crash-before-delivery' && this.ctx.config.env !== 'production') {
      process.kill(process.pid, 'SIGKILL');
    }
    await this.deliver(intent.seq);
    if (!outcome.ok)
      throw new HttpError(402, outcome.message, { code: 'card_declined', declineCode: outcome.declineCode });
    return { paymentIntentId: intent.id, status: 'succeeded' };
  }

  /** Builds a Stripe-format event, signs it like Stripe does and delivers it to the shop's handler. */
  async signedEvent(
    type: string,
    object: Record<string, unknown>,
  ): Promise<{ rawBody: string; signatureHeader: string }> {
    const event = {
      id: randomId('evt_test_'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      // Transport time (like Stripe's own signatures), not the shop's clock.
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      type,
      data: { object },
    };
    const rawBody = JSON.stringify(event);
    const signatureHeader = Stripe.webhooks.generateTestHeaderString({
      payload: rawBody,
      secret: await this.webhookSecret(),
    });
    return { rawBody, signatureHeader };
  }

  /** Stores a Stripe-format event in the caller's transaction; returns its sequence number. */
  private async record(tx: Tx, type: string, object: Record<string, unknown>): Promise<number> {
    const now = this.ctx.clock.now();
    const event = {
      id: randomId('evt_test_'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      type,
      data: { object },
    };
    const [row] = await tx
      .insert(testGatewayEvents)
      .values({ event, nextAttemptAt: new Date(now.getTime() + EVENT_REDELIVERY_MS), createdAt: now })
      .returning({ seq: testGatewayEvents.seq });
    return row!.seq;
  }

  /**
   * Delivers one stored event to the shop's webhook handler, signed now. Like Stripe, a failed
   * delivery does not undo what happened at the gateway: the delivery job tries again later, and
   * the event id keeps it from counting twice.
   */
  private async deliver(seq: number): Promise<boolean> {
    const deliver = this.deliverTo;
    if (!deliver) throw new Error('The test gateway has no webhook handler connected');
    const [row] = await this.ctx.db.select().from(testGatewayEvents).where(eq(testGatewayEvents.seq, seq));
    if (!row || row.deliveredAt) return true;
    const rawBody = JSON.stringify(row.event);
    const signatureHeader = Stripe.webhooks.generateTestHeaderString({
      payload: rawBody,
      secret: await this.webhookSecret(),
    });
    try {
      await deliver(rawBody, signatureHeader);
    } catch (error) {
      const attempts = row.attempts + 1;
      this.ctx.log.error(
        { err: error, type: (row.event as { type?: string }).type, attempts },
        'test gateway: webhook delivery failed; will retry',
      );
      await this.ctx.db
        .update(testGatewayEvents)
        .set({ attempts, nextAttemptAt: new Date(this.ctx.clock.now().getTime() + redeliveryDelay(attempts)) })
        .where(eq(testGatewayEvents.seq, seq));
      return false;
    }
    await this.ctx.db
      .update(testGatewayEvents)
      .set({ deliveredAt: this.ctx.clock.now() })
      .where(eq(testGatewayEvents.seq, seq));
    return true;
  }

  /**
   * The delivery job: every stored event not yet taken by the shop and due. Rows are claimed with
   * SKIP LOCKED (moving their next try past the claim), so instances never deliver one at once.
   */
  async deliverPending(limit = 50): Promise<{ delivered: number; failed: number }> {
    const now = this.ctx.clock.now();
    const due = and(isNull(testGatewayEvents.deliveredAt), lte(testGatewayEvents.nextAttemptAt, now));
    const claimed = await this.ctx.db
      .update(testGatewayEvents)
      .set({ nextAttemptAt: new Date(now.getTime() + EVENT_REDELIVERY_MS) })
      .where(
        and(
          inArray(
            testGatewayEvents.seq,
            this.ctx.db
              .select({ seq: testGatewayEvents.seq })
              .from(testGatewayEvents)
              .where(due)
              .orderBy(asc(testGatewayEvents.seq))
              .limit(limit)
              .for('update', { skipLocked: true }),
          ),
          due,
        ),
      )
      .returning({ seq: testGatewayEvents.seq });
    let delivered = 0;
    for (const { seq } of claimed.sort((a, b) => a.seq - b.seq)) if (await this.deliver(seq)) delivered++;
    return { delivered, failed: claimed.length - delivered };
  }

  /** Events stored but not yet taken by the shop (tests, monitoring). */
  async undeliveredCount(): Promise<number> {
    const [row] = await this.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(testGatewayEvents)
      .where(isNull(testGatewayEvents.deliveredAt));
    return Number(row?.n ?? 0);
  }

  async parseWebhookEvent(rawBody: Buffer | string, signatureHeader: string | undefined): Promise<GatewayEvent> {
    if (!signatureHeader) throw new WebhookSignatureError('Missing Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = Stripe.webhooks.constructEvent(rawBody, signatureHeader, await this.webhookSecret());
    } catch (error) {
      throw new WebhookSignatureError((error as Error).message);
    }
    return normalizeStripeEvent(event);
  }
}
