import { Link } from 'react-router';
import { SHIPMENT_FAILURE_MESSAGE } from '@kujiya/shared';

/** Any shipment failure other than expired items: the shopper's details are the likely cause. */
export function ShipmentFailureNotice() {
  return (
    <p className="error-text" role="alert">
      {SHIPMENT_FAILURE_MESSAGE} <Link to="/user-profile">Go to profile</Link>
    </p>
  );
}
