import { Link } from 'react-router';
import './admin.css';

import { adminSections } from '../sections';
import { Dashboard } from './Dashboard';

/** The back office dashboard (docs/rules/back-office.md): the figures, then one entry per admin area. */
export const adminMenuEntries = adminSections.filter((section) => section.to !== '/admin/menu');

export function AdminMenuPage() {
  return (
    <main className="admin-page admin-page--wide">
      <h1 className="admin-title">Admin Dashboard</h1>
      <Dashboard />
      <nav aria-label="Admin menu">
        <ul className="admin-menu">
          {adminMenuEntries.map((entry) => {
            const hintId = `admin-menu-hint-${entry.to.split('/').pop()}`;
            return (
              <li key={entry.to}>
                {/* The entry's name is the fixed label (docs/rules/back-office.md); the hint only describes it. */}
                <Link to={entry.to} className="admin-menu__entry" aria-label={entry.label} aria-describedby={hintId}>
                  <span className="admin-menu__label">{entry.label}</span>
                  <span className="admin-menu__hint" id={hintId}>
                    {entry.hint}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </main>
  );
}
