import { eq } from 'drizzle-orm';
import type { WebhookResult } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { Tx } from '../../db/database.ts';
import { withTxRetry } from '../../db/errors.ts';
import { WebhookSignatureError, type GatewayEvent, type GatewayIntent, type PaymentGateway } from './gateway.ts';
import { badRequest } from '../../core/http-errors.ts';
import { paymentEvents, paymentIntents } from './tables.ts';
import { transition } from './status-machine.ts';
import type { PaymentHandler } from './types.ts';

/** What each purpose registered, and the listeners run after an applied event has committed. */
export interface PaymentHandlers {
  succeeded: Map<string, PaymentHandler>;
  failed: Map<string, PaymentHandler>;
  canceled: Map<string, PaymentHandler>;
  refunded: Map<string, PaymentHandler>;
}

export function createHandlers(): PaymentHandlers {
  return { succeeded: new Map(), failed: new Map(), canceled: new Map(), refunded: new Map() };
}

export const registerer =
  (handlers: PaymentHandlers, kind: 'succeeded' | 'failed' | 'canceled' | 'refunded') =>
  (purpose: string, handler: PaymentHandler) => {
    if (handlers[kind].has(purpose)) throw new Error(`A ${kind} handler for '${purpose}' is already registered`);
    handlers[kind].set(purpose, handler);
  };

/** The event's transaction: its dedupe row, then the intent, then the purpose's handler (docs/architecture.md, lock order). */
async function applyInTx(
  tx: Tx,
  ctx: AppContext,
  handlers: PaymentHandlers,
  event: GatewayEvent,
): Promise<WebhookResult> {
  const record = (outcome: 'applied' | 'ignored') =>
    tx
      .insert(paymentEvents)
      .values({
        id: event.id,
        type: event.type,
        paymentIntentId: event.paymentIntentId,
        outcome,
        receivedAt: ctx.clock.now(),
      })
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
  const [intent] = await tx
    .select()
    .from(paymentIntents)
    .where(eq(paymentIntents.id, event.paymentIntentId))
    .for('update');
  if (!intent) return markIgnored('unknown payment intent');
  if (event.kind === 'succeeded' && event.amount !== null && event.amount !== intent.amount) {
    ctx.log.error({ eventId: event.id, intentId: intent.id }, 'payment amount does not match the intent');
    return markIgnored('amount mismatch');
  }
  const status = transition(intent.status, event.kind);
  if (!status) return markIgnored(`intent is ${intent.status}`);
  const now = ctx.clock.now();
  const [updated] = await tx
    .update(paymentIntents)
    .set({
      status,
      lastError: event.kind === 'failed' ? event.failureMessage : intent.lastError,
      updatedAt: now,
      // The moments the dashboard's card revenue counts by (docs/rules/back-office.md).
      ...(status === 'succeeded' ? { succeededAt: now } : {}),
      ...(status === 'refunded' ? { refundedAt: now } : {}),
    })
    .where(eq(paymentIntents.id, intent.id))
    .returning();
  await handlers[event.kind].get(intent.purpose)?.(tx, updated!);
  // Card revenue is every payment that succeeds, whatever it paid for (docs/operations.md, "Metrics").
  if (status === 'succeeded') ctx.metrics.cardRevenue(tx, intent.amount);
  return { received: true, status };
}

/**
 * Applies one verified event in one transaction with its dedupe row; a deadlock victim runs again
 * whole (withTxRetry), the dedupe row included, so an event still applies once.
 */
async function applyEvent(ctx: AppContext, handlers: PaymentHandlers, event: GatewayEvent): Promise<WebhookResult> {
  return withTxRetry(ctx.db, (tx) => applyInTx(tx, ctx, handlers, event));
}

/** Applies a final status the gateway answered (succeeded or canceled) as an event, exactly once; true if it changed the payment. */
export async function applyGatewayStatus(
  ctx: AppContext,
  handlers: PaymentHandlers,
  remote: GatewayIntent,
  source: 'reconcile' | 'cancel',
): Promise<boolean> {
  const kind = remote.status === 'succeeded' ? 'succeeded' : remote.status === 'canceled' ? 'canceled' : null;
  if (!kind) return false;
  const id = remote.id;
  const event = {
    id: `${source}_${id}_${kind}`,
    type: `${source}.${kind}`,
    kind,
    paymentIntentId: id,
    amount: remote.amount,
    failureMessage: null,
  } as const;
  return Boolean((await applyEvent(ctx, handlers, event)).status);
}

/**
 * The webhook handler (POST /api/payment/webhook, and the test gateway's deliveries): verifies
 * the signature over the raw body before anything else, then applies the event exactly once.
 * A bad signature throws a 400 and changes nothing.
 */
export async function handleWebhook(
  ctx: AppContext,
  gateway: PaymentGateway,
  handlers: PaymentHandlers,
  rawBody: Buffer | string,
  signatureHeader: string | undefined,
): Promise<WebhookResult> {
  let event: GatewayEvent;
  try {
    event = await gateway.parseWebhookEvent(rawBody, signatureHeader);
  } catch (error) {
    if (error instanceof WebhookSignatureError) throw badRequest('Invalid webhook signature');
    throw error;
  }
  return applyEvent(ctx, handlers, event);
}
