import { DEFAULT_TRACKING_STATUS, countryName, formatCents, type Shipment } from '@kujiya/shared';
import { formatSgDateTime } from '../../../lib/singapore-time';
import { useShipmentTracking } from '../api/getShipmentTracking';

/** One shipment: items, receiver, fee, date, the courier's status and the tracking link once an AWB exists. */
export function ShipmentCard({ shipment }: { shipment: Shipment }) {
  const tracking = useShipmentTracking(shipment._id);
  const status = tracking.data?.status || DEFAULT_TRACKING_STATUS;
  const trackingUrl = shipment.trackingUrl ?? tracking.data?.trackingUrl ?? null;
  return (
    <li className="card shipment-card" data-testid="shipment-card">
      <div className="shipment-card__head">
        <span className="shipment-card__date">{formatSgDateTime(shipment.createdAt)}</span>
        <span className="status-pill" data-testid="tracking-status">
          {status}
        </span>
      </div>
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
            <a href={trackingUrl} target="_blank" rel="noreferrer noopener" data-testid="tracking-link">
              {shipment.awbNumber}
            </a>
          ) : (
            (shipment.awbNumber ?? 'Not yet assigned')
          )}
        </dd>
      </dl>
    </li>
  );
}
