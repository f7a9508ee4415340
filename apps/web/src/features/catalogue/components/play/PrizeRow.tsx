import { isPrizeSoldOut, prizeLabel, ticketBackTier, type Prize } from '@kujiya/shared';
import { imageUrl } from '../../../../lib/image-url';

/** The prizes of the round: letter, image (opens the full-size popup), description and quantity. */
export function PrizeRow({ prizes, onOpen }: { prizes: Prize[]; onOpen: (prize: Prize) => void }) {
  return (
    <ul className="prize-row" aria-label="Prizes">
      {prizes.map((prize) => {
        const soldOut = isPrizeSoldOut(prize.quantity);
        const label = prizeLabel(prize.name);
        return (
          <li
            key={prize.id}
            className={`prize-card prize-card--${ticketBackTier(prize.rank)}${soldOut ? ' prize-card--sold-out' : ''}`}
            data-sold-out={soldOut ? 'true' : 'false'}
          >
            <span className="prize-card__letter">{label}</span>
            <button
              type="button"
              className="prize-card__image"
              // The name holds the words shown on the picture (SOLD OUT): WCAG 2.5.3, label in name.
              aria-label={`View ${label} (${prize.description})${soldOut ? ' SOLD OUT' : ''}`}
              onClick={() => onOpen(prize)}
            >
              <img src={imageUrl(prize.image)} alt="" loading="lazy" />
              {soldOut && <span className="prize-card__sold-out">SOLD OUT</span>}
            </button>
            <span className="prize-card__description">{prize.description}</span>
            <span className="prize-card__quantity">{prize.quantity} left</span>
            {prize.doubleChance && <span className="prize-card__double">Double Chance</span>}
          </li>
        );
      })}
    </ul>
  );
}
