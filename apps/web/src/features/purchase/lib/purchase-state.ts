import { readJson, storageKeys, writeJson } from '../../../lib/storage';
import type { KujiPaymentState } from '../types';

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
