import { and, asc, desc, eq, ne } from 'drizzle-orm';
import {
  bonusTokens,
  shopClockTime,
  shopOpsMessages,
  type AdminPromoCode,
  type AdminTokenPackage,
  type ApplyPromoCodeRequest,
  type CreateTokenIntentRequest,
  type PaymentStatus,
  type PromoCodeInput,
  type PromoCodeUse,
  type TokenPackage,
  type TokenPackageInput,
} from '@kujiya/shared';
import type { AuditService } from '../audit/service.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { AppContext } from '../../core/context.ts';
import type { Executor, Tx } from '../../db/database.ts';
import type { Principal } from '../../core/auth.ts';
import { MINUTE } from '../../core/clock.ts';
import { badRequest, conflict, forbidden, notFound } from '../../core/http-errors.ts';
import type { PaymentIntent, PaymentsService } from '../payments/service.ts';
import type { WalletService } from '../wallet/service.ts';
import { ANALYTICS_EVENTS, type AnalyticsService } from '../analytics/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import { promoCodes, promoRedemptions, tokenPackages, tokenPurchases } from './tables.ts';

/** The payment purpose of token purchases. */
export const TOKEN_PURCHASE = 'token_purchase';
/** How long applying a code holds one of its uses for an unpaid payment before the hold may be reclaimed. */
export const PROMO_RESERVATION_MS = 30 * MINUTE;
/** Tries of one application that may cancel lapsed holds standing in its way. */
const MAX_RECLAIM_ATTEMPTS = 2;
export const PAYMENT_CANCELED = 'This payment was cancelled. Please start a new purchase.';
/** The answer to a once-per-shopper code held by another of the shopper's unpaid payments. */
export const promoHeldMessage = (until: Date | null) =>
  `This promo code is already applied to another of your payments. ${until ? `Complete that payment, or apply it here after ${shopClockTime(until)}, when it is released.` : 'Complete that payment, or try again in a moment.'}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type PackageRow = typeof tokenPackages.$inferSelect;
export type TokenPurchase = typeof tokenPurchases.$inferSelect;
export type PromoCode = typeof promoCodes.$inferSelect;

export function toTokenPackage(row: PackageRow): TokenPackage {
  return {
    _id: row.id,
    packageName: row.packageName,
    tokenAmount: row.tokenAmount,
    price: row.price,
    ...(row.originalPrice ? { originalPrice: row.originalPrice } : {}),
    ...(row.promoBanner ? { promoBanner: row.promoBanner } : {}),
  };
}

export function toAdminTokenPackage(row: PackageRow): AdminTokenPackage {
  return {
    id: row.id,
    packageName: row.packageName,
    tokenAmount: row.tokenAmount,
    price: row.price,
    originalPrice: row.originalPrice,
    promoBanner: row.promoBanner,
    sortOrder: row.sortOrder,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toAdminPromoCode(row: PromoCode): AdminPromoCode {
  return {
    id: row.id,
    code: row.code,
    extraTokensPercentage: row.extraTokensPercentage,
    validFrom: row.validFrom.toISOString(),
    validTo: row.validTo.toISOString(),
    maxUses: row.maxUses,
    oncePerShopper: row.oncePerShopper,
    active: row.active,
    usesCount: row.usesCount,
    createdAt: row.createdAt.toISOString(),
  };
}

const packageValues = (input: TokenPackageInput) => ({
  packageName: input.packageName,
  tokenAmount: input.tokenAmount,
  price: input.price,
  originalPrice: input.originalPrice ?? null,
  promoBanner: input.promoBanner ? input.promoBanner : null,
  sortOrder: input.sortOrder ?? 0,
  active: input.active ?? true,
});
const promoValues = (input: PromoCodeInput) => ({
  code: input.code.trim().toUpperCase(),
  extraTokensPercentage: input.extraTokensPercentage,
  validFrom: new Date(input.validFrom),
  validTo: new Date(input.validTo),
  maxUses: input.maxUses ?? null,
  oncePerShopper: input.oncePerShopper ?? true,
  active: input.active ?? true,
});
const mapPromoConflict = (error: unknown): never => {
  if (isUniqueViolation(error)) throw conflict(shopOpsMessages.promoCodeTaken);
  throw error;
};

interface Deps {
  payments: PaymentsService;
  wallet: WalletService;
  analytics: AnalyticsService;
  notifications: NotificationsService;
  audit: AuditService;
}

/** Token packages, their card purchases and promo codes; tokens land in the wallet when a payment succeeds. */
export function createTokenShopService(ctx: AppContext, { payments, wallet, analytics, notifications, audit }: Deps) {
  const assertOwnUsername = (user: Principal, username: string) => {
    if (username.toLowerCase() !== user.username.toLowerCase()) throw forbidden('You can only buy tokens for your own account.');
  };

  /**
   * The uses of a code held by unpaid payments (docs/rules/tokens.md): every reservation not yet
   * redeemed or released, lapsed or not, oldest first. A hold lasts until its payment succeeds
   * (redeemed) or is cancelled (released): an applied code is always honoured when paid.
   */
  async function heldUses(tx: Tx, promoCodeId: string) {
    return tx
      .select()
      .from(promoRedemptions)
      .where(and(eq(promoRedemptions.promoCodeId, promoCodeId), eq(promoRedemptions.status, 'reserved')))
      .orderBy(asc(promoRedemptions.reservedUntil));
  }

  /** When a token payment succeeds: credit the package's tokens and the promo bonus, count the code's use. */
  async function completePurchase(tx: Tx, intent: PaymentIntent): Promise<void> {
    const [purchase] = await tx.select().from(tokenPurchases).where(eq(tokenPurchases.paymentIntentId, intent.id)).for('update');
    if (!purchase) {
      ctx.log.error({ intentId: intent.id }, 'succeeded token payment has no purchase');
      return;
    }
    if (purchase.status === 'completed') return;
    const now = ctx.clock.now();
    let bonus = 0;
    if (purchase.promoCodeId) {
      // The code, then its hold: the same order as applying (docs/rules/tokens.md).
      const [code] = await tx.select().from(promoCodes).where(eq(promoCodes.id, purchase.promoCodeId)).for('update');
      const [redemption] = await tx
        .select()
        .from(promoRedemptions)
        .where(and(eq(promoRedemptions.paymentIntentId, intent.id), eq(promoRedemptions.promoCodeId, purchase.promoCodeId)))
        .for('update');
      // The code was accepted for this payment and its use held since: it is honoured.
      if (code && redemption?.status === 'reserved') {
        await tx.update(promoRedemptions).set({ status: 'redeemed', redeemedAt: now }).where(eq(promoRedemptions.id, redemption.id));
        await tx.update(promoCodes).set({ usesCount: code.usesCount + 1 }).where(eq(promoCodes.id, code.id));
        bonus = bonusTokens(purchase.tokenAmount, purchase.extraTokensPercentage);
      }
    }
    await wallet.credit(tx, { userId: purchase.userId, amount: purchase.tokenAmount, source: 'purchase', reference: intent.id });
    if (bonus > 0) await wallet.credit(tx, { userId: purchase.userId, amount: bonus, source: 'bonus', reference: intent.id });
    await tx
      .update(tokenPurchases)
      .set({ status: 'completed', bonusTokens: bonus, completedAt: now })
      .where(eq(tokenPurchases.paymentIntentId, intent.id));
    const credited = purchase.tokenAmount + bonus;
    await notifications.notify(tx, [purchase.userId], `Your purchase of ${credited} tokens was successful. They are now in your balance.`);
    await analytics.track(tx, ANALYTICS_EVENTS.tokenPurchaseComplete, purchase.userId, {
      paymentIntentId: intent.id,
      packageId: purchase.packageId,
      tokenAmount: purchase.tokenAmount,
      bonusTokens: bonus,
      price: purchase.price,
    });
  }

  async function failPurchase(tx: Tx, intent: PaymentIntent): Promise<void> {
    await tx
      .update(tokenPurchases)
      .set({ status: 'failed' })
      .where(and(eq(tokenPurchases.paymentIntentId, intent.id), ne(tokenPurchases.status, 'completed')));
    await analytics.track(tx, ANALYTICS_EVENTS.tokenPurchaseFailed, intent.userId, {
      paymentIntentId: intent.id,
      price: intent.amount,
      message: intent.lastError,
    });
  }

  /** A refunded token payment takes back what is left of its tokens (docs/rules/security.md). */
  async function refundPurchase(tx: Tx, intent: PaymentIntent): Promise<void> {
    const [purchase] = await tx.select().from(tokenPurchases).where(eq(tokenPurchases.paymentIntentId, intent.id)).for('update');
    if (!purchase || purchase.status !== 'completed') return;
    const { revoked } = await wallet.revokeLots(tx, { userId: purchase.userId, reference: intent.id });
    await tx.update(tokenPurchases).set({ status: 'refunded' }).where(eq(tokenPurchases.paymentIntentId, intent.id));
    await notifications.notify(tx, [purchase.userId], `Your token purchase was refunded. ${revoked} unspent tokens were removed from your balance.`);
  }

  /** A cancelled token payment can no longer be paid: its promo code's use is freed. */
  async function cancelPurchase(tx: Tx, intent: PaymentIntent): Promise<void> {
    const [purchase] = await tx.select().from(tokenPurchases).where(eq(tokenPurchases.paymentIntentId, intent.id)).for('update');
    if (!purchase || purchase.status === 'completed') return;
    await tx.update(tokenPurchases).set({ status: 'canceled' }).where(eq(tokenPurchases.paymentIntentId, intent.id));
    if (!purchase.promoCodeId) return;
    await tx.select({ id: promoCodes.id }).from(promoCodes).where(eq(promoCodes.id, purchase.promoCodeId)).for('update');
    await tx
      .update(promoRedemptions)
      .set({ status: 'released' })
      .where(and(eq(promoRedemptions.paymentIntentId, intent.id), eq(promoRedemptions.status, 'reserved')));
  }

  /**
   * One try at applying a code, in one transaction under the code's row lock (so applications of
   * a code take turns, on every instance). Answers the percentage, or the lapsed payments whose
   * holds stand in the way: the caller cancels them at the gateway and tries again.
   */
  async function tryApply(tx: Tx, user: Principal, input: ApplyPromoCodeRequest, mayReclaim: boolean) {
    const now = ctx.clock.now();
    const [purchase] = await tx.select().from(tokenPurchases).where(eq(tokenPurchases.paymentIntentId, input.paymentIntentId)).for('update');
    if (!purchase || purchase.userId !== user.id) throw notFound('Payment not found');
    if (purchase.packageId !== input.packageId) throw badRequest('This payment is for a different token package.');
    const intent = await payments.getIntent(purchase.paymentIntentId, tx);
    if (intent?.status === 'canceled' || purchase.status === 'canceled') throw badRequest(PAYMENT_CANCELED);
    if (purchase.status === 'completed' || (intent && !['requires_payment_method', 'failed'].includes(intent.status))) {
      throw badRequest('This payment is already complete.');
    }
    if (purchase.promoCodeId) throw badRequest('A promo code has already been applied to this payment.');

    const [code] = await tx.select().from(promoCodes).where(eq(promoCodes.code, input.promoCode.toUpperCase())).for('update');
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
        .where(and(eq(promoRedemptions.promoCodeId, code.id), eq(promoRedemptions.userId, user.id), eq(promoRedemptions.status, 'redeemed')))
        .limit(1);
      if (used) throw badRequest('You have already used this promo code.');
      // The shopper's one use is held by another of their payments: refused while that hold lasts.
      const mine = held.find((hold) => hold.userId === user.id);
      if (mine && (!lapsed(mine) || !mayReclaim)) throw badRequest(promoHeldMessage(lapsed(mine) ? null : mine.reservedUntil));
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

  payments.onSucceeded(TOKEN_PURCHASE, completePurchase);
  payments.onCanceled(TOKEN_PURCHASE, cancelPurchase);
  payments.onRefunded(TOKEN_PURCHASE, refundPurchase);
  payments.onFailed(TOKEN_PURCHASE, failPurchase);

  const service = {
    /** Back office: every package, active or not, in shop order. */
    async adminListPackages(): Promise<AdminTokenPackage[]> {
      const rows = await ctx.db.select().from(tokenPackages).orderBy(asc(tokenPackages.sortOrder), asc(tokenPackages.price));
      return rows.map(toAdminTokenPackage);
    },

    async adminCreatePackage(admin: Principal, input: TokenPackageInput): Promise<AdminTokenPackage> {
      return ctx.db.transaction(async (tx) => {
        const [row] = await tx.insert(tokenPackages).values({ ...packageValues(input), createdAt: ctx.clock.now() }).returning();
        const after = toAdminTokenPackage(row!);
        await audit.record(tx, { admin, action: 'token_package.create', entityType: 'token_package', entityId: row!.id, before: null, after });
        return after;
      });
    },

    /**
     * Edits a package (deactivating is `active: false`; packages are never deleted, purchases refer to
     * them). A purchase already started keeps the price it was created with.
     */
    async adminUpdatePackage(admin: Principal, id: string, input: TokenPackageInput): Promise<AdminTokenPackage> {
      return ctx.db.transaction(async (tx) => {
        const [current] = await tx.select().from(tokenPackages).where(eq(tokenPackages.id, id)).for('update');
        if (!current) throw notFound('Token package not found');
        const [row] = await tx.update(tokenPackages).set(packageValues(input)).where(eq(tokenPackages.id, id)).returning();
        const after = toAdminTokenPackage(row!);
        await audit.record(tx, {
          admin,
          action: 'token_package.update',
          entityType: 'token_package',
          entityId: id,
          before: toAdminTokenPackage(current),
          after,
        });
        return after;
      });
    },

    async adminListPromoCodes(): Promise<AdminPromoCode[]> {
      const rows = await ctx.db.select().from(promoCodes).orderBy(desc(promoCodes.createdAt));
      return rows.map(toAdminPromoCode);
    },

    async adminCreatePromoCode(admin: Principal, input: PromoCodeInput): Promise<AdminPromoCode> {
      return ctx.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(promoCodes)
          .values({ ...promoValues(input), createdAt: ctx.clock.now() })
          .returning()
          .catch(mapPromoConflict);
        const after = toAdminPromoCode(row!);
        await audit.record(tx, { admin, action: 'promo_code.create', entityType: 'promo_code', entityId: row!.id, before: null, after });
        return after;
      });
    },

    /** Edits a code; its uses so far stay. A total limit below the uses so far is refused. */
    async adminUpdatePromoCode(admin: Principal, id: string, input: PromoCodeInput): Promise<AdminPromoCode> {
      return ctx.db.transaction(async (tx) => {
        const [current] = await tx.select().from(promoCodes).where(eq(promoCodes.id, id)).for('update');
        if (!current) throw notFound('Promo code not found');
        const values = promoValues(input);
        // Uses held by unpaid payments are honoured when paid, so they count as uses here.
        const taken = current.usesCount + (await heldUses(tx, id)).length;
        if (values.maxUses !== null && values.maxUses < taken) {
          throw badRequest(`The use limit cannot be below the ${taken} uses so far.`);
        }
        const [row] = await tx.update(promoCodes).set(values).where(eq(promoCodes.id, id)).returning().catch(mapPromoConflict);
        const after = toAdminPromoCode(row!);
        await audit.record(tx, { admin, action: 'promo_code.update', entityType: 'promo_code', entityId: id, before: toAdminPromoCode(current), after });
        return after;
      });
    },

    /** A code and its uses: each payment it was applied to and its shopper (usernames filled by the caller). */
    async adminPromoCodeUses(id: string): Promise<{ promoCode: AdminPromoCode; uses: Omit<PromoCodeUse, 'username'>[] }> {
      const [code] = await ctx.db.select().from(promoCodes).where(eq(promoCodes.id, id));
      if (!code) throw notFound('Promo code not found');
      const rows = await ctx.db
        .select()
        .from(promoRedemptions)
        .where(eq(promoRedemptions.promoCodeId, id))
        .orderBy(desc(promoRedemptions.createdAt));
      return {
        promoCode: toAdminPromoCode(code),
        uses: rows.map((row) => ({
          paymentIntentId: row.paymentIntentId,
          userId: row.userId,
          status: row.status,
          at: row.createdAt.toISOString(),
          redeemedAt: row.redeemedAt?.toISOString() ?? null,
        })),
      };
    },

    /** A shopper's token purchases, newest first (the back office's shopper page). */
    async purchasesOf(userId: string): Promise<TokenPurchase[]> {
      return ctx.db.select().from(tokenPurchases).where(eq(tokenPurchases.userId, userId)).orderBy(desc(tokenPurchases.createdAt));
    },

    async listPackages(exec: Executor = ctx.db): Promise<TokenPackage[]> {
      const rows = await exec
        .select()
        .from(tokenPackages)
        .where(eq(tokenPackages.active, true))
        .orderBy(asc(tokenPackages.sortOrder), asc(tokenPackages.price));
      return rows.map(toTokenPackage);
    },

    async getPackage(id: string, exec: Executor = ctx.db): Promise<PackageRow | null> {
      if (!UUID.test(id)) return null;
      const [row] = await exec.select().from(tokenPackages).where(eq(tokenPackages.id, id));
      return row ?? null;
    },

    async createPackage(
      exec: Executor,
      input: { packageName: string; tokenAmount: number; price: number; originalPrice?: number; sortOrder?: number },
    ): Promise<TokenPackage> {
      const [row] = await exec
        .insert(tokenPackages)
        .values({ ...input, originalPrice: input.originalPrice ?? null, createdAt: ctx.clock.now() })
        .returning();
      return toTokenPackage(row!);
    },

    async createPromoCode(
      exec: Executor,
      input: { code: string; extraTokensPercentage: number; validFrom: Date; validTo: Date; maxUses?: number | null },
    ): Promise<PromoCode> {
      const [row] = await exec
        .insert(promoCodes)
        .values({ ...input, code: input.code.trim().toUpperCase(), maxUses: input.maxUses ?? null, createdAt: ctx.clock.now() })
        .returning();
      return row!;
    },

    async getPromoCode(code: string, exec: Executor = ctx.db): Promise<PromoCode | null> {
      const [row] = await exec.select().from(promoCodes).where(eq(promoCodes.code, code.trim().toUpperCase()));
      return row ?? null;
    },

    async getPurchase(paymentIntentId: string, exec: Executor = ctx.db): Promise<TokenPurchase | null> {
      const [row] = await exec.select().from(tokenPurchases).where(eq(tokenPurchases.paymentIntentId, paymentIntentId));
      return row ?? null;
    },

    /** Starts paying for a package: a payment intent for its price, and the purchase tied to it. */
    async createIntent(user: Principal, input: CreateTokenIntentRequest) {
      assertOwnUsername(user, input.username);
      const pkg = await service.getPackage(input.packageId);
      if (!pkg || !pkg.active) throw notFound('Token package not found');
      const intent = await payments.createIntent(
        { purpose: TOKEN_PURCHASE, userId: user.id, amountCents: pkg.price, metadata: { packageId: pkg.id } },
        async (tx, created) => {
          await tx.insert(tokenPurchases).values({
            paymentIntentId: created.id,
            userId: user.id,
            packageId: pkg.id,
            tokenAmount: pkg.tokenAmount,
            price: pkg.price,
            status: 'pending',
            createdAt: ctx.clock.now(),
          });
        },
      );
      return { clientSecret: intent.clientSecret, paymentIntentId: intent.id, tokenPackage: toTokenPackage(pkg) };
    },

    /** The status of the shopper's own token payment (someone else's answers 404). */
    async paymentStatus(user: Principal, paymentIntentId: string): Promise<PaymentStatus> {
      const purchase = await service.getPurchase(paymentIntentId);
      const intent = purchase && purchase.userId === user.id ? await payments.getIntent(paymentIntentId) : null;
      if (!intent) throw notFound('Payment not found');
      return intent.status;
    },

    /**
     * Applies a promo code to an unpaid token payment (docs/rules/tokens.md). Accepting holds one use
     * of the code for this payment until it is paid or cancelled, so an accepted code is always
     * honoured; what cannot be honoured is refused with its reason. A hold that lapsed unpaid (30
     * minutes) gives way when another application needs its use: its payment is cancelled at the
     * gateway first (outside any transaction), so it can no longer be paid without the bonus.
     */
    async applyPromoCode(user: Principal, input: ApplyPromoCodeRequest): Promise<{ extraTokensPercentage: number }> {
      assertOwnUsername(user, input.username);
      for (let attempt = 0; ; attempt++) {
        const outcome = await ctx.db.transaction((tx) => tryApply(tx, user, input, attempt < MAX_RECLAIM_ATTEMPTS));
        if (!outcome.reclaim) return { extraTokensPercentage: outcome.extraTokensPercentage };
        for (const paymentIntentId of outcome.reclaim) {
          // Paid meanwhile: the cancel settles it as paid (the hold is redeemed) and the next try says so.
          await payments.cancel(paymentIntentId, 'abandoned').catch((err: unknown) => ctx.log.warn({ err, paymentIntentId }, 'promo code: lapsed payment not cancelled'));
        }
      }
    },
  };
  return service;
}
export type TokenShopService = ReturnType<typeof createTokenShopService>;
