import { LoginReminderDialog } from '../../../components/LoginReminderDialog';
import { freeTicketsOf, tokensShort } from '../lib/purchase-maths';
import type { FlowFailure, Purchase, Step } from '../lib/purchase-flow-steps';
import { HoldDialog } from './HoldDialog';
import { NotEnoughTokensDialog } from './NotEnoughTokensDialog';
import { PurchaseMessageDialog } from './PurchaseMessageDialog';
import { PurchaseTermsDialog } from './PurchaseTermsDialog';
import { TokenConfirmDialog } from './TokenConfirmDialog';

/** The purchase flow's dialogs (docs/rules/buying.md): the step it is at, or the failure it ended with. */
export function PurchaseDialogs(props: {
  purchase: Purchase | null;
  step: Step | null;
  failure: FlowFailure | null;
  busy: boolean;
  onCheckBalance: () => void;
  onPayWithTokens: () => void;
  onPayByCard: () => void;
  onTopUp: () => void;
  onClose: () => void;
  onCloseFailure: () => void;
}) {
  const { purchase, step, failure, busy } = props;
  return (
    <>
      {purchase && step?.name === 'terms' && (
        <PurchaseTermsDialog
          busy={busy}
          drop={purchase.product}
          onNext={props.onCheckBalance}
          onCancel={props.onClose}
        />
      )}
      {purchase && step?.name === 'confirm' && (
        <TokenConfirmDialog
          cost={purchase.cost}
          paidTickets={purchase.quantity}
          tokenPrice={purchase.product.token}
          freeTickets={freeTicketsOf(purchase.product, purchase.quantity)}
          busy={busy}
          onYes={props.onPayWithTokens}
          onCancel={props.onClose}
        />
      )}
      {purchase && step?.name === 'notEnough' && (
        <NotEnoughTokensDialog
          balance={step.balance}
          cost={purchase.cost}
          short={tokensShort(step.balance, purchase.cost)}
          busy={busy}
          onTopUp={props.onTopUp}
          onOtherPayments={props.onPayByCard}
          onClose={props.onClose}
        />
      )}
      {failure?.kind === 'message' && <PurchaseMessageDialog message={failure.text} onClose={props.onCloseFailure} />}
      {failure?.kind === 'hold' && <HoldDialog setId={failure.setId} onClose={props.onCloseFailure} />}
      <LoginReminderDialog open={failure?.kind === 'login'} onClose={props.onCloseFailure} />
    </>
  );
}
