import type { CreateShippingIntentResponse } from '@kujiya/shared';
import { readJson, storageKeys, writeJson } from './storage';

/**
 * What /shipping-payment needs, handed over by the inventory's Arrange Shipment popup through session
 * storage (it survives a card redirect and a reload). The shipment id is also kept on its own as the
 * pending payment order id, which the orders and shipments pages verify on return.
 */
export interface ShippingPaymentState extends CreateShippingIntentResponse {
  kind: 'shipping';
}

export function readShippingPaymentState(): ShippingPaymentState | null {
  const state = readJson<ShippingPaymentState>(sessionStorage, storageKeys.paymentState);
  return state?.kind === 'shipping' && state.shipmentId && state.clientSecret ? state : null;
}

export function startShippingPayment(intent: CreateShippingIntentResponse): void {
  writeJson(sessionStorage, storageKeys.paymentState, { ...intent, kind: 'shipping' } satisfies ShippingPaymentState);
  sessionStorage.setItem(storageKeys.pendingShipmentId, intent.shipmentId);
}

export function clearShippingPaymentState(): void {
  if (readShippingPaymentState()) sessionStorage.removeItem(storageKeys.paymentState);
}

export const readPendingShipmentId = () => sessionStorage.getItem(storageKeys.pendingShipmentId);
export const clearPendingShipmentId = () => sessionStorage.removeItem(storageKeys.pendingShipmentId);
