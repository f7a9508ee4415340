import { Link } from 'react-router';
import './admin.css';

import { adminSections, sectionsFor } from '../sections';
import { useAdminMe } from '../api/getAdminMe';
import { Dashboard } from './Dashboard';

/**
 * The back office dashboard (docs/rules/back-office.md): the business figures for the owner, then one
 * entry per admin area the role may use (staff see no revenue figures: the server refuses them).
 */
export const adminMenuEntries = adminSections.filter((section) => section.to !== '/admin/menu');

export function AdminMenuPage() {
  const me = useAdminMe();
  const entries = sectionsFor(me.data?.role).filter((section) => section.to !== '/admin/menu');
  // The entries depend on the role: no menu until it is known.
  if (!me.data) {
    return (
      <main className="admin-page">
        <h1 className="admin-title">Admin Dashboard</h1>
        <div className="spinner" role="status" aria-label="Loading" />
      </main>
    );
  }
  return (
    <main className="admin-page admin-page--wide">
      <h1 className="admin-title">Admin Dashboard</h1>
      {me.data.role === 'owner' && <Dashboard />}
      <nav aria-label="Admin menu">
        <ul className="admin-menu">
          {entries.map((entry) => {
            const hintId = `admin-menu-hint-${entry.to.split('/').pop()}`;
            return (
              <li key={entry.to} className="admin-menu__entry">
                {/* The link's name is the fixed label (docs/rules/back-office.md); the hint sits beside it and
                    only describes it, the link covering the whole card. */}
                <Link to={entry.to} className="admin-menu__link" aria-describedby={hintId}>
                  <span className="admin-menu__label">{entry.label}</span>
                </Link>
                <span className="admin-menu__hint" id={hintId}>
                  {entry.hint}
                </span>
              </li>
            );
          })}
        </ul>
      </nav>
    </main>
  );
}
