import crypto from 'node:crypto';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import type { AppContext } from '../../core/context.ts';
import { getOrCreateSetting } from '../../core/settings.ts';
import type { GatewayEvent } from './gateway.ts';
import { WebhookSignatureError, normalizeStripeEvent } from './gateway.ts';
import { testGatewayEvents } from './tables.ts';
import type { Tx } from '../../db/database.ts';
import { MINUTE } from '../../core/clock.ts';

/** Hands a signed event to the shop's webhook handler (the same one POST /api/payment/webhook uses). */
export type WebhookDelivery = (rawBody: string, signatureHeader: string) => Promise<unknown>;

/** An event not delivered right away is tried again by the delivery job after this (then backing off). */
export const EVENT_REDELIVERY_MS = 10_000;
const redeliveryDelay = (attempts: number) =>
  Math.min(EVENT_REDELIVERY_MS * 2 ** Math.max(0, attempts - 1), 30 * MINUTE);

/** A Stripe-style id with the given prefix (`pi_test_`, `re_test_`, `evt_test_`, ...). */
export const randomId = (prefix: string) => `${prefix}${crypto.randomBytes(12).toString('hex')}`;

/** A Stripe-format event around one object. */
const stripeEvent = (type: string, object: Record<string, unknown>) => ({
  id: randomId('evt_test_'),
  object: 'event',
  api_version: Stripe.API_VERSION,
  // Transport time (like Stripe's own signatures), not the shop's clock.
  created: Math.floor(Date.now() / 1000),
  livemode: false,
  type,
  data: { object },
});

/**
 * The test gateway's events: stored with what they report, signed with a per-install secret like
 * Stripe's, and delivered to the shop's webhook handler (again later by the delivery job when a
 * delivery fails).
 */
export class TestGatewayEvents {
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

  /** The Stripe-Signature header of a body, signed now. */
  private async sign(rawBody: string): Promise<string> {
    return Stripe.webhooks.generateTestHeaderString({ payload: rawBody, secret: await this.webhookSecret() });
  }

  /** Builds a Stripe-format event, signs it like Stripe does and delivers it to the shop's handler. */
  async signedEvent(
    type: string,
    object: Record<string, unknown>,
  ): Promise<{ rawBody: string; signatureHeader: string }> {
    const rawBody = JSON.stringify(stripeEvent(type, object));
    return { rawBody, signatureHeader: await this.sign(rawBody) };
  }

  /** Stores a Stripe-format event in the caller's transaction; returns its sequence number. */
  async record(tx: Tx, type: string, object: Record<string, unknown>): Promise<number> {
    const now = this.ctx.clock.now();
    const [row] = await tx
      .insert(testGatewayEvents)
      .values({
        event: stripeEvent(type, object),
        nextAttemptAt: new Date(now.getTime() + EVENT_REDELIVERY_MS),
        createdAt: now,
      })
      .returning({ seq: testGatewayEvents.seq });
    return row!.seq;
  }

  /**
   * Delivers one stored event to the shop's webhook handler, signed now. Like Stripe, a failed
   * delivery does not undo what happened at the gateway: the delivery job tries again later, and
   * the event id keeps it from counting twice.
   */
  async deliver(seq: number): Promise<boolean> {
    const deliver = this.deliverTo;
    if (!deliver) throw new Error('The test gateway has no webhook handler connected');
    const [row] = await this.ctx.db.select().from(testGatewayEvents).where(eq(testGatewayEvents.seq, seq));
    if (!row || row.deliveredAt) return true;
    const rawBody = JSON.stringify(row.event);
    const signatureHeader = await this.sign(rawBody);
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

  /** Checks an event's signature against the per-install secret and reads it. */
  async parse(rawBody: Buffer | string, signatureHeader: string | undefined): Promise<GatewayEvent> {
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
