import { usePickupPoint } from '../lib/api/getPickupPoint';
import './pickup-point.css';

/** Where to collect: the shop's pickup address, its opening note and a map link (the owner's setting). */
export function PickupPointDetails({ heading = 'Pickup point' }: { heading?: string }) {
  const pickup = usePickupPoint();
  if (!pickup.data)
    return pickup.isPending ? (
      <p className="pickup-point pickup-point--loading muted">Loading the pickup address…</p>
    ) : null;
  const { address, openingNote, mapLink } = pickup.data;
  return (
    <div className="pickup-point" data-testid="pickup-point">
      <p className="pickup-point__heading">{heading}</p>
      <address className="pickup-point__address">{address}</address>
      {openingNote && <p className="pickup-point__note">{openingNote}</p>}
      {mapLink && (
        <a className="pickup-point__map" href={mapLink} target="_blank" rel="noreferrer noopener">
          Open in maps
        </a>
      )}
    </div>
  );
}
