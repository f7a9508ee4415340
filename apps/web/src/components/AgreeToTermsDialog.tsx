import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Dialog } from './ui/Dialog';
import './agree-to-terms.css';

export interface AgreeToTermsDialogProps {
  open: boolean;
  title: string;
  /** The key terms of this purchase, shown as a short list above the checkbox. */
  points: readonly string[];
  busy: boolean;
  onNext: () => void;
  onCancel: () => void;
  /** Label of the Next button (e.g. with a busy spinner). */
  nextLabel?: ReactNode;
  className?: string;
}

/**
 * The terms popup before buying tickets or tokens: Next stays disabled until the agree checkbox is
 * ticked (docs/rules/buying.md). Cancelling unticks it for the next time.
 */
export function AgreeToTermsDialog({
  open,
  title,
  points,
  busy,
  onNext,
  onCancel,
  nextLabel = 'Next',
  className,
}: AgreeToTermsDialogProps) {
  const [agreed, setAgreed] = useState(false);
  const checkboxId = useId();
  const cancel = () => {
    setAgreed(false);
    onCancel();
  };
  return (
    <Dialog open={open} onClose={cancel} title={title} className={className}>
      <ul className="terms-points">
        {points.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
      <div className="terms-check">
        <input
          id={checkboxId}
          type="checkbox"
          checked={agreed}
          onChange={(event) => setAgreed(event.target.checked)}
          required
        />
        <label htmlFor={checkboxId}>
          I have read and agree to the{' '}
          <Link to="/terms-and-conditions" target="_blank" rel="noopener">
            Terms and Conditions
          </Link>
        </label>
      </div>
      <div className="terms-actions">
        <button type="button" className="btn btn--ghost" onClick={cancel}>
          Cancel
        </button>
        {/* Busy is aria-disabled: the pressed Next keeps focus until the next step takes it. */}
        <button
          type="button"
          className="btn btn--primary"
          disabled={!agreed}
          aria-disabled={busy}
          onClick={() => !busy && onNext()}
        >
          {nextLabel}
        </button>
      </div>
    </Dialog>
  );
}
