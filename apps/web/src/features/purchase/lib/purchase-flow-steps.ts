import type { QueryClient } from '@tanstack/react-query';
import type { NavigateFunction } from 'react-router';
import type { Product } from '@kujiya/shared';
import { productsQueryKey, tokenQueryKey } from '../../../lib/query-keys';
import { readClientSeed } from '../../../lib/client-seed';
import { startHold } from '../../../lib/hold-store';
import { writeOrderState } from '../../../lib/order-state';
import { buyWithTokens } from '../api/buyWithTokens';
import { createBuyOutIntent } from '../api/createBuyOutIntent';
import { createKujiIntent } from '../api/createKujiIntent';
import type { PurchaseFailure, PurchasePath } from './purchase-errors';
import { writeKujiPaymentState } from './purchase-state';

/** The buyer's own hold after a card buy-out intent (docs/rules/buying.md). */
const BUY_OUT_HOLD_SECONDS = 30;

export interface Purchase {
  product: Product;
  buyOut: boolean;
  /** Paid tickets. */
  quantity: number;
  cost: number;
}

export type Step = { name: 'terms' } | { name: 'confirm' } | { name: 'notEnough'; balance: number };
export type FlowFailure = PurchaseFailure & { setId: string };

/** What a payment step does with its outcome: the flow's own state and navigation. */
export interface FlowActions {
  username: string;
  queryClient: QueryClient;
  navigate: NavigateFunction;
  close: () => void;
  fail: (error: unknown, path: PurchasePath, product: Product) => void;
  setFailure: (failure: FlowFailure) => void;
}

/** Pays with tokens and opens /draw with the order (docs/rules/buying.md). */
export async function payWithTokens(purchase: Purchase, a: FlowActions): Promise<void> {
  const { product, quantity } = purchase;
  try {
    const order = await buyWithTokens({
      ticketsBought: quantity,
      setId: product.setId,
      username: a.username,
      clientSeed: readClientSeed(),
      ...(purchase.buyOut ? { buyOut: true } : {}),
    });
    // A Challenge's answer counts the tickets drawn up to its letter: /draw shows the tickets bought
    // instead, so nothing gives the Challenge away before a ticket is opened (docs/rules/promotions.md).
    const ticketsBought = product.promotion?.type === 'CHALLENGE' ? quantity : order.totalTicketsBought;
    writeOrderState({ orderId: order.orderId, ticketsBought, selectedProduct: product });
    void a.queryClient.invalidateQueries({ queryKey: tokenQueryKey });
    void a.queryClient.invalidateQueries({ queryKey: productsQueryKey });
    a.close();
    a.navigate('/draw');
  } catch (error) {
    a.fail(error, 'token', product);
  }
}

/** Makes a card intent (tickets or buy-out) and opens /kuji-payment, or shows another buyer's hold. */
export async function payByCard(purchase: Purchase, a: FlowActions): Promise<void> {
  const { product, quantity, buyOut } = purchase;
  const { username } = a;
  try {
    const clientSeed = readClientSeed();
    const intent = buyOut
      ? await createBuyOutIntent({ setId: product.setId, username, clientSeed })
      : await createKujiIntent({ ticketsBought: quantity, setId: product.setId, username, clientSeed });
    if (!intent.clientSecret && intent.holdTimeLeft) {
      startHold(product.setId, intent.holdTimeLeft);
      a.close();
      a.setFailure({ kind: 'hold', seconds: intent.holdTimeLeft, setId: product.setId });
      return;
    }
    const { clientSecret, orderId, ticketsBought } = intent;
    writeKujiPaymentState({ kind: 'kuji', clientSecret, orderId, ticketsBought, selectedProduct: product, buyOut });
    if (buyOut) startHold(product.setId, BUY_OUT_HOLD_SECONDS);
    void a.queryClient.invalidateQueries({ queryKey: productsQueryKey });
    a.close();
    a.navigate('/kuji-payment');
  } catch (error) {
    a.fail(error, 'card', product);
  }
}
