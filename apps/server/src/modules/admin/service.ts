import type { AppContext } from '../../core/context.ts';
import type { AccountsService } from '../accounts/service.ts';
import type { AuditService } from '../audit/service.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import type { FulfilmentService } from '../fulfilment/service.ts';
import type { InventoryService } from '../inventory/service.ts';
import type { MediaService } from '../media/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import type { OrdersService } from '../orders/service.ts';
import type { PaymentsService } from '../payments/service.ts';
import { createAddProduct } from './add-product.ts';
import { createDashboard } from './dashboard.ts';
import { createOperations } from './operations.ts';
import { createProductDetail } from './product-detail.ts';
import { ProductEdits } from './product-edits.ts';

export type { UploadedImage } from './add-product.ts';

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
 * The back office (docs/rules/back-office.md): composes the owning modules' services; every change
 * runs in one transaction with its audit entry. The use cases: add-product.ts, product-detail.ts,
 * product-edits.ts (edit, reload, availability), operations.ts (collections, shipments, an order,
 * a shopper's inventory), dashboard.ts.
 */
export function createAdminService(ctx: AppContext, deps: Deps) {
  const { audit, catalogue, orders, fulfilment, inventory, accounts, media, notifications, payments } = deps;
  const productDetail = createProductDetail({ catalogue, orders });
  const adding = createAddProduct(ctx, { audit, catalogue, media });
  const edits = new ProductEdits(ctx, { productDetail, audit, catalogue, inventory, media, notifications });
  const operations = createOperations(ctx, { audit, orders, fulfilment, inventory, accounts });
  const dashboard = createDashboard(ctx, { catalogue, orders, fulfilment, inventory, accounts, payments });
  return {
    productDetail,
    addProduct: adding.addProduct,
    uploadImage: adding.uploadImage,
    updateProduct: edits.updateProduct,
    reloadSet: edits.reloadSet,
    setAvailability: edits.setAvailability,
    changeCollection: operations.changeCollection,
    markShipped: operations.markShipped,
    orderDetail: operations.orderDetail,
    inventoryOf: operations.inventoryOf,
    dashboard: dashboard.dashboard,
  };
}

/**
 * pdfkit and the barcode library, loaded at the first label export: about a second of every import of
 * the app otherwise (each test file). A server process loads them before it listens (server.ts).
 */
export const loadLabelsPdf = () => import('./labels-pdf.ts');
