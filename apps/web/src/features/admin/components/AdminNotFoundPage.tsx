import { Link } from 'react-router';
import './admin.css';

/**
 * Any other /admin/… address. It sits under the admin guard, so every back-office address sends a
 * visitor without a valid admin token to /admin/login (docs/rules/back-office.md) before saying it does not exist.
 */
export function AdminNotFoundPage() {
  return (
    <main className="admin-page">
      <h1 className="admin-title">Page not found</h1>
      <p>This back-office page does not exist.</p>
      <p>
        <Link to="/admin/menu">Back to the Admin Dashboard</Link>
      </p>
    </main>
  );
}
