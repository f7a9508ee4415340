import { formatCents, percentOff, type TokenPackage } from '@kujiya/shared';
import { TokenIcon } from '../../../components/icons';
import { formatTokens } from '../lib/format';

/** One token package: amount, price, and the struck original price with its percent off. */
export function PackageCard({
  tokenPackage,
  onPurchase,
  disabled,
}: {
  tokenPackage: TokenPackage;
  onPurchase: () => void;
  disabled: boolean;
}) {
  const { packageName, tokenAmount, price, originalPrice, promoBanner } = tokenPackage;
  const discounted = originalPrice !== undefined && originalPrice > price;
  return (
    <article className="package-card" aria-label={packageName}>
      {discounted && <span className="package-card__badge">{percentOff(originalPrice, price)}% OFF</span>}
      <div className="package-card__coin">
        <TokenIcon size={34} />
      </div>
      <div className="package-card__body">
        <h2 className="package-card__name">{packageName}</h2>
        <p className="package-card__amount">{formatTokens(tokenAmount)} Tokens</p>
        {promoBanner && <p className="package-card__banner">{promoBanner}</p>}
        <p className="package-card__price">
          <span className="package-card__now">{formatCents(price)}</span>
          {discounted && (
            <s className="package-card__was" aria-label={`Original price ${formatCents(originalPrice)}`}>
              {formatCents(originalPrice)}
            </s>
          )}
        </p>
      </div>
      <button type="button" className="btn btn--primary package-card__buy" disabled={disabled} onClick={onPurchase}>
        Purchase
      </button>
    </article>
  );
}
