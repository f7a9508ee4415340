import type { OfferedPrize, WantedPrize } from '@kujiya/shared';
import { imageUrl } from '../../../lib/image-url';
import { formatSgDate } from '@kujiya/shared';
import type { ZoomedPrize } from './ImageZoomDialog';

const zoomOf = (details: { image: string; name: string; description: string }): ZoomedPrize => ({
  src: details.image,
  name: details.name,
  description: details.description,
});

/** Given prizes: image (click to enlarge), name, description, quantity, ship-by or arrival, set. */
export function GivenPrizeList({
  prizes,
  label,
  onZoom,
}: {
  prizes: readonly OfferedPrize[];
  label: string;
  onZoom?: (prize: ZoomedPrize) => void;
}) {
  return (
    <ul className="trade-prizes" aria-label={label}>
      {prizes.map((prize, index) => (
        <li
          key={`${prize.prizeId}-${index}`}
          className="trade-prize"
          data-testid="trade-prize"
          data-prize-name={prize.prizeDetails.name}
        >
          <button
            type="button"
            className="trade-prize__image"
            aria-label={`Enlarge ${prize.prizeDetails.name}`}
            onClick={() => onZoom?.(zoomOf(prize.prizeDetails))}
          >
            <img src={imageUrl(prize.prizeDetails.image)} alt="" loading="lazy" />
          </button>
          <div className="trade-prize__text">
            <strong>
              {prize.prizeDetails.name} × {prize.quantity}
            </strong>
            <span className="trade-prize__set">{prize.setName}</span>
            {prize.prizeDetails.description && (
              <span className="trade-prize__description">{prize.prizeDetails.description}</span>
            )}
            <span className="trade-prize__date">
              {prize.shipByDate
                ? `Ship by ${formatSgDate(prize.shipByDate)}`
                : prize.estimatedArrival
                  ? `Pre-order, arrives ${formatSgDate(prize.estimatedArrival)}`
                  : 'Pre-order'}
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Wanted prizes: image (click to enlarge), name, description, quantity and set. */
export function WantedPrizeList({
  prizes,
  onZoom,
}: {
  prizes: readonly WantedPrize[];
  onZoom?: (prize: ZoomedPrize) => void;
}) {
  return (
    <ul className="trade-prizes trade-prizes--wanted" aria-label="Prizes wanted">
      {prizes.map((prize) => (
        <li
          key={prize.prizeId}
          className="trade-prize"
          data-testid="wanted-trade-prize"
          data-prize-name={prize.prizeDetails.name}
        >
          <button
            type="button"
            className="trade-prize__image"
            aria-label={`Enlarge ${prize.prizeDetails.name}`}
            onClick={() => onZoom?.(zoomOf(prize.prizeDetails))}
          >
            <img src={imageUrl(prize.prizeDetails.image)} alt="" loading="lazy" />
          </button>
          <div className="trade-prize__text">
            <strong>
              {prize.prizeDetails.name} × {prize.quantity}
            </strong>
            <span className="trade-prize__set">{prize.productDetails.name}</span>
            {prize.prizeDetails.description && (
              <span className="trade-prize__description">{prize.prizeDetails.description}</span>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
