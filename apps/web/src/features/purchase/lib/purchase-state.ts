import { readJson, storageKeys, writeJson } from '../../../lib/storage';
import type { KujiPaymentState, OrderState } from '../types';

/** Order state for /draw (session storage, spec 000 §3). */
export function writeOrderState(state: OrderState): void {
  writeJson(sessionStorage, storageKeys.orderState, state);
}

export function readOrderState(): OrderState | null {
  const state = readJson<OrderState>(sessionStorage, storageKeys.orderState);
  return state && typeof state.orderId === 'string' && state.selectedProduct ? state : null;
}

/** Payment state for /kuji-payment; the token shop keeps its own kind under the same key. */
export function writeKujiPaymentState(state: KujiPaymentState): void {
  writeJson(sessionStorage, storageKeys.paymentState, state);
}

export function readKujiPaymentState(): KujiPaymentState | null {
  const state = readJson<KujiPaymentState>(sessionStorage, storageKeys.paymentState);
  return state?.kind === 'kuji' && state.clientSecret && state.orderId && state.selectedProduct ? state : null;
}

export function clearKujiPaymentState(): void {
  if (readKujiPaymentState()) sessionStorage.removeItem(storageKeys.paymentState);
}
