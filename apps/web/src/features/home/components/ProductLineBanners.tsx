import { useNavigate } from 'react-router';
import { BlindBoxArt, KujiBoxArt } from './ProductLineArt';

/** The two product lines: Ichiban Kuji (a Play button to the list) and Blind Boxes (coming soon). */
export function ProductLineBanners() {
  const navigate = useNavigate();
  return (
    <div className="line-banners">
      <section className="line-banner line-banner--kuji" aria-labelledby="kuji-banner-title">
        <div className="line-banner__body">
          <h2 id="kuji-banner-title" className="line-banner__title">
            Ichiban Kuji
          </h2>
          <p className="line-banner__text">Every ticket is a prize, from Prize A down to the Last Prize.</p>
          <button
            type="button"
            className="btn btn--gold line-banner__button"
            onClick={() => navigate('/ichiban-kuji-products')}
          >
            Play
          </button>
        </div>
        <KujiBoxArt />
      </section>
      <section className="line-banner line-banner--blind" aria-labelledby="blind-banner-title">
        <div className="line-banner__body">
          <h2 id="blind-banner-title" className="line-banner__title">
            Blind Boxes
          </h2>
          <p className="line-banner__text">Surprise collectibles, one sealed box at a time.</p>
          <button type="button" className="btn line-banner__button line-banner__button--soon" disabled>
            Coming soon
          </button>
        </div>
        <BlindBoxArt />
      </section>
    </div>
  );
}
