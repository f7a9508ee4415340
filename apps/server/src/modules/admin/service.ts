import {
  PRODUCT_ADDED,
  newProductFormSchema,
  type AdminAvailabilityRequest,
  type AdminDashboard,
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
import { BOX_FIXED, type CatalogueService, type ProposedPrize } from '../catalogue/service.ts';
import type { OrdersService } from '../orders/service.ts';
import type { FulfilmentService } from '../fulfilment/service.ts';
import type { InventoryService } from '../inventory/service.ts';
import type { AccountsService } from '../accounts/service.ts';
import type { MediaService } from '../media/service.ts';
import type { NotificationsService } from '../notifications/service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
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
 * The back office (docs/rules/back-office.md): composes the owning modules' services; every change
 * runs in one transaction with its audit entry.
 */
export function createAdminService(ctx: AppContext, deps: Deps) {
  const { audit, catalogue, orders, fulfilment, inventory, accounts, media, notifications } = deps;

  async function productDetail(productId: string): Promise<AdminProduct> {
    const parts = await catalogue.adminProductParts(productId);
    const roundOrders = parts.product.lotteryEnabled ? await orders.ordersOfRound(parts.round.id) : [];
    return {
      ...parts.row,
      productImage: parts.product.image,
      doubleChance: parts.product.doubleChance,
      promotion: parts.promotion,
      lottery: {
        enabled: parts.product.lotteryEnabled,
        completed: parts.round.lotteryCompleted,
        totalTickets: parts.round.totalTickets,
        ticketsLeft: parts.ticketsLeft,
        orders: roundOrders
          .filter((order) => order.status === 'paid')
          .map((order) => ({ orderId: order.id, username: order.username, selectedPrizes: order.selectedPrizes })),
      },
      prizes: parts.prizes,
      roundNumber: parts.round.roundNumber,
      roundStatus: parts.round.status,
      commitment: parts.round.commitment,
    };
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
          { tx },
        );
        await audit.record(tx, { admin, action: 'product.create', entityType: 'product', entityId: created.productId, after: { ...form, setId: created.setId } });
        return { message: PRODUCT_ADDED, productId: created.productId };
      });
    },

    /** PUT /api/admin/products/{id}: plain edits; prize quantities only through a reload. */
    async updateProduct(admin: Principal, productId: string, input: AdminProductUpdate): Promise<AdminProduct> {
      const before = await productDetail(productId);
      const changesBox = input.prizesQuantities
        ? before.prizes.some((p) => p.kind === 'letter' && input.prizesQuantities![p.letter] !== undefined && input.prizesQuantities![p.letter] !== p.initialQuantity)
        : false;
      const doubles = input.doubleChancePrizes;
      const currentDoubles = before.prizes.filter((p) => p.kind === 'double');
      // Only the count and order of units are committed; a rename of the same prizes is a plain edit.
      const changesDoubles =
        doubles !== undefined &&
        (doubles.length !== currentDoubles.length ||
          doubles.some((p, i) => p.id !== currentDoubles[i]!.id || p.quantity !== currentDoubles[i]!.initialQuantity));
      if (input.quantity !== before.productQuantity || input.sold !== before.sold) throw conflict(BOX_FIXED);
      if ((changesBox || changesDoubles) && !input.reload) {
        // The committed box cannot change mid-round; the catalogue's guard gives the reason.
        await catalogue.assertPrizesChangeable(
          productId,
          [
            ...before.prizes.flatMap((p): ProposedPrize[] =>
              p.kind === 'letter'
                ? [{ kind: 'letter' as const, letter: p.letter, quantity: input.prizesQuantities?.[p.letter] ?? p.initialQuantity }]
                : p.kind === 'last'
                  ? [{ kind: 'last' as const }]
                  : doubles
                    ? []
                    : [{ kind: 'double' as const, quantity: p.initialQuantity }],
            ),
            ...(doubles ?? []).map((p) => ({ kind: 'double' as const, quantity: p.quantity })),
          ],
        );
      }
      await ctx.db.transaction(async (tx) => {
        await catalogue.updateProduct(tx, productId, {
          sku: input.sku,
          active: input.status === 'active',
          arrival: input.arrival,
          doubleChance: input.doubleChance,
          promotionId: input.promotionId,
          lotteryEnabled: input.lottery.enabled,
          lotteryCompleted: input.lottery.completed,
        });
        if (doubles) await catalogue.setDoubleChancePrizes(tx, productId, doubles);
        let reloaded: { setId: string; sku: string; closedSetId: string } | null = null;
        if (input.reload) {
          reloaded = await catalogue.reloadSet(productId, { tx, refuseWhileBusy: true, prizesQuantities: input.prizesQuantities });
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

    /** Reload Set: the old round closes (seed revealed), a new one opens; refused while a buyer is mid-payment. */
    async reloadSet(admin: Principal, productId: string): Promise<{ message: string; setId: string; sku: string }> {
      const before = await productDetail(productId);
      return ctx.db.transaction(async (tx) => {
        const result = await catalogue.reloadSet(productId, { tx, refuseWhileBusy: true });
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
      const windowOf = async (from: Date) => ({ ...(await orders.windowFigures(from)), newShoppers: await accounts.countNewUsers(from) });
      const weekEnd = new Date(today.getTime() + 7 * DAY_MS);
      const queue = await fulfilment.queueCounts(now, weekEnd);
      return {
        today: await windowOf(today),
        last7Days: await windowOf(from7),
        last30Days: await windowOf(from30),
        sellThrough: await catalogue.liveSellThrough(),
        queue: { ...queue, itemsForfeitingIn3Days: await inventory.unitsDueBetween(now, new Date(now.getTime() + 3 * DAY_MS)) },
        dailyRevenue: await orders.dailyRevenue(from30),
        topSets: await orders.topSets(from30),
      };
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
