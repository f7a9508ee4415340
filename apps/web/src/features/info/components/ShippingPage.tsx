import { Link } from 'react-router';
import {
  SHIPPING_BUNDLE_BIG_PRIZES,
  SHIPPING_BUNDLE_SMALL_PRIZES,
  SHIPPING_FEE_PER_BUNDLE_CENTS,
  formatCents,
  shippingFeeCents,
} from '@kujiya/shared';
import { policies } from '../policies';
import { PickupPointDetails } from '../../../components/PickupPointDetails';
import { InfoLayout } from './InfoLayout';

const feeExamples = [
  { big: 1, small: 0 },
  { big: 2, small: 20 },
  { big: 3, small: 5 },
  { big: 0, small: 35 },
];

const bundleFee = formatCents(SHIPPING_FEE_PER_BUNDLE_CENTS);

function describe(big: number, small: number): string {
  const parts = [];
  if (big) parts.push(`${big} big`);
  if (small) parts.push(`${small} small`);
  return `${parts.join(' + ')} prize${big + small > 1 ? 's' : ''}`;
}

export function ShippingPage() {
  return (
    <InfoLayout
      title="Shipping and Delivery"
      lead="Ship your prizes to your door, or collect them from us. Singapore only."
    >
      <div className="info-card-grid">
        <section className="info-card">
          <h2>Delivery time</h2>
          <p>
            {policies.deliveryWorkingDays[0].toUpperCase() + policies.deliveryWorkingDays.slice(1)} after your shipping
            payment, to any address in <strong>Singapore only</strong>.
          </p>
        </section>
        <section className="info-card">
          <h2>Shipping fee</h2>
          <p>
            <strong>{bundleFee}</strong> for every {SHIPPING_BUNDLE_BIG_PRIZES} big prizes and{' '}
            {SHIPPING_BUNDLE_SMALL_PRIZES} small prizes, paid by card.
          </p>
        </section>
      </div>

      <h2>How the fee is counted</h2>
      <p>
        Every {bundleFee} ships up to {SHIPPING_BUNDLE_BIG_PRIZES} big items and {SHIPPING_BUNDLE_SMALL_PRIZES} small
        items. Your parcel needs enough of these bundles for both its big and its small prizes, so you pay for whichever
        needs more:
      </p>
      <ul>
        {feeExamples.map(({ big, small }) => (
          <li key={`${big}-${small}`}>
            {describe(big, small)}: <strong>{formatCents(shippingFeeCents(big, small))}</strong>
          </li>
        ))}
      </ul>

      <h2>Arranging a shipment</h2>
      <ol>
        <li>Open your inventory and choose Ship Items.</li>
        <li>Pick the prizes and check your shipping address in your profile.</li>
        <li>Pay the fee by card. The items leave your inventory once the payment succeeds.</li>
        <li>Follow the parcel on the Shipments page; the tracking ID appears as soon as the courier assigns one.</li>
      </ol>

      <h2>Self-collection</h2>
      <p>Prefer to pick up? Book a free self-collection slot from your inventory:</p>
      <ul>
        {policies.selfCollectionSlots.map((slot) => (
          <li key={slot}>{slot}</li>
        ))}
      </ul>
      <PickupPointDetails />
      <p>
        Slots can be booked within the next {policies.keepDays} days. You can cancel a pending collection, and its items
        go back to your inventory.
      </p>

      <h2>Ship within two weeks</h2>
      <div className="info-callout">
        <p>
          We keep won items for at most two weeks. Items not shipped or collected by their ship-by date are forfeited.
          Pre-order prizes get their two weeks from the day they arrive; we e-mail you when they are ready to ship.
        </p>
      </div>

      <h2>Returns</h2>
      <p>
        There are no refunds or returns after purchase. If a parcel arrives damaged, please{' '}
        <Link to="/contact-us">contact us</Link> with photos and your order number.
      </p>
    </InfoLayout>
  );
}
