import { z } from 'zod';
import { idSchema } from '../common/ids.ts';
import { ErrorCode } from '../common/error-codes.ts';
import { POSTAL_CODE_MESSAGE, POSTAL_CODE_PATTERN, phoneNumberSchema } from '../accounts/schemas.ts';
import { fairnessReceiptSchema } from '../fairness/schemas.ts';

/**
 * The fulfilment API: orders, inventory, abandon, shipping, shipments, tracking and self-collection
 * (docs/rules/fulfilment.md). Money is integer cents except an order's `totalCost`, which is a
 * `{ $numberDecimal }` string of cents (card) or tokens (token orders).
 */

const isoDate = z.string();
const usernameParam = z.string().trim().min(1, 'username is required').max(100);

export const shipmentIdParamsSchema = z.object({ shipmentId: idSchema('shipmentId') });

// ---------- Orders ----------

/** An order as the orders list and details show it. */
export const orderSchema = z.object({
  orderId: z.string(),
  dateTimeCreated: isoDate,
  productName: z.string(),
  productImage: z.string(),
  productId: z.object({ _id: z.string() }),
  numberOfTickets: z.number().int(),
  totalCost: z.object({ $numberDecimal: z.string() }),
  /** 'TOKEN' for token orders, the card payment's id otherwise. */
  paymentIntentId: z.string(),
  /** Prize codes won ('A', 'B', ..., 'LAST' last). Empty while a chance set waits for its sell-out. */
  selectedPrizes: z.array(z.string()),
  lotteryEnabled: z.boolean(),
  /** Chance sets: null while waiting for the sell-out, then whether anything was won. */
  lotteryWon: z.boolean().nullable(),
  paid: z.boolean(),
  /** null for pre-order sets. */
  shipByDate: isoDate.nullable(),
  /** Tickets paid for (free Buy-X-Get-Y tickets not counted). */
  ticketsBought: z.number().int(),
  /** Tickets taken from the box (free ones included; a Challenge stops at its letter): `numberOfTickets`. */
  ticketsDrawn: z.number().int(),
  /** A Challenge's undrawn tickets, refunded (docs/rules/promotions.md). */
  refundedTickets: z.number().int(),
  /** What was refunded: a Challenge refund is a token lot, card orders included. */
  refund: z.object({ amount: z.number().int(), currency: z.enum(['tokens', 'cents']) }).nullable(),
  /** What the order cost after the refund, in totalCost's unit (a token refund of a card order leaves the card total). */
  netPaid: z.object({ $numberDecimal: z.string() }),
});
export type Order = z.infer<typeof orderSchema>;

/** GET /api/order/user/{username}: the caller's paid orders, newest first. */
export const userOrdersResponseSchema = z.object({ orders: z.array(orderSchema) });
export type UserOrdersResponse = z.infer<typeof userOrdersResponseSchema>;

/** POST /api/order/{orderId}. Another's order: 403; unknown or unpaid: 404 'Invalid Order Number'. */
/** The body is optional (the web sends its username; nothing depends on it). */
export const orderDetailsRequestSchema = z.object({ username: usernameParam.optional() }).nullish();
/** The details also carry the order's fairness receipt (null for an order with no draw yet, e.g. a waiting chance entry). */
export const orderDetailsResponseSchema = orderSchema.extend({ receipt: fairnessReceiptSchema.nullable() });
export type OrderDetailsResponse = z.infer<typeof orderDetailsResponseSchema>;
export const INVALID_ORDER_MESSAGE = 'Invalid Order Number';
export const ACCESS_DENIED_MESSAGE = 'Access Denied';

// ---------- Inventory ----------

/** One ship-by group of a prize. `shipByDate` absent = pre-order. */
export const inventoryBatchSchema = z.object({
  batchId: z.string(),
  /** Units held and not pending a collection (units in a trade or awaiting a shipment's payment included). */
  quantity: z.number().int().nonnegative(),
  /** Of `quantity`, units locked in a trade. */
  inTrade: z.number().int().nonnegative(),
  /**
   * Of `quantity`, units locked by a shipment whose payment has not succeeded yet: they stay in the
   * inventory until it is paid and return to normal if its window lapses. Selectable = quantity - inTrade - awaitingPayment
   * (always sent by the server; optional for older clients' fixtures).
   */
  awaitingPayment: z.number().int().nonnegative().optional(),
  shipByDate: isoDate.optional(),
  sku: z.string(),
});
export type InventoryBatch = z.infer<typeof inventoryBatchSchema>;

export const inventoryItemSchema = z.object({
  /** The inventory item id (one per prize per owner): the `inventoryId` of a selected item. */
  id: z.string(),
  prizeId: z.string(),
  prizeName: z.string(),
  type: z.enum(['Small', 'Big']),
  itemType: z.enum(['ichiban_kuji', 'blind_box']),
  image: z.string(),
  description: z.string(),
  product: z.object({ _id: z.string(), name: z.string(), tags: z.array(z.string()) }),
  /** Estimated arrival of a pre-order set (null when in stock or unknown). */
  arrival: isoDate.nullable(),
  batches: z.array(inventoryBatchSchema),
});
export type InventoryItem = z.infer<typeof inventoryItemSchema>;

/** GET /api/inventory/user/{username}: an object keyed by set name. */
export const inventoryResponseSchema = z.record(z.string(), z.array(inventoryItemSchema));
export type InventoryResponse = z.infer<typeof inventoryResponseSchema>;

const quantitySchema = z
  .number({ message: 'quantity must be a whole number' })
  .int('quantity must be a whole number')
  .positive('quantity must be at least 1')
  .max(10_000, 'quantity is too large');

/** A chosen quantity of one batch. Only batchId and quantity are acted on; the rest is display data. */
export const selectedItemSchema = z.object({
  inventoryId: z.string().max(100).optional(),
  batchId: idSchema('batchId'),
  quantity: quantitySchema,
  prizeId: z.string().max(100).optional(),
  setName: z.string().max(300).optional(),
  productId: z.string().max(100).optional(),
  prizeName: z.string().max(300).optional(),
});
export type SelectedItem = z.infer<typeof selectedItemSchema>;
const selectedItemsSchema = z
  .array(selectedItemSchema)
  .min(1, 'Please select at least one item')
  .max(200, 'Too many items');

/** POST /api/inventory/abandon */
export const abandonRequestSchema = z.object({ items: selectedItemsSchema });
export type AbandonRequest = z.infer<typeof abandonRequestSchema>;
export const messageOnlyResponseSchema = z.object({ message: z.string() });
export type MessageOnlyResponse = z.infer<typeof messageOnlyResponseSchema>;

// ---------- Shipping ----------

const addressText = (label: string, max: number) =>
  z.string().trim().min(1, `${label} is required`).max(max, `${label} is too long`);

/**
 * POST /api/payment/shipping/create-intent. `useProfileAddress: false` needs fullName, fullAddress,
 * unitNumber and a 6-digit postalCode (country defaults to SG; only SG ships).
 */
export const createShippingIntentRequestSchema = z.object({
  inventoryItems: selectedItemsSchema,
  useProfileAddress: z.boolean(),
  fullName: addressText('Full name', 100).optional(),
  country: z.string().trim().max(2).optional(),
  postalCode: z.string().trim().regex(POSTAL_CODE_PATTERN, { message: POSTAL_CODE_MESSAGE }).optional(),
  fullAddress: addressText('Full address', 300).optional(),
  unitNumber: addressText('Unit number', 50).optional(),
  /** The receiver's phone for another address (the shipment's `receiverContact`); the profile rule. */
  phoneNumber: phoneNumberSchema.optional(),
});
export type CreateShippingIntentRequest = z.infer<typeof createShippingIntentRequestSchema>;

export const shippingBreakdownSchema = z.object({
  bigPrizes: z.number().int().nonnegative(),
  smallPrizes: z.number().int().nonnegative(),
  /** Cents. */
  shippingFee: z.number().int().nonnegative(),
});
export type ShippingBreakdown = z.infer<typeof shippingBreakdownSchema>;

export const createShippingIntentResponseSchema = z.object({
  clientSecret: z.string(),
  shipmentId: z.string(),
  shippingBreakdown: shippingBreakdownSchema,
  /** When the unpaid shipment is cancelled and its units return. */
  expiresAt: isoDate,
});
export type CreateShippingIntentResponse = z.infer<typeof createShippingIntentResponseSchema>;

/** The 400 answer when chosen units are past their ship-by date: one line per unit in `message`. */
export const EXPIRED_SHIPPING = ErrorCode.EXPIRED_SHIPPING;
export const expiredShippingErrorSchema = z.object({ message: z.string(), code: z.literal(EXPIRED_SHIPPING) });
export const ADDRESS_INCOMPLETE_MESSAGE = 'Please update your profile shipping address to proceed.';
export const SHIPMENT_FAILURE_MESSAGE = 'Please update your profile address and phone number.';

/** GET /api/shipment/processing-status/{shipmentId} */
export const shipmentProcessingStatusSchema = z.enum(['pending', 'completed', 'failed']);
export const processingStatusResponseSchema = z.object({
  status: shipmentProcessingStatusSchema,
  error: z.string().nullable(),
});
export type ProcessingStatusResponse = z.infer<typeof processingStatusResponseSchema>;

/** POST /api/payment/verify-shipment/{orderId} (orderId = the shipment id kept in session storage). */
export const verifyShipmentResponseSchema = z.object({ success: z.boolean(), message: z.string() });
export type VerifyShipmentResponse = z.infer<typeof verifyShipmentResponseSchema>;

export const shipmentItemSchema = z.object({
  setName: z.string(),
  prizeName: z.string(),
  quantity: z.number().int().positive(),
});
export type ShipmentItem = z.infer<typeof shipmentItemSchema>;

export const shipmentSchema = z.object({
  _id: z.string(),
  awbNumber: z.string().nullable(),
  awbLink: z.string().nullable(),
  easyparcelOrderId: z.string().nullable(),
  /** The courier's public tracking page, once an AWB number exists. */
  trackingUrl: z.string().nullable(),
  /** Cents. */
  shippingFee: z.number().int(),
  inventoryItems: z.array(shipmentItemSchema),
  receiverName: z.string(),
  receiverContact: z.string(),
  receiverUnit: z.string(),
  receiverFullAddress: z.string(),
  receiverPostcode: z.string(),
  receiverCountry: z.string(),
  createdAt: isoDate,
  paid: z.boolean(),
  shipped: z.boolean(),
  /** When the shop marked the parcel shipped (null until then). */
  shippedAt: isoDate.nullable(),
});
export type Shipment = z.infer<typeof shipmentSchema>;

/** GET /api/shipment/user/{username}: the caller's paid shipments, newest first. */
export const userShipmentsResponseSchema = z.object({ shipments: z.array(shipmentSchema) });
export type UserShipmentsResponse = z.infer<typeof userShipmentsResponseSchema>;

/** POST /api/shipment/tracking. orderNumber = the shipment `_id` (or its easyparcelOrderId). */
export const trackingRequestSchema = z.object({
  orderNumber: z.string().trim().min(1, 'orderNumber is required').max(100),
});
export type TrackingRequest = z.infer<typeof trackingRequestSchema>;
export const DEFAULT_TRACKING_STATUS = 'Pending';
export const trackingResponseSchema = z.object({ status: z.string(), trackingUrl: z.string().nullable() });
export type TrackingResponse = z.infer<typeof trackingResponseSchema>;

// ---------- Self-collection ----------

export const collectionStatusSchema = z.enum(['pending', 'completed', 'cancelled']);
export type CollectionStatus = z.infer<typeof collectionStatusSchema>;

export const selfCollectionSchema = z.object({
  _id: z.string(),
  /** A short human reference (e.g. SC-7F3A2B). */
  collectionId: z.string(),
  status: collectionStatusSchema,
  inventoryItems: z.array(shipmentItemSchema),
  collectionDate: isoDate,
  collectedAt: isoDate.nullable(),
  createdAt: isoDate,
});
export type SelfCollection = z.infer<typeof selfCollectionSchema>;

/** POST /api/self-collection/create. collectionDate: the slot start as an ISO date-time. */
export const createCollectionRequestSchema = z.object({
  items: selectedItemsSchema,
  collectionDate: z.iso.datetime({ offset: true, message: 'Please select both a date and time slot' }),
});
export type CreateCollectionRequest = z.infer<typeof createCollectionRequestSchema>;
export const createCollectionResponseSchema = z.object({ message: z.string(), collection: selfCollectionSchema });
export type CreateCollectionResponse = z.infer<typeof createCollectionResponseSchema>;

/** GET /api/self-collection/user */
export const userCollectionsResponseSchema = z.object({ collections: z.array(selfCollectionSchema) });
export type UserCollectionsResponse = z.infer<typeof userCollectionsResponseSchema>;

/** GET /api/self-collection/slots: every bookable slot of the window with its remaining room. */
export const collectionSlotSchema = z.object({
  /** Slot start, ISO date-time (send this as collectionDate). */
  collectionDate: isoDate,
  /** Singapore date YYYY-MM-DD. */
  date: z.string(),
  /** '2:00 PM'. */
  time: z.string(),
  remaining: z.number().int().nonnegative(),
  full: z.boolean(),
});
export type CollectionSlot = z.infer<typeof collectionSlotSchema>;
export const collectionSlotsResponseSchema = z.object({ slots: z.array(collectionSlotSchema) });
export type CollectionSlotsResponse = z.infer<typeof collectionSlotsResponseSchema>;
export const SLOT_FULL_MESSAGE = 'This time slot is full. Please choose another.';

/** POST /api/order/self-collect/{orderId}: the order's units still in the inventory, for the modal. */
export const orderSelfCollectResponseSchema = z.object({ success: z.boolean(), items: z.array(selectedItemSchema) });
export type OrderSelfCollectResponse = z.infer<typeof orderSelfCollectResponseSchema>;

/** GET /api/countries: the country reference table. */
export const countryRowSchema = z.object({
  code: z.string(),
  name: z.string(),
  native: z.string(),
  phone: z.array(z.number()),
  continent: z.string(),
  capital: z.string(),
  currency: z.array(z.string()),
  languages: z.array(z.string()),
});
