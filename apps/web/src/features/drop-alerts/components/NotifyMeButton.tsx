import type { Product } from '@kujiya/shared';
import { BellIcon } from '../../../components/icons';
import { useDropAlertToggle } from '../hooks/use-drop-alert-toggle';
import { useOpensLater } from '../hooks/use-opens-later';
import './drop-alerts.css';

interface NotifyMeButtonProps {
  product: Pick<Product, 'setId' | 'name' | 'salesStartAt'>;
  /** Signed out, or the session ran out: the shop asks the shopper to log in. */
  onLoginRequired: () => void;
  className?: string;
}

/**
 * "Notify me" of a set that has not opened (docs/rules/drops.md, "Notify me"): a toggle (aria-pressed)
 * whose name stays "Notify me"; when on, a line says what will come. Nothing once the set is open.
 */
export function NotifyMeButton(props: NotifyMeButtonProps) {
  const ahead = useOpensLater(props.product.salesStartAt);
  // The shopper's choice is asked for only for a set that has not opened.
  return ahead ? <NotifyMeToggle {...props} /> : null;
}

function NotifyMeToggle({ product, onLoginRequired, className = '' }: NotifyMeButtonProps) {
  const alert = useDropAlertToggle(product.setId, onLoginRequired);
  return (
    <div className={`notify-me ${className}`}>
      <button
        type="button"
        className={`btn notify-me__button${alert.on ? ' notify-me__button--on' : ''}`}
        aria-pressed={alert.on}
        data-testid="notify-me"
        onClick={alert.toggle}
      >
        <BellIcon size={16} />
        Notify me
      </button>
      <p className="notify-me__note" role="status">
        {alert.error ?? (alert.on ? 'We will remind you 15 min before and at the opening.' : '')}
      </p>
    </div>
  );
}
