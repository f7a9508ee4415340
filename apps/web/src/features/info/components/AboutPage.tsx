import { Link } from 'react-router';
import { InfoLayout } from './InfoLayout';

export function AboutPage() {
  return (
    <InfoLayout
      title="About Us"
      lead="A small team of collectors bringing the thrill of Ichiban Kuji to Singapore, one ticket at a time."
    >
      <p>
        Ichiban Kuji is the prize draw you find in Japanese convenience stores: pick a ticket, tear it open, and walk
        away with a figure, a plush or a towel from your favourite anime. We started Kujiya because we wanted that same
        moment here at home, without the flight to Tokyo.
      </p>

      <h2>What we stand for</h2>
      <div className="info-card-grid">
        <section className="info-card">
          <h3>Fair, and provably so</h3>
          <p>
            Every set commits to its secret seed before the first ticket is sold, every draw is in a public log, and the
            seed is revealed at sell-out so anyone can check the results.
          </p>
        </section>
        <section className="info-card">
          <h3>Real prizes</h3>
          <p>Official Ichiban Kuji sets. What you see on the prize row is what is in the box.</p>
        </section>
        <section className="info-card">
          <h3>Made for Singapore</h3>
          <p>Prices in SGD, delivery in 2 to 4 working days, or collect your prizes from us in person.</p>
        </section>
        <section className="info-card">
          <h3>A community of collectors</h3>
          <p>Got a double? Trade it with another collector for the prize you are missing.</p>
        </section>
      </div>

      <p>
        New here? Read <Link to="/how-it-works">How It Works</Link>, then{' '}
        <Link to="/ichiban-kuji-products">pick a set</Link>. We would love to hear from you too:{' '}
        <Link to="/contact-us">contact us</Link> any time.
      </p>
    </InfoLayout>
  );
}
