import {
  SHIPPING_BUNDLE_BIG_PRIZES,
  SHIPPING_BUNDLE_SMALL_PRIZES,
  SHIPPING_FEE_PER_BUNDLE_CENTS,
  formatCents,
} from '@kujiya/shared';
import { Dialog } from '../../../components/ui/Dialog';

/** The info popup shown on choosing Ship Items or Trade Items. */
export function ActionInfoDialog({ kind, onClose }: { kind: 'ship' | 'trade' | null; onClose: () => void }) {
  return (
    <Dialog open={kind !== null} onClose={onClose} title={kind === 'trade' ? 'Trading Items' : 'Shipping Information'}>
      {kind === 'ship' ? (
        <ul className="info-list">
          <li>
            For every {formatCents(SHIPPING_FEE_PER_BUNDLE_CENTS)} spent, ship {SHIPPING_BUNDLE_BIG_PRIZES} big items
            and {SHIPPING_BUNDLE_SMALL_PRIZES} small items.
          </li>
          <li>Delivery takes 2 to 4 working days, Singapore only.</li>
          <li>Pre-order items can be shipped once they arrive.</li>
        </ul>
      ) : (
        <ul className="info-list">
          <li>Choose the items you want to offer; they show as In Trade until the trade ends.</li>
          <li>Items due to ship within 1 day cannot be traded.</li>
          <li>Pre-order items can be traded at any time.</li>
        </ul>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn btn--primary" onClick={onClose}>
          Got it
        </button>
      </div>
    </Dialog>
  );
}
