import type { ReactNode } from 'react';
import type { Shipment } from '@kujiya/shared';
import { shipmentStateText } from '../lib/shipment-state';

/** A shipment's head row (the given title and its state pill) and the courier's status line. */
export function ShipmentStatus({
  shipment,
  courierStatus,
  title,
}: {
  shipment: Shipment;
  courierStatus: string;
  title: ReactNode;
}) {
  return (
    <>
      <div className="shipment-card__head">
        {title}
        <span
          className={shipment.shippedAt ? 'status-pill status-pill--completed' : 'status-pill'}
          data-testid="shipment-state"
        >
          {shipmentStateText(shipment)}
        </span>
      </div>
      <p className="shipment-card__courier">
        Courier status: <strong data-testid="tracking-status">{courierStatus}</strong>
      </p>
    </>
  );
}
