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

/** The two torn tickets ('?' and '!'): a static file (public/art), so the entry does not carry its markup. */
function TornTicketsArt() {
  return <img className="error-page__art" src="/art/torn-tickets.svg" alt="" width={160} height={120} />;
}
