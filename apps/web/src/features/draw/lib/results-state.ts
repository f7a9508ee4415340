import type { Product, WonPrize } from '@kujiya/shared';
import { readJson, storageKeys, writeJson } from '../../../lib/storage';

/** What /results shows, kept in session storage until the shopper leaves it. */
export interface ResultsState {
  prizes: WonPrize[];
  product: Product;
}

const RESULTS_KEY = 'drawResults';

export function writeResults(state: ResultsState): void {
  writeJson(sessionStorage, RESULTS_KEY, state);
}

export function readResults(): ResultsState | null {
  const state = readJson<ResultsState>(sessionStorage, RESULTS_KEY);
  return state && Array.isArray(state.prizes) && state.product ? state : null;
}

/** Leaving /results: the prizes and the order state go. */
export function clearResults(): void {
  sessionStorage.removeItem(RESULTS_KEY);
  sessionStorage.removeItem(storageKeys.orderState);
}

/** Try Again: the list reopens this set's play popup. */
export function storeRetryProduct(product: Product): void {
  writeJson(sessionStorage, storageKeys.retryProduct, product);
}
