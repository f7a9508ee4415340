import { Link, Navigate, Outlet, useNavigate } from 'react-router';
import { KujiyaMark } from '../../../components/icons';
import { adminSession } from '../admin-session';
import './admin.css';

/**
 * The admin guard (docs/rules/back-office.md) and the back office frame: a missing or expired token, or a role
 * other than admin, goes to /admin/login.
 */
export function RequireAdmin() {
  const navigate = useNavigate();
  if (!adminSession.isValid()) return <Navigate to="/admin/login" replace />;
  return (
    <div className="admin-shell">
      <header className="admin-header">
        <Link to="/admin/menu" className="admin-header__brand">
          <KujiyaMark size={26} />
          <span>Kujiya Admin</span>
        </Link>
        <button
          type="button"
          className="btn btn--ghost admin-header__logout"
          onClick={() => {
            adminSession.clear();
            navigate('/admin/login', { replace: true });
          }}
        >
          Log out
        </button>
      </header>
      <Outlet />
    </div>
  );
}
