import { usePromoCodeUses } from '../../api/getPromoCodeUses';
import { formatSgDateTime } from '@kujiya/shared';

/** Each payment a code was applied to, with its shopper and whether the use counted. */
export function PromoCodeUses({ promoCodeId }: { promoCodeId: string }) {
  const { data, error } = usePromoCodeUses(promoCodeId);
  return (
    <section className="ops-card" aria-label="Uses">
      <h3 className="ops-subtitle">Uses ({data?.promoCode.usesCount ?? '…'} counted)</h3>
      {error && <p role="alert">Error: {error.message}</p>}
      {data && data.uses.length === 0 && <p className="ops-muted">Not used yet.</p>}
      <ul className="ops-list">
        {data?.uses.map((use) => (
          <li key={use.paymentIntentId}>
            {use.username} · payment {use.paymentIntentId} · {use.status} · {formatSgDateTime(use.redeemedAt ?? use.at)}
          </li>
        ))}
      </ul>
    </section>
  );
}
