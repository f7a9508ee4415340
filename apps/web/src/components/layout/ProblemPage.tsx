import { Link } from 'react-router';
import './error-page.css';

/** The frame of the error and not-found pages: the torn tickets, a title, a line, and ways back. */
export function ProblemPage({ title, text }: { title: string; text: string }) {
  return (
    <main className="page error-page">
      <TornTicketsArt />
      <h1 className="error-page__title">{title}</h1>
      <p className="error-page__text">{text}</p>
      <div className="error-page__actions">
        <Link className="btn btn--primary" to="/">
          Back to home
        </Link>
        <Link className="btn btn--ghost" to="/ichiban-kuji-products">
          Browse sets
        </Link>
      </div>
    </main>
  );
}

/** The two torn tickets ('?' and '!') of the error and not-found pages. */
function TornTicketsArt() {
  return (
    <svg className="error-page__art" viewBox="0 0 160 120" aria-hidden="true">
      <circle cx="80" cy="62" r="54" fill="#ffe3e8" />
      <g transform="rotate(-10 58 60)">
        <path
          d="M30 22h44l-6 12 6 12-6 12 6 12-6 12 6 12H30z"
          fill="#fff"
          stroke="#e8344e"
          strokeWidth="3"
          strokeLinejoin="round"
        />
        <rect x="30" y="22" width="38" height="12" fill="#e8344e" />
        <text
          x="50"
          y="80"
          textAnchor="middle"
          fontFamily="'Arial Black', Arial, sans-serif"
          fontWeight="900"
          fontSize="30"
          fill="#e8344e"
        >
          ?
        </text>
      </g>
      <g transform="rotate(12 104 62)">
        <path
          d="M92 26h38v84H92l6-12-6-12 6-12-6-12 6-12-6-12z"
          fill="#fff"
          stroke="#7b4de0"
          strokeWidth="3"
          strokeLinejoin="round"
        />
        <rect x="96" y="26" width="34" height="12" fill="#7b4de0" />
        <text
          x="114"
          y="84"
          textAnchor="middle"
          fontFamily="'Arial Black', Arial, sans-serif"
          fontWeight="900"
          fontSize="30"
          fill="#7b4de0"
        >
          !
        </text>
      </g>
    </svg>
  );
}
