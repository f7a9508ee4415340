import { and, asc, eq } from 'drizzle-orm';
import { shopOpsMessages, type ApplyPromoCodeRequest } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { Tx } from '../../db/database.ts';
import { withTxRetry } from '../../db/errors.ts';
import type { Principal } from '../../core/auth.ts';
import { badRequest, notFound } from '../../core/http-errors.ts';
import type { PaymentsService } from '../payments/service.ts';
import { promoCodes, promoRedemptions, tokenPurchases } from './tables.ts';
import { PAYMENT_CANCELED, PROMO_RESERVATION_MS, promoHeldMessage } from './constants.ts';

/** Tries of one application that may cancel lapsed holds standing in its way. */
const MAX_RECLAIM_ATTEMPTS = 2;

/**
 * The uses of a code held by unpaid payments (docs/rules/tokens.md): every reservation not yet
 * redeemed or released, lapsed or not, oldest first. A hold lasts until its payment succeeds
 * (redeemed) or is cancelled (released): an applied code is always honoured when paid.
 */
export async function heldUses(tx: Tx, promoCodeId: string) {
  return tx
    .select()
    .from(promoRedemptions)
    .where(and(eq(promoRedemptions.promoCodeId, promoCodeId), eq(promoRedemptions.status, 'reserved')))
    .orderBy(asc(promoRedemptions.reservedUntil));
}

/**
 * One try at applying a code, in one transaction under the code's row lock (so applications of
 * a code take turns, on every instance). Answers the percentage, or the lapsed payments whose
 * holds stand in the way: the caller cancels them at the gateway and tries again. Lock order: the
 * purchase, then the code, then its holds.
 */
async function tryApply(
  tx: Tx,
  ctx: AppContext,
  payments: PaymentsService,
  user: Principal,
  input: ApplyPromoCodeRequest,
  mayReclaim: boolean,
) {
  const now = ctx.clock.now();
  const [purchase] = await tx
    .select()
    .from(tokenPurchases)
    .where(eq(tokenPurchases.paymentIntentId, input.paymentIntentId))
    .for('update');
  if (!purchase || purchase.userId !== user.id) throw notFound('Payment not found');
  if (purchase.packageId !== input.packageId) throw badRequest('This payment is for a different token package.');
  const intent = await payments.getIntent(tx, purchase.paymentIntentId);
  if (intent?.status === 'canceled' || purchase.status === 'canceled') throw badRequest(PAYMENT_CANCELED);
  if (purchase.status === 'completed' || (intent && !['requires_payment_method', 'failed'].includes(intent.status))) {
    throw badRequest('This payment is already complete.');
  }
  if (purchase.promoCodeId) throw badRequest('A promo code has already been applied to this payment.');

  const [code] = await tx
    .select()
    .from(promoCodes)
    .where(eq(promoCodes.code, input.promoCode.toUpperCase()))
    .for('update');
  if (!code) throw notFound('Invalid promo code');
  if (!code.active) throw badRequest(shopOpsMessages.promoInactive);
  if (now < code.validFrom) throw badRequest('This promo code is not active yet.');
  if (now > code.validTo) throw badRequest('This promo code has expired.');

  const held = await heldUses(tx, code.id);
  const lapsed = (hold: (typeof held)[number]) => hold.reservedUntil <= now;
  if (code.oncePerShopper) {
    const [used] = await tx
      .select({ id: promoRedemptions.id })
      .from(promoRedemptions)
      .where(
        and(
          eq(promoRedemptions.promoCodeId, code.id),
          eq(promoRedemptions.userId, user.id),
          eq(promoRedemptions.status, 'redeemed'),
        ),
      )
      .limit(1);
    if (used) throw badRequest('You have already used this promo code.');
    // The shopper's one use is held by another of their payments: refused while that hold lasts.
    const mine = held.find((hold) => hold.userId === user.id);
    if (mine && (!lapsed(mine) || !mayReclaim))
      throw badRequest(promoHeldMessage(lapsed(mine) ? null : mine.reservedUntil));
    if (mine) return { reclaim: [mine.paymentIntentId] };
  }
  if (code.maxUses !== null) {
    const over = code.usesCount + held.length - code.maxUses + 1;
    if (over > 0) {
      const reclaimable = held.filter(lapsed);
      if (!mayReclaim || reclaimable.length < over) throw badRequest('This promo code has reached its usage limit.');
      return { reclaim: reclaimable.slice(0, over).map((hold) => hold.paymentIntentId) };
    }
  }

  await tx.insert(promoRedemptions).values({
    promoCodeId: code.id,
    userId: user.id,
    paymentIntentId: purchase.paymentIntentId,
    status: 'reserved',
    reservedUntil: new Date(now.getTime() + PROMO_RESERVATION_MS),
    createdAt: now,
  });
  await tx
    .update(tokenPurchases)
    .set({ promoCodeId: code.id, extraTokensPercentage: code.extraTokensPercentage })
    .where(eq(tokenPurchases.paymentIntentId, purchase.paymentIntentId));
  return { extraTokensPercentage: code.extraTokensPercentage };
}

/**
 * Applies a promo code to an unpaid token payment (docs/rules/tokens.md). Accepting holds one use
 * of the code for this payment until it is paid or cancelled, so an accepted code is always
 * honoured; what cannot be honoured is refused with its reason. A hold that lapsed unpaid (30
 * minutes) gives way when another application needs its use: its payment is cancelled at the
 * gateway first (outside any transaction), so it can no longer be paid without the bonus.
 */
export async function applyPromoCode(
  ctx: AppContext,
  payments: PaymentsService,
  user: Principal,
  input: ApplyPromoCodeRequest,
) {
  for (let attempt = 0; ; attempt++) {
    const outcome = await withTxRetry(ctx.db, (tx) =>
      tryApply(tx, ctx, payments, user, input, attempt < MAX_RECLAIM_ATTEMPTS),
    );
    if (!outcome.reclaim) return { extraTokensPercentage: outcome.extraTokensPercentage };
    for (const paymentIntentId of outcome.reclaim) {
      // Paid meanwhile: the cancel settles it as paid (the hold is redeemed) and the next try says so.
      await payments
        .cancel(paymentIntentId, 'abandoned')
        .catch((err: unknown) => ctx.log.warn({ err, paymentIntentId }, 'promo code: lapsed payment not cancelled'));
    }
  }
}
