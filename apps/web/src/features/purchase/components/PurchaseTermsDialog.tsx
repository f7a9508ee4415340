import { dropRulesText, type DropSettings } from '@kujiya/shared';
import { AgreeToTermsDialog } from '../../../components/AgreeToTermsDialog';
import { BusyLabel } from './BusyLabel';

const ticketTerms = [
  'Every ticket wins a prize. Prizes are decided on our server when you pay, and you can verify every draw.',
  'Ticket sales are final: tickets cannot be refunded or exchanged.',
  'Prizes wait in your inventory; ship or collect them before their ship-by date.',
];

/**
 * Step 2 of buying (docs/rules/buying.md): the terms popup, with the set's opening and limits
 * (docs/rules/drops.md); Next needs the agree checkbox ticked.
 */
export function PurchaseTermsDialog({
  busy,
  drop,
  onNext,
  onCancel,
}: {
  busy: boolean;
  drop: DropSettings;
  onNext: () => void;
  onCancel: () => void;
}) {
  return (
    <AgreeToTermsDialog
      open
      title="Terms and Conditions"
      points={[...ticketTerms, ...dropRulesText(drop)]}
      busy={busy}
      onNext={onNext}
      onCancel={onCancel}
      nextLabel={<BusyLabel busy={busy}>Next</BusyLabel>}
      className="purchase-dialog"
    />
  );
}
