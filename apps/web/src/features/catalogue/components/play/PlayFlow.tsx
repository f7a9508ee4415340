import { useState } from 'react';
import type { Product } from '@kujiya/shared';
import { PlayPopup, type PlayPopupProps } from './PlayPopup';
import { PromotionInfoDialog } from './PromotionInfoDialog';

/** Play: for a promotion or Chance set the info popup comes first, then the play popup (docs/rules/promotions.md). */
export function PlayFlow({ skipInfo, ...props }: PlayPopupProps & { skipInfo?: boolean }) {
  const hasInfo = hasPromotionInfo(props.product);
  const [step, setStep] = useState<'info' | 'play'>(hasInfo && !skipInfo ? 'info' : 'play');
  if (step === 'info') return <PromotionInfoDialog product={props.product} onClose={() => setStep('play')} />;
  return <PlayPopup {...props} />;
}

function hasPromotionInfo(product: Product): boolean {
  return product.lottery.enabled || product.promotion !== null;
}
