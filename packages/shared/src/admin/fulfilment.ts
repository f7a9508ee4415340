import { z } from 'zod';
import { usernameOrEmailField } from '../accounts/schemas.ts';
import { pageParam, searchParam } from './paging.ts';

// ---------- Self-collections and shipments ----------

export const adminCollectionsQuerySchema = z.object({
  page: pageParam,
  search: searchParam,
  status: z.enum(['all', 'pending', 'completed', 'cancelled']).default('all'),
});
export type AdminCollectionsQuery = z.infer<typeof adminCollectionsQuerySchema>;

const lineSchema = z.object({ setName: z.string(), prizeName: z.string(), quantity: z.number().int() });

export const adminCollectionRowSchema = z.object({
  _id: z.string(),
  collectionId: z.string(),
  status: z.enum(['pending', 'completed', 'cancelled']),
  inventoryItems: z.array(lineSchema),
  collectionDate: z.string(),
  collectedAt: z.string().nullable(),
  createdAt: z.string(),
  username: z.string(),
  parcelContent: z.string(),
});
export type AdminCollectionRow = z.infer<typeof adminCollectionRowSchema>;
export const adminCollectionsResponseSchema = z.object({
  collections: z.array(adminCollectionRowSchema),
  totalPages: z.number().int(),
});

export const adminCollectionStatusRequestSchema = z.object({ status: z.enum(['completed', 'cancelled']) });
export type AdminCollectionStatusRequest = z.infer<typeof adminCollectionStatusRequestSchema>;

export const adminShipmentsQuerySchema = z.object({
  page: pageParam,
  search: searchParam,
  status: z.enum(['all', 'pending', 'shipped']).default('all'),
});
export type AdminShipmentsQuery = z.infer<typeof adminShipmentsQuerySchema>;

export const adminShipmentRowSchema = z.object({
  _id: z.string(),
  awbNumber: z.string().nullable(),
  awbLink: z.string().nullable(),
  easyparcelOrderId: z.string().nullable(),
  shippingFee: z.number().int(),
  inventoryItems: z.array(lineSchema),
  receiverName: z.string(),
  receiverContact: z.string(),
  receiverUnit: z.string(),
  receiverFullAddress: z.string(),
  receiverPostcode: z.string(),
  receiverCountry: z.string(),
  createdAt: z.string(),
  username: z.string(),
  parcelContent: z.string(),
  paid: z.boolean(),
  shipped: z.boolean(),
  /** The courier job could not book the parcel: someone must look at it. */
  attention: z.boolean(),
  courierLastError: z.string().nullable(),
});
export type AdminShipmentRow = z.infer<typeof adminShipmentRowSchema>;
export const adminShipmentsResponseSchema = z.object({
  shipments: z.array(adminShipmentRowSchema),
  totalPages: z.number().int(),
});

export const NO_PENDING_SHIPMENTS = 'No pending shipments to export';
/** POST /api/admin/shipments/export-pending answers a PDF file (application/pdf), not JSON. */
export const pendingShipmentsPdfSchema = z.string().describe('application/pdf: one page per pending paid shipment');

// ---------- Inventory lookup ----------

export const adminInventoryParamsSchema = z.object({
  usernameOrEmail: usernameOrEmailField('Please enter a username or email'),
});
