import { Link } from 'react-router';
import { InfoLayout } from './InfoLayout';

/** Placeholder for the second product line (docs/rules/catalogue.md). */
export function BlindBoxesPage() {
  return (
    <InfoLayout title="Blind Boxes Page">
      <div className="center-card">
        <svg viewBox="0 0 140 140" width="120" height="120" aria-hidden="true">
          <circle cx="70" cy="74" r="58" fill="#ffe3e8" />
          <path d="M70 30l46 20v52l-46 22-46-22V50z" fill="#b9f0e4" />
          <path d="M70 30l46 20-46 20-46-20z" fill="#e6fffa" />
          <path d="M70 70v54l-46-22V50z" fill="#7fd8c6" />
          <text
            x="95"
            y="100"
            textAnchor="middle"
            fontFamily="'Arial Black', Arial, sans-serif"
            fontWeight="900"
            fontSize="34"
            fill="#1d6b5c"
          >
            ?
          </text>
        </svg>
        <span className="soon-badge">Coming soon</span>
        <p>Blind Boxes are on their way: sealed surprise collectibles, opened right here.</p>
        <p className="muted">Until then, try your luck with Ichiban Kuji.</p>
        <Link to="/ichiban-kuji-products" className="btn btn--primary">
          Play Ichiban Kuji
        </Link>
      </div>
    </InfoLayout>
  );
}
