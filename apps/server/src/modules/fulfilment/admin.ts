import { and, count, desc, eq, gte, ilike, isNotNull, isNull, lt, or, type SQL } from 'drizzle-orm';
import {
  ADMIN_PAGE_SIZE,
  type AdminCollectionRow,
  type AdminCollectionsQuery,
  type AdminShipmentRow,
  type AdminShipmentsQuery,
} from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import { badRequest, notFound } from '../../core/http-errors.ts';
import type { Executor, Tx } from '../../db/database.ts';
import type { AccountsService } from '../accounts/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import { tellShipped } from './shipped-notice.ts';
import { selfCollections, shipments, type ShipmentLine } from './tables.ts';
import { SHIPMENT_NOT_FOUND, publicLines, shipmentBasics, type CollectionRow, type ShipmentRow } from './views.ts';

const SHIPMENT_NOT_PAID = 'Only a paid shipment can be marked shipped';
const ALREADY_SHIPPED = 'This shipment is already marked shipped';

/** "2 x Prize A (One Piece Vol. 3), 1 x Last Prize (…)": what is in the parcel, in one line. */
function parcelContentOf(items: ShipmentLine[]): string {
  return items.map((item) => `${item.quantity} x ${item.prizeName} (${item.setName})`).join(', ');
}

function adminShipmentView(row: ShipmentRow, username: string): AdminShipmentRow {
  return {
    ...shipmentBasics(row),
    username,
    parcelContent: parcelContentOf(row.items),
    attention: row.courierStatus === 'attention',
    courierLastError: row.courierLastError,
  };
}

function adminCollectionView(row: CollectionRow, username: string): AdminCollectionRow {
  return {
    _id: row.id,
    collectionId: row.reference,
    status: row.status,
    inventoryItems: publicLines(row.items),
    collectionDate: row.collectionDate.toISOString(),
    collectedAt: row.collectedAt ? row.collectedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    username,
    parcelContent: parcelContentOf(row.items),
  };
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The back office's shipments and self-collections (docs/rules/back-office.md). */
export class FulfilmentBackOffice {
  private readonly ctx: AppContext;
  private readonly deps: { accounts: AccountsService; notifications: NotificationsService };

  constructor(ctx: AppContext, deps: { accounts: AccountsService; notifications: NotificationsService }) {
    this.ctx = ctx;
    this.deps = deps;
  }

  private async usernames(exec: Executor, userIds: string[]): Promise<Map<string, string>> {
    const accounts = await this.deps.accounts.getAccounts(exec, [...new Set(userIds)]);
    return new Map([...accounts].map(([id, account]) => [id, account.username]));
  }

  /** Search: the shopper (exact username or e-mail), or part of a reference / receiver / AWB. */
  private async searchUser(search: string): Promise<string | null> {
    if (!search) return null;
    return (await this.deps.accounts.findAccount(search))?.id ?? null;
  }

  adminShipments = async (
    query: AdminShipmentsQuery,
  ): Promise<{ shipments: AdminShipmentRow[]; totalPages: number }> => {
    // Only paid shipments are parcels; unpaid ones are a shopper's checkout in progress.
    const filters: SQL[] = [eq(shipments.status, 'paid')];
    if (query.status === 'pending') filters.push(isNull(shipments.shippedAt));
    if (query.status === 'shipped') filters.push(isNotNull(shipments.shippedAt));
    if (query.search) {
      const userId = await this.searchUser(query.search);
      const pattern = likePattern(query.search);
      const text = or(
        ilike(shipments.receiverName, pattern),
        ilike(shipments.awbNumber, pattern),
        ilike(shipments.receiverFullAddress, pattern),
      );
      filters.push(userId ? or(eq(shipments.userId, userId), text)! : text!);
    }
    const where = and(...filters);
    const [{ total }] = (await this.ctx.db.select({ total: count() }).from(shipments).where(where)) as [
      { total: number },
    ];
    const rows = await this.ctx.db
      .select()
      .from(shipments)
      .where(where)
      .orderBy(desc(shipments.createdAt), desc(shipments.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_PAGE_SIZE);
    const names = await this.usernames(
      this.ctx.db,
      rows.map((r) => r.userId),
    );
    return {
      shipments: rows.map((r) => adminShipmentView(r, names.get(r.userId) ?? '')),
      totalPages: Math.ceil(Number(total) / ADMIN_PAGE_SIZE),
    };
  };

  /** Paid shipments not yet shipped, oldest first: the export's pages. */
  pendingPaidShipments = async (): Promise<AdminShipmentRow[]> => {
    const rows = await this.ctx.db
      .select()
      .from(shipments)
      .where(and(eq(shipments.status, 'paid'), isNull(shipments.shippedAt)))
      .orderBy(shipments.createdAt, shipments.id);
    const names = await this.usernames(
      this.ctx.db,
      rows.map((r) => r.userId),
    );
    return rows.map((r) => adminShipmentView(r, names.get(r.userId) ?? ''));
  };

  /** Marks a paid shipment shipped and tells its shopper; returns it before and after. */
  markShipped = async (tx: Tx, shipmentId: string): Promise<{ before: AdminShipmentRow; after: AdminShipmentRow }> => {
    const [row] = await tx.select().from(shipments).where(eq(shipments.id, shipmentId)).for('update');
    if (!row) throw notFound(SHIPMENT_NOT_FOUND);
    if (row.status !== 'paid') throw badRequest(SHIPMENT_NOT_PAID);
    if (row.shippedAt) throw badRequest(ALREADY_SHIPPED);
    const [updated] = await tx
      .update(shipments)
      .set({ shippedAt: this.ctx.clock.now() })
      .where(eq(shipments.id, row.id))
      .returning();
    await tellShipped(tx, this.deps.notifications, updated!, this.ctx.config.publicUrl);
    const names = await this.usernames(tx, [row.userId]);
    const username = names.get(row.userId) ?? '';
    return { before: adminShipmentView(row, username), after: adminShipmentView(updated!, username) };
  };

  adminCollections = async (
    query: AdminCollectionsQuery,
  ): Promise<{ collections: AdminCollectionRow[]; totalPages: number }> => {
    const filters: SQL[] = [];
    if (query.status !== 'all') filters.push(eq(selfCollections.status, query.status));
    if (query.search) {
      const userId = await this.searchUser(query.search);
      const text = ilike(selfCollections.reference, likePattern(query.search));
      filters.push(userId ? or(eq(selfCollections.userId, userId), text)! : text);
    }
    const where = filters.length ? and(...filters) : undefined;
    const [{ total }] = (await this.ctx.db.select({ total: count() }).from(selfCollections).where(where)) as [
      { total: number },
    ];
    const rows = await this.ctx.db
      .select()
      .from(selfCollections)
      .where(where)
      .orderBy(desc(selfCollections.collectionDate), desc(selfCollections.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_PAGE_SIZE);
    const names = await this.usernames(
      this.ctx.db,
      rows.map((r) => r.userId),
    );
    return {
      collections: rows.map((r) => adminCollectionView(r, names.get(r.userId) ?? '')),
      totalPages: Math.ceil(Number(total) / ADMIN_PAGE_SIZE),
    };
  };

  /** The dashboard's fulfilment queue: parcels to pack, and pending collections between two times. */
  queueCounts = async (from: Date, to: Date): Promise<{ shipmentsToPack: number; collectionsThisWeek: number }> => {
    const [pack] = await this.ctx.db
      .select({ n: count() })
      .from(shipments)
      .where(and(eq(shipments.status, 'paid'), isNull(shipments.shippedAt)));
    const [collections] = await this.ctx.db
      .select({ n: count() })
      .from(selfCollections)
      .where(
        and(
          eq(selfCollections.status, 'pending'),
          gte(selfCollections.collectionDate, from),
          lt(selfCollections.collectionDate, to),
        ),
      );
    return { shipmentsToPack: Number(pack?.n ?? 0), collectionsThisWeek: Number(collections?.n ?? 0) };
  };
}
