import crypto from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { TestGatewayConfirmRequest } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import { HttpError, badRequest, notFound } from '../../core/http-errors.ts';
import { getOrCreateSetting } from '../../core/settings.ts';
import type { GatewayEvent, GatewayIntent, PaymentGateway, RefundRequest } from './gateway.ts';
import { WebhookSignatureError, normalizeStripeEvent } from './gateway.ts';
import { testGatewayIntents, testGatewayRefunds } from './tables.ts';

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
export function checkCard(input: Pick<TestGatewayConfirmRequest, 'cardNumber' | 'expiry' | 'cvc'>, now: Date): CardOutcome {
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
  private deliver: WebhookDelivery | undefined;

  constructor(private readonly ctx: AppContext) {}

  /** Connects the webhook handler events are delivered to. */
  connect(deliver: WebhookDelivery): void {
    this.deliver = deliver;
  }

  /** The per-install signing secret, made on first use and shared by every instance. */
  private webhookSecret(): Promise<string> {
    this.secret ??= getOrCreateSetting(this.ctx.db, 'test_gateway_webhook_secret', () => `whsec_${crypto.randomBytes(24).toString('hex')}`);
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
    return { id: row.id, clientSecret: row.clientSecret, status: row.status, amount: row.amount, currency: row.currency, metadata: row.metadata };
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
      const [row] = await tx.select().from(testGatewayIntents).where(eq(testGatewayIntents.id, paymentIntentId)).for('update');
      if (!row) throw notFound(`No such payment_intent: '${paymentIntentId}'`);
      if (request.idempotencyKey) {
        const [earlier] = await tx.select().from(testGatewayRefunds).where(eq(testGatewayRefunds.idempotencyKey, request.idempotencyKey));
        if (earlier) {
          if (earlier.paymentIntentId !== row.id || (request.amountCents !== undefined && request.amountCents !== earlier.amount)) {
            throw badRequest('Keys for idempotent requests can only be used with the same parameters they were first used with.');
          }
          return { intent: row, refund: earlier };
        }
      }
      if (row.status !== 'succeeded') throw badRequest('This PaymentIntent does not have a successful charge to refund.');
      const amount = request.amountCents ?? row.amount - row.amountRefunded;
      if (amount <= 0 || row.amountRefunded + amount > row.amount) throw badRequest('Refund amount is greater than the charge amount.');
      const [made] = await tx
        .insert(testGatewayRefunds)
        .values({ id: randomId('re_test_'), paymentIntentId: row.id, amount, idempotencyKey: request.idempotencyKey ?? null, createdAt: this.ctx.clock.now() })
        .returning();
      const [updated] = await tx
        .update(testGatewayIntents)
        .set({ amountRefunded: row.amountRefunded + amount })
        .where(eq(testGatewayIntents.id, row.id))
        .returning();
      return { intent: updated!, refund: made! };
    });
    await this.emit('charge.refunded', {
      id: randomId('ch_test_'),
      object: 'charge',
      amount: intent.amount,
      amount_refunded: intent.amountRefunded,
      currency: intent.currency,
      payment_intent: intent.id,
      refunded: intent.amountRefunded >= intent.amount,
      metadata: intent.metadata,
    });
    return { id: refund.id, status: 'succeeded' };
  }

  /** The refunds made on an intent (what a test would look up in Stripe's dashboard). */
  async refundsOf(paymentIntentId: string): Promise<{ id: string; amount: number; idempotencyKey: string | null }[]> {
    return this.ctx.db
      .select({ id: testGatewayRefunds.id, amount: testGatewayRefunds.amount, idempotencyKey: testGatewayRefunds.idempotencyKey })
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
        throw badRequest('You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.');
      }
      if (row!.status === 'canceled') throw badRequest('This PaymentIntent has been canceled.');
      const [updated] = await tx
        .update(testGatewayIntents)
        .set(outcome.ok ? { status: 'succeeded', lastError: null } : { lastError: outcome.message })
        .where(eq(testGatewayIntents.id, row!.id))
        .returning();
      return updated!;
    });
    const object = {
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
    };
    await this.emit(outcome.ok ? 'payment_intent.succeeded' : 'payment_intent.payment_failed', object);
    if (!outcome.ok) throw new HttpError(402, outcome.message, { code: 'card_declined', declineCode: outcome.declineCode });
    return { paymentIntentId: intent.id, status: 'succeeded' };
  }

  /** Builds a Stripe-format event, signs it like Stripe does and delivers it to the shop's handler. */
  async signedEvent(type: string, object: Record<string, unknown>): Promise<{ rawBody: string; signatureHeader: string }> {
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
    const signatureHeader = Stripe.webhooks.generateTestHeaderString({ payload: rawBody, secret: await this.webhookSecret() });
    return { rawBody, signatureHeader };
  }

  /**
   * Delivers an event. Like Stripe, a failed delivery does not undo what happened at the gateway
   * (the card was charged): it is retried a few times later, and the event id keeps it from counting twice.
   */
  private async emit(type: string, object: Record<string, unknown>): Promise<void> {
    const deliver = this.deliver;
    if (!deliver) throw new Error('The test gateway has no webhook handler connected');
    const { rawBody, signatureHeader } = await this.signedEvent(type, object);
    const attempt = async (retriesLeft: number, delayMs: number): Promise<void> => {
      try {
        await deliver(rawBody, signatureHeader);
      } catch (error) {
        this.ctx.log.error({ err: error, type }, 'test gateway: webhook delivery failed');
        if (retriesLeft > 0) setTimeout(() => void attempt(retriesLeft - 1, delayMs * 5), delayMs).unref();
      }
    };
    await attempt(3, 1000);
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
