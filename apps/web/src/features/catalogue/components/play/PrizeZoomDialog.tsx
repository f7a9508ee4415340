import { useEffect, useState } from 'react';
import { prizeFullName, type Prize } from '@kujiya/shared';
import { Dialog } from '../../../../components/ui/Dialog';
import { imageUrl } from '../../../../lib/image-url';

/** The full-size prize image popup, closing with a 250 ms animation. */
export const PRIZE_POPUP_CLOSE_MS = 250;

export function PrizeZoomDialog({ prize, onClose }: { prize: Prize | null; onClose: () => void }) {
  const [closing, setClosing] = useState(false);

  useEffect(() => {
    if (!closing) return;
    const timer = window.setTimeout(() => {
      setClosing(false);
      onClose();
    }, PRIZE_POPUP_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [closing, onClose]);

  if (!prize) return null;
  return (
    <Dialog
      open
      onClose={() => setClosing(true)}
      title={prizeFullName(prize)}
      className={`prize-zoom${closing ? ' prize-zoom--closing' : ''}`}
    >
      <img className="prize-zoom__image" src={imageUrl(prize.image)} alt={prize.description} />
      <p className="prize-zoom__meta">
        <span>{prize.type === 'Big' ? 'Big prize' : 'Small prize'}</span>
        <span>{prize.quantity} left</span>
      </p>
    </Dialog>
  );
}
