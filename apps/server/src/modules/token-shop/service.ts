import { asc, desc, eq } from 'drizzle-orm';
import type { ApplyPromoCodeRequest, CreateTokenIntentRequest, PaymentStatus, TokenPackage } from '@kujiya/shared';
import type { AuditService } from '../audit/service.ts';
import type { AppContext } from '../../core/context.ts';
import type { Executor } from '../../db/database.ts';
import type { Principal } from '../../core/auth.ts';
import { forbidden, notFound } from '../../core/http-errors.ts';
import { promoCodes, tokenPackages, tokenPurchases } from './tables.ts';
import { TOKEN_PURCHASE } from './constants.ts';
import { toTokenPackage, UUID, type PromoCode, type TokenPackageRecord, type TokenPurchase } from './rows.ts';
import { registerPurchaseEvents, type PurchaseEventDeps } from './payment-events.ts';
import { applyPromoCode } from './promo-codes.ts';
import { createTokenShopAdmin } from './admin.ts';

export { TOKEN_PURCHASE, PAYMENT_CANCELED, PROMO_RESERVATION_MS, promoHeldMessage } from './constants.ts';
export type { PromoCode, TokenPackageRecord, TokenPurchase } from './rows.ts';

interface Deps extends PurchaseEventDeps {
  audit: AuditService;
}

const assertOwnUsername = (user: Principal, username: string) => {
  if (username.toLowerCase() !== user.username.toLowerCase())
    throw forbidden('You can only buy tokens for your own account.');
};

/** Starts paying for a package: a payment intent for its price, and the purchase tied to it. */
async function createIntent(ctx: AppContext, deps: Deps, user: Principal, pkg: TokenPackageRecord | null) {
  if (!pkg || !pkg.active) throw notFound('Token package not found');
  const intent = await deps.payments.createIntent(
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
}

const one = <T>(rows: T[]): T | null => rows[0] ?? null;

/**
 * Token packages, their card purchases and promo codes; tokens land in the wallet when a payment
 * succeeds (payment-events.ts). Promo codes in promo-codes.ts, the back office in admin.ts.
 */
export function createTokenShopService(ctx: AppContext, deps: Deps) {
  registerPurchaseEvents(ctx, deps);
  const { db } = ctx;
  const service = {
    ...createTokenShopAdmin({ ctx, audit: deps.audit }),
    /** A shopper's token purchases, newest first (the back office's shopper page). */
    purchasesOf: (userId: string): Promise<TokenPurchase[]> =>
      db.select().from(tokenPurchases).where(eq(tokenPurchases.userId, userId)).orderBy(desc(tokenPurchases.createdAt)),
    async listPackages(exec: Executor = db): Promise<TokenPackage[]> {
      const rows = await exec
        .select()
        .from(tokenPackages)
        .where(eq(tokenPackages.active, true))
        .orderBy(asc(tokenPackages.sortOrder), asc(tokenPackages.price));
      return rows.map(toTokenPackage);
    },
    getPackage: async (id: string, exec: Executor = db): Promise<TokenPackageRecord | null> =>
      UUID.test(id) ? one(await exec.select().from(tokenPackages).where(eq(tokenPackages.id, id))) : null,
    async createPackage(
      exec: Executor,
      input: { packageName: string; tokenAmount: number; price: number; originalPrice?: number; sortOrder?: number },
    ) {
      const values = { ...input, originalPrice: input.originalPrice ?? null, createdAt: ctx.clock.now() };
      return toTokenPackage((await exec.insert(tokenPackages).values(values).returning())[0]!);
    },
    async createPromoCode(
      exec: Executor,
      input: { code: string; extraTokensPercentage: number; validFrom: Date; validTo: Date; maxUses?: number | null },
    ) {
      const values = {
        ...input,
        code: input.code.trim().toUpperCase(),
        maxUses: input.maxUses ?? null,
        createdAt: ctx.clock.now(),
      };
      return (await exec.insert(promoCodes).values(values).returning())[0]! as PromoCode;
    },
    getPromoCode: async (code: string, exec: Executor = db): Promise<PromoCode | null> =>
      one(await exec.select().from(promoCodes).where(eq(promoCodes.code, code.trim().toUpperCase()))),
    getPurchase: async (paymentIntentId: string, exec: Executor = db): Promise<TokenPurchase | null> =>
      one(await exec.select().from(tokenPurchases).where(eq(tokenPurchases.paymentIntentId, paymentIntentId))),
    async createIntent(user: Principal, input: CreateTokenIntentRequest) {
      assertOwnUsername(user, input.username);
      return createIntent(ctx, deps, user, await service.getPackage(input.packageId));
    },
    /** The status of the shopper's own token payment (someone else's answers 404). */
    async paymentStatus(user: Principal, paymentIntentId: string): Promise<PaymentStatus> {
      const purchase = await service.getPurchase(paymentIntentId);
      const intent =
        purchase && purchase.userId === user.id ? await deps.payments.getIntent(ctx.db, paymentIntentId) : null;
      if (!intent) throw notFound('Payment not found');
      return intent.status;
    },
    /** Applies a promo code to an unpaid token payment (promo-codes.ts, docs/rules/tokens.md). */
    async applyPromoCode(user: Principal, input: ApplyPromoCodeRequest): Promise<{ extraTokensPercentage: number }> {
      assertOwnUsername(user, input.username);
      return applyPromoCode(ctx, deps.payments, user, input);
    },
  };
  return service;
}
export type TokenShopService = ReturnType<typeof createTokenShopService>;
