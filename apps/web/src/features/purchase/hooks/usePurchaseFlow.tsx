import { useCallback, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { tokenCost, type Product } from '@kujiya/shared';
import { LoginReminderDialog } from '../../../components/LoginReminderDialog';
import { needsLoginReminder } from '../../../components/login-reminder';
import { useSession } from '../../../lib/session';
import { productsQueryKey } from '../../../lib/query-keys';
import { tokenBalanceQuery } from '../../../lib/api/getTokenBalance';
import { tokenQueryKey } from '../../../lib/query-keys';
import { buyWithTokens } from '../api/buyWithTokens';
import { createBuyOutIntent } from '../api/createBuyOutIntent';
import { createKujiIntent } from '../api/createKujiIntent';
import { readClientSeed } from '../../../lib/client-seed';
import { startHold } from '../../../lib/hold-store';
import { purchaseFailure, type PurchaseFailure, type PurchasePath } from '../lib/purchase-errors';
import { buyOutQuantity, freeTicketsOf, tokensShort } from '../lib/purchase-maths';
import { writeOrderState } from '../../../lib/order-state';
import { writeKujiPaymentState } from '../lib/purchase-state';
import { HoldDialog } from '../components/HoldDialog';
import { NotEnoughTokensDialog } from '../components/NotEnoughTokensDialog';
import { PurchaseMessageDialog } from '../components/PurchaseMessageDialog';
import { PurchaseTermsDialog } from '../components/PurchaseTermsDialog';
import { TokenConfirmDialog } from '../components/TokenConfirmDialog';
import '../components/purchase.css';

/** The buyer's own hold after a card buy-out intent (docs/rules/buying.md). */
export const BUY_OUT_HOLD_SECONDS = 30;

interface Purchase {
  product: Product;
  buyOut: boolean;
  /** Paid tickets. */
  quantity: number;
  cost: number;
}

type Step = { name: 'terms' } | { name: 'confirm' } | { name: 'notEnough'; balance: number };

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
  const [failure, setFailure] = useState<(PurchaseFailure & { setId: string }) | null>(null);

  const close = useCallback(() => {
    setPurchase(null);
    setStep(null);
  }, []);
  const closeFailure = useCallback(() => setFailure(null), []);

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

  const checkBalance = async () => {
    if (!purchase) return;
    setBusy(true);
    try {
      const { totalTokens } = await queryClient.fetchQuery({ ...tokenBalanceQuery(username), staleTime: 0 });
      setStep(tokensShort(totalTokens, purchase.cost) === 0 ? { name: 'confirm' } : { name: 'notEnough', balance: totalTokens });
    } catch (error) {
      // A balance failure is only logged, unless it means the session is gone.
      console.error('Token balance failed:', error);
      close();
      if (needsLoginReminder(error)) setFailure({ kind: 'login', setId: purchase.product.setId });
    } finally {
      setBusy(false);
    }
  };

  const payWithTokens = async () => {
    if (!purchase || !username) return;
    const { product, quantity } = purchase;
    setBusy(true);
    try {
      const order = await buyWithTokens({
        ticketsBought: quantity,
        setId: product.setId,
        username,
        clientSeed: readClientSeed(),
        ...(purchase.buyOut ? { buyOut: true } : {}),
      });
      // A Challenge's answer counts the tickets drawn up to its letter: /draw shows the tickets bought
      // instead, so nothing gives the Challenge away before a ticket is opened (docs/rules/promotions.md).
      const ticketsBought = product.promotion?.type === 'CHALLENGE' ? quantity : order.totalTicketsBought;
      writeOrderState({ orderId: order.orderId, ticketsBought, selectedProduct: product });
      void queryClient.invalidateQueries({ queryKey: tokenQueryKey });
      void queryClient.invalidateQueries({ queryKey: productsQueryKey });
      close();
      navigate('/draw');
    } catch (error) {
      fail(error, 'token', product);
    } finally {
      setBusy(false);
    }
  };

  const payByCard = async () => {
    if (!purchase || !username) return;
    const { product, quantity, buyOut } = purchase;
    setBusy(true);
    try {
      const clientSeed = readClientSeed();
      const intent = buyOut
        ? await createBuyOutIntent({ setId: product.setId, username, clientSeed })
        : await createKujiIntent({ ticketsBought: quantity, setId: product.setId, username, clientSeed });
      if (!intent.clientSecret && intent.holdTimeLeft) {
        startHold(product.setId, intent.holdTimeLeft);
        close();
        setFailure({ kind: 'hold', seconds: intent.holdTimeLeft, setId: product.setId });
        return;
      }
      writeKujiPaymentState({
        kind: 'kuji',
        clientSecret: intent.clientSecret,
        orderId: intent.orderId,
        ticketsBought: intent.ticketsBought,
        selectedProduct: product,
        buyOut,
      });
      if (buyOut) startHold(product.setId, BUY_OUT_HOLD_SECONDS);
      void queryClient.invalidateQueries({ queryKey: productsQueryKey });
      close();
      navigate('/kuji-payment');
    } catch (error) {
      fail(error, 'card', product);
    } finally {
      setBusy(false);
    }
  };

  const dialogs = (
    <>
      {purchase && step?.name === 'terms' && <PurchaseTermsDialog busy={busy} onNext={() => void checkBalance()} onCancel={close} />}
      {purchase && step?.name === 'confirm' && (
        <TokenConfirmDialog
          cost={purchase.cost}
          paidTickets={purchase.quantity}
          tokenPrice={purchase.product.token}
          freeTickets={freeTicketsOf(purchase.product, purchase.quantity)}
          busy={busy}
          onYes={() => void payWithTokens()}
          onCancel={close}
        />
      )}
      {purchase && step?.name === 'notEnough' && (
        <NotEnoughTokensDialog
          balance={step.balance}
          cost={purchase.cost}
          short={tokensShort(step.balance, purchase.cost)}
          busy={busy}
          onTopUp={() => navigate('/purchase-tokens')}
          onOtherPayments={() => void payByCard()}
          onClose={close}
        />
      )}
      {failure?.kind === 'message' && <PurchaseMessageDialog message={failure.text} onClose={closeFailure} />}
      {failure?.kind === 'hold' && <HoldDialog setId={failure.setId} onClose={closeFailure} />}
      <LoginReminderDialog open={failure?.kind === 'login'} onClose={closeFailure} />
    </>
  );

  return {
    buy: (product, quantity) => start(product, quantity, false),
    buyOut: (product) => start(product, buyOutQuantity(product), true),
    busy,
    dialogs,
  };
}
