import { asc, desc, eq } from 'drizzle-orm';
import type {
  AdminPromoCode,
  AdminTokenPackage,
  PromoCodeInput,
  PromoCodeUse,
  TokenPackageInput,
} from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { Principal } from '../../core/auth.ts';
import { badRequest, notFound } from '../../core/http-errors.ts';
import type { AuditService } from '../audit/service.ts';
import { promoCodes, promoRedemptions, tokenPackages } from './tables.ts';
import { mapPromoConflict, packageValues, promoValues, toAdminPromoCode, toAdminTokenPackage } from './rows.ts';
import { heldUses } from './promo-codes.ts';

interface AdminEnv {
  ctx: AppContext;
  audit: AuditService;
}

async function createPackage(env: AdminEnv, admin: Principal, input: TokenPackageInput): Promise<AdminTokenPackage> {
  return env.ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(tokenPackages)
      .values({ ...packageValues(input), createdAt: env.ctx.clock.now() })
      .returning();
    const after = toAdminTokenPackage(row!);
    await env.audit.record(tx, {
      admin,
      action: 'token_package.create',
      entityType: 'token_package',
      entityId: row!.id,
      before: null,
      after,
    });
    return after;
  });
}

/**
 * Edits a package (deactivating is `active: false`; packages are never deleted, purchases refer to
 * them). A purchase already started keeps the price it was created with.
 */
async function updatePackage(
  env: AdminEnv,
  admin: Principal,
  id: string,
  input: TokenPackageInput,
): Promise<AdminTokenPackage> {
  return env.ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(tokenPackages).where(eq(tokenPackages.id, id)).for('update');
    if (!current) throw notFound('Token package not found');
    const [row] = await tx.update(tokenPackages).set(packageValues(input)).where(eq(tokenPackages.id, id)).returning();
    const after = toAdminTokenPackage(row!);
    const before = toAdminTokenPackage(current);
    await env.audit.record(tx, {
      admin,
      action: 'token_package.update',
      entityType: 'token_package',
      entityId: id,
      before,
      after,
    });
    return after;
  });
}

async function createPromoCode(env: AdminEnv, admin: Principal, input: PromoCodeInput): Promise<AdminPromoCode> {
  return env.ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(promoCodes)
      .values({ ...promoValues(input), createdAt: env.ctx.clock.now() })
      .returning()
      .catch(mapPromoConflict);
    const after = toAdminPromoCode(row!);
    await env.audit.record(tx, {
      admin,
      action: 'promo_code.create',
      entityType: 'promo_code',
      entityId: row!.id,
      before: null,
      after,
    });
    return after;
  });
}

/** Edits a code; its uses so far stay. A total limit below the uses so far is refused. */
async function updatePromoCode(
  env: AdminEnv,
  admin: Principal,
  id: string,
  input: PromoCodeInput,
): Promise<AdminPromoCode> {
  return env.ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(promoCodes).where(eq(promoCodes.id, id)).for('update');
    if (!current) throw notFound('Promo code not found');
    const values = promoValues(input);
    // Uses held by unpaid payments are honoured when paid, so they count as uses here.
    const taken = current.usesCount + (await heldUses(tx, id)).length;
    if (values.maxUses !== null && values.maxUses < taken) {
      throw badRequest(`The use limit cannot be below the ${taken} uses so far.`);
    }
    const [row] = await tx
      .update(promoCodes)
      .set(values)
      .where(eq(promoCodes.id, id))
      .returning()
      .catch(mapPromoConflict);
    const after = toAdminPromoCode(row!);
    await env.audit.record(tx, {
      admin,
      action: 'promo_code.update',
      entityType: 'promo_code',
      entityId: id,
      before: toAdminPromoCode(current),
      after,
    });
    return after;
  });
}

/** A code and its uses: each payment it was applied to and its shopper (usernames filled by the caller). */
async function promoCodeUses(
  env: AdminEnv,
  id: string,
): Promise<{ promoCode: AdminPromoCode; uses: Omit<PromoCodeUse, 'username'>[] }> {
  const [code] = await env.ctx.db.select().from(promoCodes).where(eq(promoCodes.id, id));
  if (!code) throw notFound('Promo code not found');
  const rows = await env.ctx.db
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
}

/** The back office's token packages and promo codes (docs/rules/shop-ops.md), each change audited. */
export function createTokenShopAdmin(env: AdminEnv) {
  return {
    /** Back office: every package, active or not, in shop order. */
    async adminListPackages(): Promise<AdminTokenPackage[]> {
      const rows = await env.ctx.db
        .select()
        .from(tokenPackages)
        .orderBy(asc(tokenPackages.sortOrder), asc(tokenPackages.price));
      return rows.map(toAdminTokenPackage);
    },
    adminCreatePackage: (admin: Principal, input: TokenPackageInput) => createPackage(env, admin, input),
    adminUpdatePackage: (admin: Principal, id: string, input: TokenPackageInput) =>
      updatePackage(env, admin, id, input),
    async adminListPromoCodes(): Promise<AdminPromoCode[]> {
      const rows = await env.ctx.db.select().from(promoCodes).orderBy(desc(promoCodes.createdAt));
      return rows.map(toAdminPromoCode);
    },
    adminCreatePromoCode: (admin: Principal, input: PromoCodeInput) => createPromoCode(env, admin, input),
    adminUpdatePromoCode: (admin: Principal, id: string, input: PromoCodeInput) =>
      updatePromoCode(env, admin, id, input),
    adminPromoCodeUses: (id: string) => promoCodeUses(env, id),
  };
}
