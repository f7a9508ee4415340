import type { ReactNode } from 'react';
import type { Trade } from '@kujiya/shared';
import { imageUrl } from '../../../lib/image-url';
import { formatSgDate } from '@kujiya/shared';
import type { ZoomedPrize } from './ImageZoomDialog';
import { GivenPrizeList, WantedPrizeList } from './PrizeList';

interface TradeCardProps {
  trade: Trade;
  /** Show the creator (the marketplace) or the created date (the shopper's own trades). */
  showCreator: boolean;
  onZoom: (prize: ZoomedPrize) => void;
  children?: ReactNode;
}

/** One live trade: who offers what, and what they want in return. */
export function TradeCard({ trade, showCreator, onZoom, children }: TradeCardProps) {
  return (
    <li className="trade-card card" data-testid="trade-card">
      {showCreator ? (
        <div className="trade-card__creator">
          {trade.createdBy.profilePicture && (
            <img src={imageUrl(trade.createdBy.profilePicture)} alt="" className="trade-card__avatar" />
          )}
          <strong>{trade.createdBy.username}</strong>
        </div>
      ) : (
        <p className="trade-card__date">Created {formatSgDate(trade.createdAt)}</p>
      )}
      <h2 className="trade-card__heading">Prizes Offered</h2>
      <GivenPrizeList prizes={trade.prizesOffered} label="Prizes offered" onZoom={onZoom} />
      <h2 className="trade-card__heading">Prizes Wanted</h2>
      <WantedPrizeList prizes={trade.prizesWanted} onZoom={onZoom} />
      {children && <div className="trade-card__actions">{children}</div>}
    </li>
  );
}
