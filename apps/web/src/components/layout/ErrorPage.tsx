import { isRouteErrorResponse, useRouteError, Link } from 'react-router';
import { NotFoundPage } from './NotFoundPage';
import { TornTicketsArt } from './TornTicketsArt';
import './error-page.css';

/** Shown for an unhandled route error; unknown addresses have their own page (NotFoundPage). */
export function ErrorPage() {
  const error = useRouteError();
  // A 404 thrown by a route (not a fault of the shop) reads the same as an unknown address.
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error(error);
  return (
    <main className="page error-page">
      <TornTicketsArt />
      <h1 className="error-page__title">Unexpected Application Error!</h1>
      <p className="error-page__text">Something went wrong on this page. Please try again in a moment.</p>
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
