import { Link } from 'react-router';
import { TornTicketsArt } from './TornTicketsArt';
import './error-page.css';

/** Any address the shop has no page for (the back office has its own, behind the admin guard). */
export function NotFoundPage() {
  return (
    <main className="page error-page">
      <TornTicketsArt />
      <h1 className="error-page__title">Page not found</h1>
      <p className="error-page__text">This page does not exist. The ticket you pulled has no prize behind it.</p>
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
