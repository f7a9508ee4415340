import { and, eq, ne } from 'drizzle-orm';
import { bonusTokens } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { Tx } from '../../db/database.ts';
import type { PaymentIntent, PaymentsService } from '../payments/service.ts';
import type { WalletService } from '../wallet/service.ts';
import { ANALYTICS_EVENTS, type AnalyticsService } from '../analytics/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import { promoCodes, promoRedemptions, tokenPurchases } from './tables.ts';
import { TOKEN_PURCHASE } from './constants.ts';
import type { TokenPurchase } from './rows.ts';

export interface PurchaseEventDeps {
  payments: PaymentsService;
  wallet: WalletService;
  analytics: AnalyticsService;
  notifications: NotificationsService;
}

const lockPurchase = async (tx: Tx, intentId: string): Promise<TokenPurchase | undefined> =>
  (await tx.select().from(tokenPurchases).where(eq(tokenPurchases.paymentIntentId, intentId)).for('update'))[0];

/** The code, then its hold (the same order as applying, docs/rules/tokens.md): the bonus when the held use is redeemed. */
async function redeemHeldUse(tx: Tx, purchase: TokenPurchase, intentId: string, now: Date): Promise<number> {
  if (!purchase.promoCodeId) return 0;
  const [code] = await tx.select().from(promoCodes).where(eq(promoCodes.id, purchase.promoCodeId)).for('update');
  const [redemption] = await tx
    .select()
    .from(promoRedemptions)
    .where(and(eq(promoRedemptions.paymentIntentId, intentId), eq(promoRedemptions.promoCodeId, purchase.promoCodeId)))
    .for('update');
  // The code was accepted for this payment and its use held since: it is honoured.
  if (!code || redemption?.status !== 'reserved') return 0;
  await tx
    .update(promoRedemptions)
    .set({ status: 'redeemed', redeemedAt: now })
    .where(eq(promoRedemptions.id, redemption.id));
  await tx
    .update(promoCodes)
    .set({ usesCount: code.usesCount + 1 })
    .where(eq(promoCodes.id, code.id));
  return bonusTokens(purchase.tokenAmount, purchase.extraTokensPercentage);
}

/**
 * When a token payment succeeds: credit the package's tokens and the promo bonus, count the code's
 * use. Lock order (docs/architecture.md): the purchase → its promo code → the code's hold → new token lots.
 */
async function completePurchase(
  tx: Tx,
  ctx: AppContext,
  deps: PurchaseEventDeps,
  intent: PaymentIntent,
): Promise<void> {
  const { wallet, notifications, analytics } = deps;
  const purchase = await lockPurchase(tx, intent.id);
  if (!purchase) return void ctx.log.error({ intentId: intent.id }, 'succeeded token payment has no purchase');
  if (purchase.status === 'completed') return;
  const now = ctx.clock.now();
  const bonus = await redeemHeldUse(tx, purchase, intent.id, now);
  await wallet.credit(tx, {
    userId: purchase.userId,
    amount: purchase.tokenAmount,
    source: 'purchase',
    reference: intent.id,
  });
  if (bonus > 0)
    await wallet.credit(tx, { userId: purchase.userId, amount: bonus, source: 'bonus', reference: intent.id });
  await tx
    .update(tokenPurchases)
    .set({ status: 'completed', bonusTokens: bonus, completedAt: now })
    .where(eq(tokenPurchases.paymentIntentId, intent.id));
  const credited = purchase.tokenAmount + bonus;
  await notifications.notify(
    tx,
    [purchase.userId],
    `Your purchase of ${credited} tokens was successful. They are now in your balance.`,
  );
  await analytics.track(tx, ANALYTICS_EVENTS.tokenPurchaseComplete, purchase.userId, {
    paymentIntentId: intent.id,
    packageId: purchase.packageId,
    tokenAmount: purchase.tokenAmount,
    bonusTokens: bonus,
    price: purchase.price,
  });
}

async function failPurchase(tx: Tx, deps: PurchaseEventDeps, intent: PaymentIntent): Promise<void> {
  await tx
    .update(tokenPurchases)
    .set({ status: 'failed' })
    .where(and(eq(tokenPurchases.paymentIntentId, intent.id), ne(tokenPurchases.status, 'completed')));
  await deps.analytics.track(tx, ANALYTICS_EVENTS.tokenPurchaseFailed, intent.userId, {
    paymentIntentId: intent.id,
    price: intent.amount,
    message: intent.lastError,
  });
}

/** A refunded token payment takes back what is left of its tokens (docs/rules/security.md): the purchase, then its lots. */
async function refundPurchase(tx: Tx, deps: PurchaseEventDeps, intent: PaymentIntent): Promise<void> {
  const purchase = await lockPurchase(tx, intent.id);
  if (!purchase || purchase.status !== 'completed') return;
  const { revoked } = await deps.wallet.revokeLots(tx, { userId: purchase.userId, reference: intent.id });
  await tx.update(tokenPurchases).set({ status: 'refunded' }).where(eq(tokenPurchases.paymentIntentId, intent.id));
  await deps.notifications.notify(
    tx,
    [purchase.userId],
    `Your token purchase was refunded. ${revoked} unspent tokens were removed from your balance.`,
  );
}

/** A cancelled token payment can no longer be paid: its promo code's use is freed (the purchase, the code, its holds). */
async function cancelPurchase(tx: Tx, intent: PaymentIntent): Promise<void> {
  const purchase = await lockPurchase(tx, intent.id);
  if (!purchase || purchase.status === 'completed') return;
  await tx.update(tokenPurchases).set({ status: 'canceled' }).where(eq(tokenPurchases.paymentIntentId, intent.id));
  if (!purchase.promoCodeId) return;
  await tx.select({ id: promoCodes.id }).from(promoCodes).where(eq(promoCodes.id, purchase.promoCodeId)).for('update');
  await tx
    .update(promoRedemptions)
    .set({ status: 'released' })
    .where(and(eq(promoRedemptions.paymentIntentId, intent.id), eq(promoRedemptions.status, 'reserved')));
}

/** Registers what a token payment's events do (each runs in the event's transaction, payments/events.ts). */
export function registerPurchaseEvents(ctx: AppContext, deps: PurchaseEventDeps) {
  deps.payments.onSucceeded(TOKEN_PURCHASE, (tx, intent) => completePurchase(tx, ctx, deps, intent));
  deps.payments.onCanceled(TOKEN_PURCHASE, cancelPurchase);
  deps.payments.onRefunded(TOKEN_PURCHASE, (tx, intent) => refundPurchase(tx, deps, intent));
  deps.payments.onFailed(TOKEN_PURCHASE, (tx, intent) => failPurchase(tx, deps, intent));
}
