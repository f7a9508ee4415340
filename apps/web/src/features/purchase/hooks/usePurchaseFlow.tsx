import { useCallback, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { tokenCost, type Product } from '@kujiya/shared';
import { needsLoginReminder } from '../../../components/login-reminder';
import { useSession } from '../../../lib/session';
import { productsQueryKey } from '../../../lib/query-keys';
import { tokenBalanceQuery } from '../../../lib/api/getTokenBalance';
import { startHold } from '../../../lib/hold-store';
import { purchaseFailure, type PurchasePath } from '../lib/purchase-errors';
import { buyOutQuantity, tokensShort } from '../lib/purchase-maths';
import {
  payByCard,
  payWithTokens,
  type FlowActions,
  type FlowFailure,
  type Purchase,
  type Step,
} from '../lib/purchase-flow-steps';
import { PurchaseDialogs } from '../components/PurchaseDialogs';
import '../components/purchase.css';

export interface PurchaseFlow {
  buy: (product: Product, quantity: number) => void;
  buyOut: (product: Product) => void;
  busy: boolean;
  dialogs: ReactNode;
}

/**
 * Buying tickets from the play popup (docs/rules/buying.md; token and card flows, buy out): terms → balance →
 * token confirmation or 'Not enough tokens' → token purchase → /draw, or a card intent →
 * /kuji-payment. The caller checks the login first (step 1).
 */
export function usePurchaseFlow(): PurchaseFlow {
  const { username } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [purchase, setPurchase] = useState<Purchase | null>(null);
  const [step, setStep] = useState<Step | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<FlowFailure | null>(null);

  const close = useCallback(() => {
    setPurchase(null);
    setStep(null);
  }, []);
  const fail = (error: unknown, path: PurchasePath, product: Product) => {
    const outcome = purchaseFailure(error, path);
    if (outcome.kind === 'hold') startHold(product.setId, outcome.seconds);
    // Tickets left or a hold changed: show the freshest copy of the set behind the popup.
    void queryClient.invalidateQueries({ queryKey: productsQueryKey });
    close();
    setFailure({ ...outcome, setId: product.setId });
  };
  const start = (product: Product, quantity: number, buyOut: boolean) => {
    if (busy || quantity <= 0) return;
    setFailure(null);
    setPurchase({ product, buyOut, quantity, cost: tokenCost(product.token, quantity) });
    setStep({ name: 'terms' });
  };
  /** Runs one step of the flow with the buttons busy. */
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };
  const checkBalance = async (current: Purchase) => {
    try {
      const { totalTokens } = await queryClient.fetchQuery({ ...tokenBalanceQuery(username), staleTime: 0 });
      setStep(
        tokensShort(totalTokens, current.cost) === 0
          ? { name: 'confirm' }
          : { name: 'notEnough', balance: totalTokens },
      );
    } catch (error) {
      // A balance failure is only logged, unless it means the session is gone.
      console.error('Token balance failed:', error);
      close();
      if (needsLoginReminder(error)) setFailure({ kind: 'login', setId: current.product.setId });
    }
  };
  const actions = (name: string): FlowActions => ({ username: name, queryClient, navigate, close, fail, setFailure });
  const pay = (how: typeof payWithTokens) => purchase && username && void run(() => how(purchase, actions(username)));

  const dialogs = (
    <PurchaseDialogs
      {...{ purchase, step, failure, busy }}
      onCheckBalance={() => purchase && void run(() => checkBalance(purchase))}
      onPayWithTokens={() => pay(payWithTokens)}
      onPayByCard={() => pay(payByCard)}
      onTopUp={() => navigate('/purchase-tokens')}
      onClose={close}
      onCloseFailure={() => setFailure(null)}
    />
  );
  return {
    buy: (product, quantity) => start(product, quantity, false),
    buyOut: (product) => start(product, buyOutQuantity(product), true),
    busy,
    dialogs,
  };
}
