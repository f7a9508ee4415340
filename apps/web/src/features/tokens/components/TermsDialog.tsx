import { TOKEN_LOT_LIFETIME_MONTHS } from '@kujiya/shared';
import { AgreeToTermsDialog } from '../../../components/AgreeToTermsDialog';

const tokenTerms = [
  `Tokens expire ${TOKEN_LOT_LIFETIME_MONTHS} months after purchase.`,
  'Tokens are non-refundable and cannot be exchanged for cash.',
];

/** The terms popup before a token purchase: the checkbox must be ticked before Next (docs/rules/tokens.md). */
export function TermsDialog({
  open,
  busy,
  onNext,
  onCancel,
}: {
  open: boolean;
  busy: boolean;
  onNext: () => void;
  onCancel: () => void;
}) {
  return (
    <AgreeToTermsDialog
      open={open}
      title="Before you buy"
      points={tokenTerms}
      busy={busy}
      onNext={onNext}
      onCancel={onCancel}
    />
  );
}
