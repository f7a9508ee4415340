import { promotionTagText, type Product } from '@kujiya/shared';
import { Dialog } from '../../../../components/ui/Dialog';

/** Shown before the play popup when the set has a promotion or is a Chance set (docs/rules/promotions.md). */
export function PromotionInfoDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const title = promotionTagText(product) ?? product.name;
  return (
    <Dialog open onClose={onClose} title={title} className="promo-info">
      <div className="promo-info__body">
        <PromotionExplanation product={product} />
      </div>
      <button type="button" className="btn btn--primary btn--block" data-autofocus onClick={onClose}>
        Got it!
      </button>
    </Dialog>
  );
}

function PromotionExplanation({ product }: { product: Product }) {
  if (product.lottery.enabled) {
    return (
      <>
        <p>
          <strong>{product.name}</strong> is a Chance set. Every ticket you buy is an entry: nothing is drawn when you
          buy.
        </p>
        <p>
          When the last ticket is sold, the winner of every prize is drawn fairly from all entries. Everyone who took
          part is notified, and the prizes go straight to the winners&apos; inventories.
        </p>
      </>
    );
  }
  const promotion = product.promotion;
  if (promotion?.type === 'BUY_X_GET_Y_FREE') {
    const { requiredQuantity, freeQuantity } = promotion.details;
    return (
      <>
        <p>
          For every <strong>{requiredQuantity}</strong> tickets you pay for, you get <strong>{freeQuantity}</strong>{' '}
          more ticket{freeQuantity === 1 ? '' : 's'} free.
        </p>
        <p>Free tickets are drawn like any other ticket, as long as the set still has tickets left.</p>
      </>
    );
  }
  if (promotion?.type === 'CHALLENGE') {
    const { minimumQuantity, challengeAlphabet } = promotion.details;
    return (
      <>
        <p>
          Buy at least <strong>{minimumQuantity}</strong> tickets and take the challenge: win{' '}
          <strong>Prize {challengeAlphabet}</strong>!
        </p>
        <p>
          Your tickets are opened one by one. The moment you draw Prize {challengeAlphabet}, you win the challenge and
          the tickets you have not opened yet are refunded to you as tokens.
        </p>
      </>
    );
  }
  return null;
}
