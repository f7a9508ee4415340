import { PromoBackdrop, PromoTickets } from './PromoArt';

/** The promo banner at the top of home. */
export function PromoBanner() {
  return (
    <section className="promo-banner" aria-labelledby="promo-title">
      <PromoBackdrop />
      <div className="promo-banner__text">
        <p className="promo-banner__eyebrow">New sets every week</p>
        <h1 id="promo-title" className="promo-banner__title">
          Pull a ticket, win the figure.
        </h1>
        <p className="promo-banner__lead">Real Ichiban Kuji prizes and fair draws, delivered across Singapore.</p>
      </div>
      <PromoTickets />
    </section>
  );
}
