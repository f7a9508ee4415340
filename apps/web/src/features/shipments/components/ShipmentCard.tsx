import { DEFAULT_TRACKING_STATUS, countryName, formatCents, type Shipment, formatSgDateTime } from '@kujiya/shared';
import { Link } from 'react-router';
import { useShipmentTracking } from '../api/getShipmentTracking';
import { trackingTarget } from '../lib/shipment-state';
import { ShipmentStatus } from './ShipmentStatus';

/** The AWB number as a link: the shop's own tracking page in the app, a courier's page in a new tab. */
export function TrackingLink({ awbNumber, trackingUrl }: { awbNumber: string; trackingUrl: string }) {
  const target = trackingTarget(trackingUrl, window.location.origin);
  if ('route' in target) {
    return (
      <Link to={target.route} data-testid="tracking-link">
        {awbNumber}
      </Link>
    );
  }
  return (
    <a href={target.href} target="_blank" rel="noreferrer noopener" data-testid="tracking-link">
      {awbNumber}
    </a>
  );
}

/** One shipment: its state (being booked, booked, shipped on a date), items, receiver, fee, the courier's status and the tracking link. */
export function ShipmentCard({ shipment }: { shipment: Shipment }) {
  const tracking = useShipmentTracking(shipment._id);
  const status = tracking.data?.status || DEFAULT_TRACKING_STATUS;
  const trackingUrl = shipment.trackingUrl ?? tracking.data?.trackingUrl ?? null;
  return (
    <li className="card shipment-card" data-testid="shipment-card">
      <ShipmentStatus
        shipment={shipment}
        courierStatus={status}
        title={<span className="shipment-card__date">{formatSgDateTime(shipment.createdAt)}</span>}
      />
      <ul className="shipment-card__items">
        {shipment.inventoryItems.map((item, index) => (
          <li key={index}>
            <span>
              {item.prizeName} <span className="muted">({item.setName})</span>
            </span>
            <strong>× {item.quantity}</strong>
          </li>
        ))}
      </ul>
      <dl className="shipment-card__details">
        <dt>Receiver</dt>
        <dd>
          {shipment.receiverName}
          {shipment.receiverContact && `, ${shipment.receiverContact}`}
          <br />
          {shipment.receiverFullAddress}, {shipment.receiverUnit}
          <br />
          {countryName(shipment.receiverCountry) ?? shipment.receiverCountry} {shipment.receiverPostcode}
        </dd>
        <dt>Shipping fee</dt>
        <dd>{formatCents(shipment.shippingFee)}</dd>
        <dt>Tracking ID</dt>
        <dd>
          {shipment.awbNumber && trackingUrl ? (
            <TrackingLink awbNumber={shipment.awbNumber} trackingUrl={trackingUrl} />
          ) : (
            (shipment.awbNumber ?? 'Not yet assigned')
          )}
        </dd>
      </dl>
    </li>
  );
}
