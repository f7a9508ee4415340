import type { CreateTokenIntentResponse } from '@kujiya/shared';
import { readJson, storageKeys, writeJson } from '../../lib/storage';

/** What /token-payment needs, kept in session storage. */
export interface TokenPaymentState extends CreateTokenIntentResponse {
  kind: 'token';
  promoCode?: string;
  extraTokensPercentage?: number;
}

export function readTokenPaymentState(): TokenPaymentState | null {
  const state = readJson<TokenPaymentState>(sessionStorage, storageKeys.paymentState);
  return state?.kind === 'token' && state.paymentIntentId && state.clientSecret ? state : null;
}

export function writeTokenPaymentState(state: TokenPaymentState): void {
  writeJson(sessionStorage, storageKeys.paymentState, state);
}

export function clearTokenPaymentState(): void {
  if (readTokenPaymentState()) sessionStorage.removeItem(storageKeys.paymentState);
}
