import { and, asc, eq, gt, inArray, lt } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import type { Executor, Tx } from '../../db/database.ts';
import { withTxRetry } from '../../db/errors.ts';
import { badRequest } from '../../core/http-errors.ts';
import { DAY, MINUTE } from '../../core/clock.ts';
import type { PaymentGateway } from './gateway.ts';
import { paymentEvents, paymentIntents } from './tables.ts';
import { applyGatewayStatus, type PaymentHandlers } from './events.ts';
import type { PaymentEventView, PaymentIntent } from './types.ts';

/** A payment still open this long after its creation is asked about at the gateway (reconciliation). */
export const RECONCILE_AFTER_MS = 2 * MINUTE;
/** Payments older than this are no longer reconciled (a card form abandoned for good). */
const RECONCILE_WITHIN_MS = 2 * DAY;

export interface NewIntent {
  purpose: string;
  userId: string;
  amountCents: number;
  metadata?: Record<string, string>;
}

/**
 * Creates an intent at the gateway, then records it (and whatever the caller attaches to it, e.g.
 * its purchase row) in one transaction, run again whole if it loses a lock race (withTxRetry).
 */
export async function createIntent(
  ctx: AppContext,
  gateway: PaymentGateway,
  input: NewIntent,
  attach?: (tx: Tx, intent: PaymentIntent) => Promise<void>,
): Promise<PaymentIntent & { clientSecret: string }> {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) throw badRequest('Invalid payment amount');
  const remote = await gateway.createIntent(input.amountCents, 'sgd', {
    ...input.metadata,
    purpose: input.purpose,
    userId: input.userId,
  });
  const now = ctx.clock.now();
  const intent = await withTxRetry(ctx.db, async (tx) => {
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
}

/**
 * Reconciliation: asks the gateway for the status of every payment left open (created between
 * RECONCILE_WITHIN_MS and RECONCILE_AFTER_MS ago) and applies what the gateway says, exactly once
 * (the status machine and the intent's row lock make a late webhook for it change nothing). So
 * a lost webhook never loses a paid purchase, whatever the gateway.
 */
export async function reconcilePending(
  ctx: AppContext,
  gateway: PaymentGateway,
  handlers: PaymentHandlers,
  limit: number,
) {
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
    if (await applyGatewayStatus(ctx, handlers, remote, 'reconcile')) applied++;
  }
  return { checked: open.length, applied };
}

export async function getIntent(exec: Executor, id: string): Promise<PaymentIntent | null> {
  const [row] = await exec.select().from(paymentIntents).where(eq(paymentIntents.id, id));
  return row ?? null;
}

export async function eventsOfIntent(exec: Executor, id: string): Promise<PaymentEventView[]> {
  const rows = await exec
    .select()
    .from(paymentEvents)
    .where(eq(paymentEvents.paymentIntentId, id))
    .orderBy(asc(paymentEvents.receivedAt));
  return rows.map((row) => ({ id: row.id, type: row.type, outcome: row.outcome, receivedAt: row.receivedAt }));
}
