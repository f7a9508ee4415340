import { Link } from 'react-router';
import './admin.css';

/** The back office dashboard (docs/rules/back-office.md): one entry per admin area. */
export const adminMenuEntries = [
  { to: '/admin/products', label: 'Products', hint: 'Sets, prizes, reloads and availability' },
  { to: '/admin/orders', label: 'Orders', hint: 'Every order, lottery and payment state' },
  { to: '/admin/selfcollect', label: 'Self Collections', hint: 'Booked pick-ups and their status' },
  { to: '/admin/shipments', label: 'Shipments', hint: 'Parcels to send and export labels' },
  { to: '/admin/inventory-lookup', label: 'Inventory Lookup', hint: "Any user's inventory" },
] as const;

export function AdminMenuPage() {
  return (
    <main className="admin-page">
      <h1 className="admin-title">Admin Dashboard</h1>
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
