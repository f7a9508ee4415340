import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ErrorCode } from '@kujiya/shared';
import { Link, Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { KujiyaMark } from '../../../components/nav-icons';
import { adminSession, isAdminAuthFailure } from '../admin-session';
import { groupedSectionsFor } from '../sections';
import { useAdminMe } from '../api/getAdminMe';
import './admin.css';

/**
 * The admin guard (docs/rules/back-office.md) and the back office frame: a missing or expired token, or a role
 * other than admin, goes to /admin/login; so does any admin call answering 401 or 403.
 */
export function RequireAdmin() {
  const navigate = useNavigate();
  useAdminAuthFailureRedirect();
  // The menu follows the account's role: staff see only their sections.
  const me = useAdminMe();
  const { pathname } = useLocation();
  if (!adminSession.isValid()) return <Navigate to="/admin/login" replace />;
  // An owner who must still set up two-factor sign-in sees only its page (docs/rules/two-factor.md).
  const enrolmentOnly = adminSession.enrolmentOnly();
  if (enrolmentOnly && pathname !== TWO_FACTOR_PAGE) return <Navigate to={TWO_FACTOR_PAGE} replace />;
  return (
    <div className={enrolmentOnly ? 'admin-shell admin-shell--bare' : 'admin-shell'}>
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
      {!enrolmentOnly && (
        <>
          {/* A sidebar at a desk (every entry in view at 1024 px and up), a scrolling strip on a phone. */}
          <nav className="admin-nav" aria-label="Back office sections">
            {groupedSectionsFor(me.data?.role).map(({ group, sections }) => (
              <div key={group} className="admin-nav__group" role="group" aria-label={group}>
                <p className="admin-nav__heading" aria-hidden="true">
                  {group}
                </p>
                {sections.map((section) => (
                  <NavLink key={section.to} to={section.to} className="admin-nav__link">
                    {section.label}
                  </NavLink>
                ))}
              </div>
            ))}
          </nav>
        </>
      )}
      <div className="admin-shell__main">
        <Outlet />
      </div>
    </div>
  );
}

const TWO_FACTOR_PAGE = '/admin/two-factor';

/**
 * Watches every query and mutation: an admin auth failure forgets the token and goes to the login;
 * "set up two-factor first" goes to its page.
 */
function useAdminAuthFailureRedirect() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    const onError = (error: unknown) => {
      if (error instanceof ApiError && error.code === ErrorCode.TWO_FACTOR_ENROLMENT_REQUIRED) {
        navigate(TWO_FACTOR_PAGE, { replace: true });
        return;
      }
      if (!isAdminAuthFailure(error)) return;
      adminSession.clear();
      queryClient.removeQueries({ queryKey: ['admin'] });
      navigate('/admin/login', { replace: true });
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient, navigate]);
}
