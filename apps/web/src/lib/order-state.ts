import type { Product } from '@kujiya/shared';
import { readJson, storageKeys, writeJson } from './storage';

/** The paid order handed from a purchase to /draw through session storage (docs/rules/buying.md). */
export interface OrderState {
  orderId: string;
  ticketsBought: number;
  selectedProduct: Product;
}

/** Navigation state of /draw: set when a card payment for the order has just succeeded. */
export interface DrawNavigationState {
  paymentSuccessful?: boolean;
}

export function writeOrderState(state: OrderState): void {
  writeJson(sessionStorage, storageKeys.orderState, state);
}

export function readOrderState(): OrderState | null {
  const state = readJson<OrderState>(sessionStorage, storageKeys.orderState);
  return state && typeof state.orderId === 'string' && state.selectedProduct ? state : null;
}
