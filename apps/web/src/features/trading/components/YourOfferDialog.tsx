import { useState } from 'react';
import { TRADE_ALERTS, type Trade } from '@kujiya/shared';
import { Dialog } from '../../../components/ui/Dialog';
import { useWithdrawOffer } from '../api/withdrawOffer';
import { tradeFailureText } from '../lib/alerts';
import { GivenPrizeList } from './PrizeList';

interface YourOfferDialogProps {
  trade: Trade | null;
  onClose: () => void;
  onDone: (message: string) => void;
}

/** View Your Offer: what you offered on this trade, and Withdraw Offer. */
export function YourOfferDialog({ trade, onClose, onDone }: YourOfferDialogProps) {
  const withdraw = useWithdrawOffer();
  const [error, setError] = useState<string | null>(null);
  const offer = trade?.userOffer ?? null;
  return (
    <Dialog open={offer !== null} onClose={onClose} title="Your Offer">
      {offer && (
        <GivenPrizeList
          prizes={offer.offeredPrizes.map((p) => ({ ...p, prizeId: p.prizeId._id }))}
          label="Your offered prizes"
        />
      )}
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          Close
        </button>
        <button
          type="button"
          className="btn btn--primary"
          disabled={withdraw.isPending}
          onClick={() => {
            if (!trade || !offer) return;
            setError(null);
            withdraw.mutate(
              { tradeId: trade._id, offerId: offer._id },
              {
                onSuccess: () => onDone(TRADE_ALERTS.offerWithdrawn),
                onError: (failure) =>
                  setError(tradeFailureText(failure, TRADE_ALERTS.withdrawFailed, TRADE_ALERTS.withdrawError)),
              },
            );
          }}
        >
          Withdraw Offer
        </button>
      </div>
    </Dialog>
  );
}
