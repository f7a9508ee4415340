import { and, asc, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import type { PaymentGatewayKind, PaymentStatus, WebhookResult } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { Executor, Tx } from '../../db/database.ts';
import { badRequest, notFound } from '../../core/http-errors.ts';
import type { CancellationReason, GatewayEvent, GatewayIntent, PaymentGateway, RefundRequest } from './gateway.ts';
import { WebhookSignatureError } from './gateway.ts';
import { StripeGateway } from './stripe-gateway.ts';
import { TestGateway } from './test-gateway.ts';
import { paymentEvents, paymentIntents } from './tables.ts';
import { transition } from './status-machine.ts';
import { DAY, MINUTE } from '../../core/clock.ts';

/** A payment still open this long after its creation is asked about at the gateway (reconciliation). */
export const RECONCILE_AFTER_MS = 2 * MINUTE;
/** Payments older than this are no longer reconciled (a card form abandoned for good). */
export const RECONCILE_WITHIN_MS = 2 * DAY;

/** A card payment as other modules see it (amount in cents). */
export interface PaymentIntent {
  /** The gateway's intent id (pi_...). */
  id: string;
  gateway: PaymentGatewayKind;
  purpose: string;
  userId: string;
  amount: number;
  currency: string;
  status: PaymentStatus;
  lastError: string | null;
  createdAt: Date;
  updatedAt: Date;
  succeededAt: Date | null;
  refundedAt: Date | null;
}

/** Card money of one purpose in a window (cents): what succeeded in it, and what was refunded in it. */
export interface CardTakings {
  purpose: string;
  succeededCents: number;
  refundedCents: number;
}

/** A processed gateway event about an intent. */
export interface PaymentEventView {
  id: string;
  type: string;
  outcome: 'applied' | 'ignored';
  receivedAt: Date;
}

/** Runs inside the event's transaction; throwing rolls the whole event back (it can be retried). */
export type PaymentHandler = (tx: Tx, intent: PaymentIntent) => Promise<void>;


/** Stripe when its keys are configured, otherwise the built-in test gateway. */
export function createGateway(ctx: AppContext): PaymentGateway {
  return ctx.config.stripe && ctx.config.payments === 'stripe' ? new StripeGateway(ctx.config.stripe) : new TestGateway(ctx);
}

/**
 * Card payments for every purpose (token purchases now; ticket orders and shipping later). A
 * purpose registers what happens when its intents succeed, fail or are refunded; the status only
 * changes through verified webhook events, each processed exactly once.
 */
export function createPaymentsService(ctx: AppContext, gateway: PaymentGateway = createGateway(ctx)) {
  const handlers = {
    succeeded: new Map<string, PaymentHandler>(),
    failed: new Map<string, PaymentHandler>(),
    canceled: new Map<string, PaymentHandler>(),
    refunded: new Map<string, PaymentHandler>(),
  };
  const register = (kind: keyof typeof handlers) => (purpose: string, handler: PaymentHandler) => {
    if (handlers[kind].has(purpose)) throw new Error(`A ${kind} handler for '${purpose}' is already registered`);
    handlers[kind].set(purpose, handler);
  };

  /** Applies one verified event in one transaction with its dedupe row. */
  async function applyEvent(event: GatewayEvent): Promise<WebhookResult> {
    return ctx.db.transaction(async (tx) => {
      const record = (outcome: 'applied' | 'ignored') =>
        tx
          .insert(paymentEvents)
          .values({ id: event.id, type: event.type, paymentIntentId: event.paymentIntentId, outcome, receivedAt: ctx.clock.now() })
          .onConflictDoNothing()
          .returning({ id: paymentEvents.id });
      // Claim the event id first: a concurrent copy of the same event waits here, then finds it taken.
      const [claimed] = await record('applied');
      if (!claimed) return { received: true, duplicate: true };
      const markIgnored = async (reason: string): Promise<WebhookResult> => {
        await tx.update(paymentEvents).set({ outcome: 'ignored' }).where(eq(paymentEvents.id, event.id));
        return { received: true, ignored: reason };
      };
      if (!event.kind || !event.paymentIntentId) return markIgnored('event type not handled');
      const [intent] = await tx.select().from(paymentIntents).where(eq(paymentIntents.id, event.paymentIntentId)).for('update');
      if (!intent) return markIgnored('unknown payment intent');
      if (event.kind === 'succeeded' && event.amount !== null && event.amount !== intent.amount) {
        ctx.log.error({ eventId: event.id, intentId: intent.id }, 'payment amount does not match the intent');
        return markIgnored('amount mismatch');
      }
      const status = transition(intent.status, event.kind);
      if (!status) return markIgnored(`intent is ${intent.status}`);
      const [updated] = await tx
        .update(paymentIntents)
        .set({
          status,
          lastError: event.kind === 'failed' ? event.failureMessage : intent.lastError,
          updatedAt: ctx.clock.now(),
          // The moments the dashboard's card revenue counts by (docs/rules/back-office.md).
          ...(status === 'succeeded' ? { succeededAt: ctx.clock.now() } : {}),
          ...(status === 'refunded' ? { refundedAt: ctx.clock.now() } : {}),
        })
        .where(eq(paymentIntents.id, intent.id))
        .returning();
      await handlers[event.kind].get(intent.purpose)?.(tx, updated!);
      return { received: true, status };
    });
  }

  /** One pass per moment (succeeded, refunded), each read by its own index. */
  async function takings(from: Date, byDay: boolean): Promise<(CardTakings & { day: string })[]> {
    const moments = [
      { column: paymentIntents.succeededAt, field: 'succeededCents' as const },
      { column: paymentIntents.refundedAt, field: 'refundedCents' as const },
    ];
    const out = new Map<string, CardTakings & { day: string }>();
    for (const { column, field } of moments) {
      const day = sql<string>`to_char(${column} at time zone 'Asia/Singapore', 'YYYY-MM-DD')`;
      const query = ctx.db
        .select({ day: byDay ? day : sql<string>`''`, purpose: paymentIntents.purpose, cents: sql<number>`coalesce(sum(${paymentIntents.amount}), 0)::int` })
        .from(paymentIntents)
        .where(gte(column, from));
      const rows = await (byDay ? query.groupBy(day, paymentIntents.purpose) : query.groupBy(paymentIntents.purpose));
      for (const row of rows) {
        const key = `${row.day}|${row.purpose}`;
        const entry = out.get(key) ?? { day: row.day, purpose: row.purpose, succeededCents: 0, refundedCents: 0 };
        entry[field] += Number(row.cents);
        out.set(key, entry);
      }
    }
    return [...out.values()].sort((a, b) => a.day.localeCompare(b.day) || a.purpose.localeCompare(b.purpose));
  }

  /** Applies a final status the gateway answered (succeeded or canceled) as an event, exactly once; true if it changed the payment. */
  async function applyGatewayStatus(remote: GatewayIntent, source: 'reconcile' | 'cancel'): Promise<boolean> {
    const kind = remote.status === 'succeeded' ? 'succeeded' : remote.status === 'canceled' ? 'canceled' : null;
    if (!kind) return false;
    const id = remote.id;
    const result = await applyEvent({ id: `${source}_${id}_${kind}`, type: `${source}.${kind}`, kind, paymentIntentId: id, amount: remote.amount, failureMessage: null });
    return Boolean(result.status);
  }

  const service = {
    gateway,
    onSucceeded: register('succeeded'),
    onFailed: register('failed'),
    onCanceled: register('canceled'),
    onRefunded: register('refunded'),

    /**
     * Creates an intent at the gateway, then records it (and whatever the caller attaches to it, e.g.
     * its purchase row) in one transaction.
     */
    async createIntent(
      input: { purpose: string; userId: string; amountCents: number; metadata?: Record<string, string> },
      attach?: (tx: Tx, intent: PaymentIntent) => Promise<void>,
    ): Promise<PaymentIntent & { clientSecret: string }> {
      if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) throw badRequest('Invalid payment amount');
      const remote = await gateway.createIntent(input.amountCents, 'sgd', {
        ...input.metadata,
        purpose: input.purpose,
        userId: input.userId,
      });
      const now = ctx.clock.now();
      const intent = await ctx.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(paymentIntents)
          .values({
            id: remote.id,
            gateway: gateway.kind,
            purpose: input.purpose,
            userId: input.userId,
            amount: input.amountCents,
            currency: 'sgd',
            status: 'requires_payment_method',
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        await attach?.(tx, row!);
        return row!;
      });
      return { ...intent, clientSecret: remote.clientSecret };
    },

    /** The gateway events the shop received about an intent, in the order they came (the back office's order page). */
    async eventsOfIntent(id: string, exec: Executor = ctx.db): Promise<PaymentEventView[]> {
      const rows = await exec.select().from(paymentEvents).where(eq(paymentEvents.paymentIntentId, id)).orderBy(asc(paymentEvents.receivedAt));
      return rows.map((row) => ({ id: row.id, type: row.type, outcome: row.outcome, receivedAt: row.receivedAt }));
    },

    async getIntent(id: string, exec: Executor = ctx.db): Promise<PaymentIntent | null> {
      const [row] = await exec.select().from(paymentIntents).where(eq(paymentIntents.id, id));
      return row ?? null;
    },

    /**
     * The webhook handler (POST /api/payment/webhook, and the test gateway's deliveries): verifies
     * the signature over the raw body before anything else, then applies the event exactly once.
     * A bad signature throws a 400 and changes nothing.
     */
    async handleWebhook(rawBody: Buffer | string, signatureHeader: string | undefined): Promise<WebhookResult> {
      let event: GatewayEvent;
      try {
        event = await gateway.parseWebhookEvent(rawBody, signatureHeader);
      } catch (error) {
        if (error instanceof WebhookSignatureError) throw badRequest('Invalid webhook signature');
        throw error;
      }
      return applyEvent(event);
    },

    /**
     * Reconciliation: asks the gateway for the status of every payment left open (created between
     * RECONCILE_WITHIN_MS and RECONCILE_AFTER_MS ago) and applies what the gateway says, exactly once
     * (the status machine and the intent's row lock make a late webhook for it change nothing). So
     * a lost webhook never loses a paid purchase, whatever the gateway.
     */
    async reconcilePending(limit = 50): Promise<{ checked: number; applied: number }> {
      const now = ctx.clock.now().getTime();
      const open = await ctx.db
        .select({ id: paymentIntents.id })
        .from(paymentIntents)
        .where(
          and(
            inArray(paymentIntents.status, ['requires_payment_method', 'failed']),
            gt(paymentIntents.createdAt, new Date(now - RECONCILE_WITHIN_MS)),
            lt(paymentIntents.createdAt, new Date(now - RECONCILE_AFTER_MS)),
          ),
        )
        .orderBy(asc(paymentIntents.createdAt))
        .limit(limit);
      let applied = 0;
      for (const { id } of open) {
        let remote;
        try {
          remote = await gateway.retrieve(id);
        } catch (err) {
          ctx.log.warn({ err, intentId: id }, 'payment reconciliation: gateway lookup failed');
          continue;
        }
        if (await applyGatewayStatus(remote, 'reconcile')) applied++;
      }
      return { checked: open.length, applied };
    },

    /**
     * Cancels an unpaid intent at the gateway so it can no longer be paid, and settles what the
     * gateway answers right away (its own event, arriving later, then changes nothing): `canceled`,
     * or `succeeded` when the payment got there first. Call it outside any open transaction.
     */
    async cancel(paymentIntentId: string, reason: CancellationReason): Promise<string> {
      const remote = await gateway.cancel(paymentIntentId, reason);
      await applyGatewayStatus(remote, 'cancel');
      return remote.status;
    },

    /**
     * The payment-events job (src/jobs/): the test gateway's undelivered events (its outbox, each
     * claimed by one run); nothing with a real gateway, whose events come by webhook.
     */
    async deliverGatewayEvents(): Promise<{ delivered: number; failed: number }> {
      return gateway instanceof TestGateway ? gateway.deliverPending() : { delivered: 0, failed: 0 };
    },

    /**
     * Card takings per purpose since `from` (docs/rules/back-office.md): payments that succeeded in
     * the window (refunded later or not) and, apart, payments refunded in it; with `byDay`, per
     * Singapore calendar day (YYYY-MM-DD).
     */
    async takingsSince(from: Date): Promise<CardTakings[]> {
      return (await takings(from, false)).map(({ day: _day, ...rest }) => rest);
    },
    async dailyTakingsSince(from: Date): Promise<(CardTakings & { day: string })[]> {
      return takings(from, true);
    },

    /**
     * Asks the gateway to refund a succeeded intent (whole, or `amountCents`). The intent becomes
     * refunded when the gateway's refund event arrives. Call it outside any open transaction: the
     * test gateway delivers its event right away. Pass an `idempotencyKey` when the call may be
     * retried (a crash, a timeout): the gateway then refunds once whatever the number of calls.
     */
    async refund(paymentIntentId: string, request: RefundRequest = {}): Promise<{ id: string; status: string }> {
      const intent = await service.getIntent(paymentIntentId);
      if (!intent) throw notFound('Payment not found');
      if (intent.status !== 'succeeded') throw badRequest('Only a succeeded payment can be refunded');
      return gateway.refund(paymentIntentId, request);
    },
  };

  if (gateway instanceof TestGateway) gateway.connect((rawBody, signatureHeader) => service.handleWebhook(rawBody, signatureHeader));
  return service;
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
