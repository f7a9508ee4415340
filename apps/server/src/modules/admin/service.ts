import {
  DAY_MS,
  PRODUCT_ADDED,
  newProductFormSchema,
  type AdminAvailabilityRequest,
  centsToDollars,
  type AdminDashboard,
  type AdminPrize,
  type CardRevenue,
  type AdminOrderDetail,
  type AdminProduct,
  type AdminProductUpdate,
  type InventoryResponse,
} from '@kujiya/shared';
import type { z } from 'zod';
import type { AppContext } from '../../core/context.ts';
import type { Principal } from '../../core/auth.ts';
import { badRequest, conflict, notFound } from '../../core/http-errors.ts';
import { assertNoControlCharacters, assertNoFormatCharacters } from '../../core/input-hardening.ts';
import type { AuditService } from '../audit/service.ts';
import { BOX_FIXED, nextSku, type CatalogueService, type ProposedPrize } from '../catalogue/service.ts';
import { KUJI_ORDER, type OrdersService } from '../orders/service.ts';
import type { CardTakings, PaymentsService } from '../payments/service.ts';
import { TOKEN_PURCHASE } from '../token-shop/service.ts';
import { SHIPPING_PURPOSE, type FulfilmentService } from '../fulfilment/service.ts';
import type { InventoryService } from '../inventory/service.ts';
import type { AccountsService } from '../accounts/service.ts';
import type { MediaService } from '../media/service.ts';
import type { NotificationsService } from '../notifications/service.ts';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const PREORDER_ARRIVED = (name: string) => `Your pre-ordered items from ${name} have arrived and are ready to ship.`;
export const USER_NOT_FOUND = 'User not found';

export interface UploadedImage {
  bytes: Buffer;
  contentType: string;
}

interface Deps {
  audit: AuditService;
  catalogue: CatalogueService;
  orders: OrdersService;
  fulfilment: FulfilmentService;
  inventory: InventoryService;
  accounts: AccountsService;
  media: MediaService;
  notifications: NotificationsService;
  payments: PaymentsService;
}

/**
 * A form's text fields through its schema. The fields were checked for control and format characters
 * as the form was read, but one may hold JSON (the prize list) whose escapes only now become
 * characters: the parsed form is checked again (docs/rules/security.md, "Input hardening").
 */
function parseForm<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(result.error.issues[0]!.message);
  assertNoControlCharacters(result.data, '');
  assertNoFormatCharacters(result.data, '');
  return result.data;
}

/** Singapore midnight of the day `at` falls on, as a UTC instant. */
function singaporeDayStart(at: Date): Date {
  const offset = 8 * 60 * 60 * 1000;
  return new Date(Math.floor((at.getTime() + offset) / DAY_MS) * DAY_MS - offset);
}

/**
 * The next round's quantity of each prize, keyed by letter, from `prizesQuantities` as an object
 * keyed by prize (id, name or letter) or a list of `{ _id or name, quantity }`. The Last Prize is
 * always one; naming it with 1 (as a full payload does) changes nothing.
 */
function nextRoundQuantities(prizes: readonly AdminPrize[], given: NonNullable<AdminProductUpdate['prizesQuantities']>): Record<string, number> {
  const entries: [string, number][] = Array.isArray(given)
    ? given.map((entry) => [(entry._id ?? entry.id ?? entry.name)!, entry.quantity])
    : Object.entries(given);
  const quantities: Record<string, number> = {};
  for (const [key, quantity] of entries) {
    const wanted = key.trim().toLowerCase();
    const prize = prizes.find((p) => p.id === key || p.letter.toLowerCase() === wanted || p.name.toLowerCase() === wanted);
    if (!prize) throw badRequest(`Prize not found: ${key}`);
    if (prize.kind === 'last') {
      if (quantity !== prize.initialQuantity) throw badRequest('The Last Prize is always one prize');
      continue;
    }
    quantities[prize.letter] = quantity;
  }
  return quantities;
}

/** What each card payment purpose counts as on the dashboard (docs/rules/back-office.md). */
const REVENUE_KIND: Record<string, keyof Omit<CardRevenue, 'refundsCents' | 'netCents'>> = {
  [KUJI_ORDER]: 'ticketsCents',
  [TOKEN_PURCHASE]: 'tokenPackagesCents',
  [SHIPPING_PURPOSE]: 'shippingCents',
};

/** A window's card revenue: succeeded payments by kind, minus the refunds made in it. */
function cardRevenueOf(takings: readonly CardTakings[]): CardRevenue {
  const revenue: CardRevenue = { ticketsCents: 0, tokenPackagesCents: 0, shippingCents: 0, refundsCents: 0, netCents: 0 };
  for (const row of takings) {
    const kind = REVENUE_KIND[row.purpose];
    if (kind) revenue[kind] += row.succeededCents;
    revenue.refundsCents += row.refundedCents;
    revenue.netCents += row.succeededCents - row.refundedCents;
  }
  return revenue;
}

/** The chart's days: net card cents and tokens spent, each day that has either. */
function dailyFigures(card: readonly (CardTakings & { day: string })[], tokens: readonly { day: string; tokensSpent: number }[]) {
  const days = new Map<string, { day: string; revenueCents: number; tokensSpent: number }>();
  const dayOf = (day: string) => days.get(day) ?? days.set(day, { day, revenueCents: 0, tokensSpent: 0 }).get(day)!;
  for (const row of card) dayOf(row.day).revenueCents += row.succeededCents - row.refundedCents;
  for (const row of tokens) dayOf(row.day).tokensSpent += row.tokensSpent;
  return [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
}

/**
 * The back office (docs/rules/back-office.md): composes the owning modules' services; every change
 * runs in one transaction with its audit entry.
 */
export function createAdminService(ctx: AppContext, deps: Deps) {
  const { audit, catalogue, orders, fulfilment, inventory, accounts, media, notifications, payments } = deps;

  async function productDetail(productId: string): Promise<AdminProduct> {
    const parts = await catalogue.adminProductParts(productId);
    const roundOrders = await orders.ordersOfRound(parts.round.id);
    return {
      ...parts.row,
      productImage: parts.product.image,
      description: parts.product.description,
      tags: parts.product.tags,
      price: centsToDollars(parts.product.priceCents),
      token: parts.product.tokenPrice,
      doubleChance: parts.product.doubleChance,
      promotion: parts.promotion,
      lottery: {
        enabled: parts.product.lotteryEnabled,
        completed: parts.round.lotteryCompleted,
        totalTickets: parts.round.totalTickets,
        ticketsLeft: parts.ticketsLeft,
        // Every paid lottery order of the round, with its buyer and result.
        orders: roundOrders
          .filter((order) => order.status === 'paid' && order.lotteryEnabled)
          .sort((a, b) => (a.paidAt?.getTime() ?? 0) - (b.paidAt?.getTime() ?? 0))
          .map((order) => ({
            orderId: order.id,
            username: order.username,
            selectedPrizes: order.selectedPrizes,
            numberOfTickets: order.numberOfTickets,
            paidAt: order.paidAt?.toISOString() ?? null,
            lotteryWon: order.lotteryWon,
          })),
      },
      prizes: parts.prizes,
      roundNumber: parts.round.roundNumber,
      roundStatus: parts.round.status,
      commitment: parts.round.commitment,
    };
  }

  /** Every image an edit names must be one the shop stored (uploaded through POST /api/admin/images). */
  async function assertImagesStored(names: (string | undefined)[]): Promise<void> {
    for (const name of names) {
      if (name !== undefined && !(await media.getImage(name))) throw badRequest('Image not found: upload it first');
    }
  }

  return {
    productDetail,

    /** The new-product form: images through the media module, the product and its first round (fresh commitment). */
    async addProduct(admin: Principal, fields: Record<string, unknown>, images: Map<string, UploadedImage>): Promise<{ message: string; productId: string }> {
      const form = parseForm(newProductFormSchema, fields);
      const productImage = images.get('productImage');
      if (!productImage) throw badRequest('Product image is required');
      return ctx.db.transaction(async (tx) => {
        const image = await media.putImage(tx, productImage.bytes, productImage.contentType);
        let letterIndex = 0;
        const prizes = [];
        for (const [index, prize] of form.prizes.entries()) {
          const upload = images.get(`prizeImage${index}`);
          const prizeImage = upload ? await media.putImage(tx, upload.bytes, upload.contentType) : image;
          const description = prize.description || prize.name;
          if (/^last/i.test(prize.name)) {
            prizes.push({ kind: 'last' as const, description, image: prizeImage, type: prize.type });
          } else {
            const letter = /^prize\s+([a-z])$/i.exec(prize.name)?.[1]?.toUpperCase() ?? LETTERS[letterIndex];
            letterIndex++;
            if (!letter) throw badRequest('A set has at most 26 letter prizes');
            prizes.push({ kind: 'letter' as const, letter, description, image: prizeImage, type: prize.type, quantity: prize.quantity });
          }
        }
        const created = await catalogue.createProduct(
          tx,
          {
            name: form.name,
            image,
            sku: form.sku,
            tokenPrice: form.token,
            priceCents: Math.round(form.price * 100),
            tags: form.tags,
            preorder: form.preorder,
            arrival: form.preorder ? (form.arrival ?? null) : null,
            doubleChance: form.doubleChance,
            active: form.active,
            prizes,
          },
        );
        await audit.record(tx, { admin, action: 'product.create', entityType: 'product', entityId: created.productId, after: { ...form, setId: created.setId } });
        return { message: PRODUCT_ADDED, productId: created.productId };
      });
    },

    /**
     * PUT /api/admin/products/{id} (docs/rules/back-office.md): a partial edit (only what the payload
     * carries changes), or a Reload Set when sent with `reload: true` or as the shop client's Reload Set
     * payload (SKU suffix + 1 and `sold` 0); prize quantities change only through a reload.
     */
    async updateProduct(admin: Principal, productId: string, input: AdminProductUpdate): Promise<AdminProduct> {
      const before = await productDetail(productId);
      const specReload = input.sku !== undefined && input.sku === nextSku(before.productSku) && input.sold === 0;
      const reload = input.reload === true || specReload;
      const quantities = input.prizesQuantities === undefined ? undefined : nextRoundQuantities(before.prizes, input.prizesQuantities);
      const changesBox = quantities ? before.prizes.some((p) => quantities[p.letter] !== undefined && quantities[p.letter] !== p.initialQuantity) : false;
      const doubles = input.doubleChancePrizes;
      const currentDoubles = before.prizes.filter((p) => p.kind === 'double');
      // Only the count and order of units are committed; a rename of the same prizes is a plain edit.
      const changesDoubles =
        doubles !== undefined &&
        (doubles.length !== currentDoubles.length ||
          doubles.some((p, i) => p.id !== currentDoubles[i]!.id || p.quantity !== currentDoubles[i]!.initialQuantity));
      if (reload) {
        // The next round's total follows its prizes; the shop's client sends it (and sold 0) along.
        const total = before.prizes.filter((p) => p.kind === 'letter').reduce((sum, p) => sum + (quantities?.[p.letter] ?? p.initialQuantity), 0);
        if (input.quantity !== undefined && input.quantity !== total && input.quantity !== before.productQuantity) {
          throw badRequest(`Quantity must equal the prizes' total (${total})`);
        }
        if (input.sold !== undefined && input.sold !== 0 && input.sold !== before.sold) throw conflict(BOX_FIXED);
      } else {
        if ((input.quantity !== undefined && input.quantity !== before.productQuantity) || (input.sold !== undefined && input.sold !== before.sold)) {
          throw conflict(BOX_FIXED);
        }
        if (changesBox || changesDoubles) {
          // The committed box cannot change mid-round; the catalogue's guard gives the reason.
          await catalogue.assertPrizesChangeable(
            ctx.db,
            productId,
            [
              ...before.prizes.flatMap((p): ProposedPrize[] =>
                p.kind === 'letter'
                  ? [{ kind: 'letter' as const, letter: p.letter, quantity: quantities?.[p.letter] ?? p.initialQuantity }]
                  : p.kind === 'last'
                    ? [{ kind: 'last' as const }]
                    : doubles
                      ? []
                      : [{ kind: 'double' as const, quantity: quantities?.[p.letter] ?? p.initialQuantity }],
              ),
              ...(doubles ?? []).map((p) => ({ kind: 'double' as const, quantity: p.quantity })),
            ],
          );
        }
      }
      await assertImagesStored([input.productImage, ...(input.prizes ?? []).map((p) => p.image)]);
      await ctx.db.transaction(async (tx) => {
        await catalogue.updateProduct(tx, productId, {
          name: input.productName,
          description: input.description,
          image: input.productImage,
          tags: input.tags,
          priceCents: input.price === undefined ? undefined : Math.round(input.price * 100),
          tokenPrice: input.token,
          // The client's Reload Set sends the next round's SKU: the reload gives it to the new round.
          sku: specReload ? undefined : input.sku,
          active: input.status === undefined ? undefined : input.status === 'active',
          arrival: input.arrival,
          doubleChance: input.doubleChance,
          promotionId: input.promotionId,
          lotteryEnabled: input.lottery?.enabled,
          lotteryCompleted: input.lottery?.completed,
        });
        if (input.prizes) await catalogue.editPrizes(tx, productId, input.prizes);
        if (doubles) await catalogue.setDoubleChancePrizes(tx, productId, doubles);
        let reloaded: { setId: string; sku: string; closedSetId: string } | null = null;
        if (reload) {
          reloaded = await catalogue.reloadSet(tx, productId, { refuseWhileBusy: true, prizesQuantities: quantities });
        }
        await audit.record(tx, {
          admin,
          action: reloaded ? 'product.update+reload' : 'product.update',
          entityType: 'product',
          entityId: productId,
          before,
          after: { ...input, ...(reloaded ? { newSetId: reloaded.setId, newSku: reloaded.sku, closedSetId: reloaded.closedSetId } : {}) },
        });
      });
      return productDetail(productId);
    },

    /** POST /api/admin/images: stores an image for a later edit (product or prize artwork). */
    async uploadImage(upload: UploadedImage): Promise<{ image: string }> {
      return { image: await media.putImage(ctx.db, upload.bytes, upload.contentType) };
    },

    /** Reload Set: the old round closes (seed revealed), a new one opens; refused while a buyer is mid-payment. */
    async reloadSet(admin: Principal, productId: string): Promise<{ message: string; setId: string; sku: string }> {
      const before = await productDetail(productId);
      return ctx.db.transaction(async (tx) => {
        const result = await catalogue.reloadSet(tx, productId, { refuseWhileBusy: true });
        await audit.record(tx, {
          admin,
          action: 'round.reload',
          entityType: 'product',
          entityId: productId,
          before: { setId: before.setId, sku: before.productSku, sold: before.sold, roundNumber: before.roundNumber },
          after: { setId: result.setId, sku: result.sku, closedSetId: result.closedSetId },
        });
        return { message: 'Set reloaded', setId: result.setId, sku: result.sku };
      });
    },

    /**
     * Pre-order → in stock: every pre-order unit gets ship-by = now + 14 days, and each holder gets an
     * in-app notification and an e-mail (queued in the same transaction, sent after commit).
     */
    async setAvailability(admin: Principal, productId: string, input: AdminAvailabilityRequest) {
      return ctx.db.transaction(async (tx) => {
        const toInStock = input.availability === 'instock';
        const { wasPreorder, name } = await catalogue.setPreorder(tx, productId, !toInStock);
        let updatedBatches = 0;
        let holders: string[] = [];
        if (toInStock && input.updateInventory) {
          holders = await inventory.preorderHolders(tx, productId);
          updatedBatches = await inventory.startClockForProduct(tx, productId, ctx.clock.now());
          if (holders.length > 0) {
            await notifications.notify(tx, holders, PREORDER_ARRIVED(name), { email: { subject: `${name}: your pre-order has arrived` } });
          }
        }
        await audit.record(tx, {
          admin,
          action: 'product.availability',
          entityType: 'product',
          entityId: productId,
          before: { preorder: wasPreorder },
          after: { preorder: !toInStock, updatedBatches, notifiedHolders: holders.length },
        });
        return { message: 'Availability updated', updatedBatches, notifiedHolders: holders.length };
      });
    },

    async changeCollection(admin: Principal, collectionId: string, status: 'completed' | 'cancelled') {
      await fulfilment.changeCollection(admin, collectionId, status, true, (tx, before, after) =>
        audit.record(tx, { admin, action: `collection.${status}`, entityType: 'collection', entityId: collectionId, before, after }),
      );
      return { message: 'Status updated' };
    },

    async markShipped(admin: Principal, shipmentId: string) {
      return ctx.db.transaction(async (tx) => {
        const { before, after } = await fulfilment.markShipped(tx, shipmentId);
        await audit.record(tx, { admin, action: 'shipment.shipped', entityType: 'shipment', entityId: shipmentId, before, after });
        return { message: 'Shipment marked shipped' };
      });
    },

    /** GET /api/admin/orders/{orderId}: the order with everything about it, and its shopper (null if the account is gone). */
    async orderDetail(orderId: string): Promise<AdminOrderDetail> {
      const { userId, ...record } = await orders.adminOrderDetail(orderId);
      const account = await accounts.shopperProfile(userId).catch(() => null);
      const shopper = account && { id: account.id, username: account.username, email: account.email, disabled: account.disabled, createdAt: account.createdAt };
      return { ...record, shopper };
    },

    async inventoryOf(usernameOrEmail: string): Promise<InventoryResponse> {
      const account = await accounts.findAccount(usernameOrEmail);
      if (!account) throw notFound(USER_NOT_FOUND);
      return inventory.inventoryOf(account.id);
    },

    async dashboard(): Promise<AdminDashboard> {
      const now = ctx.clock.now();
      const today = singaporeDayStart(now);
      const from7 = new Date(today.getTime() - 6 * DAY_MS);
      const from30 = new Date(today.getTime() - 29 * DAY_MS);
      const windowOf = async (from: Date) => {
        const cardRevenue = cardRevenueOf(await payments.takingsSince(from));
        return {
          revenueCents: cardRevenue.netCents,
          cardRevenue,
          ...(await orders.windowFigures(from)),
          newShoppers: await accounts.countNewUsers(from),
        };
      };
      const weekEnd = new Date(today.getTime() + 7 * DAY_MS);
      const queue = await fulfilment.queueCounts(now, weekEnd);
      return {
        today: await windowOf(today),
        last7Days: await windowOf(from7),
        last30Days: await windowOf(from30),
        sellThrough: await catalogue.liveSellThrough(),
        queue: { ...queue, itemsForfeitingIn3Days: await inventory.unitsDueBetween(now, new Date(now.getTime() + 3 * DAY_MS)) },
        dailyRevenue: dailyFigures(await payments.dailyTakingsSince(from30), await orders.dailyTokensSpent(from30)),
        topSets: await orders.topSets(from30),
      };
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
