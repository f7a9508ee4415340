import { DEFAULT_TRACKING_STATUS, type Shipment, formatSgDate, formatSgDateTime } from '@kujiya/shared';
import { Link, useParams } from 'react-router';
import { useSession } from '../../../lib/session';
import { useShipmentTracking } from '../api/getShipmentTracking';
import { useUserShipments } from '../api/getUserShipments';
import { ShipmentStatus } from './ShipmentStatus';
import './shipments.css';

/** The parcel's steps: paid, booked with the courier (AWB), shipped by the shop on a date, then the courier's status. */
function TrackingDetails({ shipment }: { shipment: Shipment }) {
  const tracking = useShipmentTracking(shipment._id);
  const status = tracking.data?.status || DEFAULT_TRACKING_STATUS;
  const steps = [
    { label: `Paid on ${formatSgDateTime(shipment.createdAt)}`, done: true },
    {
      label: shipment.awbNumber ? `Booked with the courier (AWB ${shipment.awbNumber})` : 'Booking with the courier',
      done: Boolean(shipment.awbNumber),
    },
    {
      label: shipment.shippedAt ? `Shipped on ${formatSgDate(shipment.shippedAt)}` : 'Waiting to be shipped',
      done: Boolean(shipment.shippedAt),
    },
  ];
  return (
    <section className="card shipment-card" data-testid="tracking-details">
      <ShipmentStatus
        shipment={shipment}
        courierStatus={status}
        title={<strong className="tracking-card__awb">{shipment.awbNumber}</strong>}
      />
      <ol className="tracking-steps">
        {steps.map((step) => (
          <li key={step.label} data-done={step.done}>
            {step.label}
          </li>
        ))}
      </ol>
      <dl className="shipment-card__details">
        <dt>Receiver</dt>
        <dd>
          {shipment.receiverName}
          <br />
          {shipment.receiverFullAddress}, {shipment.receiverUnit}, Singapore {shipment.receiverPostcode}
        </dd>
        <dt>Items</dt>
        <dd>
          {shipment.inventoryItems.map((item, index) => (
            <span key={index}>
              {item.quantity} × {item.prizeName} ({item.setName})
              <br />
            </span>
          ))}
        </dd>
      </dl>
    </section>
  );
}

/** /track/{awbNumber}: the shop's own tracking page (the test courier's tracking link). */
export function TrackingPage() {
  const { awbNumber = '' } = useParams();
  const { username } = useSession();
  const shipments = useUserShipments(username);
  const shipment = shipments.data?.shipments.find((s) => s.awbNumber === awbNumber);
  return (
    <main className="page shipments-page">
      <h1 className="shipments-title">Track Parcel</h1>
      {shipments.isPending && <div className="spinner" role="status" aria-label="Loading shipment" />}
      {shipment && <TrackingDetails shipment={shipment} />}
      {shipments.isSuccess && !shipment && (
        <p className="empty-text">No shipment of yours has the tracking number {awbNumber}.</p>
      )}
      <Link className="btn btn--ghost btn--block" to="/shipments">
        Back to Shipments
      </Link>
    </main>
  );
}
