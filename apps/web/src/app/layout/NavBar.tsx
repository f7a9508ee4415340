import { Suspense, useCallback, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../lib/session';
import { useDismiss } from '../../components/useDismiss';
import { KujiyaMark, MenuIcon } from '../../components/nav-icons';
import { lazyWithQueries } from '../with-queries';
import './NavBar.css';

// Signed-in only, and each parses its data with the contract's schemas: loaded on demand so the
// frame's chunk carries no schema library (docs/performance.md). Their slots keep their size meanwhile.
// They bring the query client with them (app/with-queries.ts).
const NotificationBell = lazyWithQueries(
  async () => (await import('../../features/notifications/components/NotificationBell')).NotificationBell,
);
const TokenBalanceLink = lazyWithQueries(
  async () => (await import('../../features/tokens/components/TokenBalanceLink')).TokenBalanceLink,
);

/** The logged-in menu: the account areas, then the info pages. */
export const accountMenuLinks = [
  { to: '/inventory', label: 'Manage Inventory' },
  { to: '/manage-trades', label: 'Manage Trades' },
  { to: '/user-profile', label: 'View Profile' },
  { to: '/orders', label: 'Orders' },
  { to: '/shipments', label: 'View Shipments/Self-Collections' },
  { to: '/trading-marketplace', label: 'Trading Marketplace' },
  { to: '/purchase-tokens', label: 'Purchase Tokens' },
] as const;

export const infoMenuLinks = [
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/faq', label: 'FAQ' },
  { to: '/terms-and-conditions', label: 'Terms and Conditions' },
  { to: '/shipping-and-delivery', label: 'Shipping and Delivery' },
  { to: '/about-us', label: 'About Us' },
  { to: '/contact-us', label: 'Contact Us' },
] as const;

function Logo() {
  return (
    <Link to="/" className="nav-logo" aria-label="Kujiya home">
      <KujiyaMark />
      <span className="nav-logo__text">Kujiya</span>
    </Link>
  );
}

function MenuDropdown() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(containerRef, open, close);

  return (
    <div className="nav-widget" ref={containerRef}>
      <button
        type="button"
        className="nav-icon-button"
        aria-label="Menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <MenuIcon />
      </button>
      {open && (
        <nav id={menuId} className="nav-dropdown nav-dropdown--menu" aria-label="Main menu">
          <ul>
            {accountMenuLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} onClick={close}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
          <ul className="nav-dropdown__info">
            {infoMenuLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} onClick={close}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}

/**
 * The sticky navigation bar. Logged out: the logo and 'Sign In / Sign Up' (carrying the
 * current location). Logged in: the menu, the logo, the notifications bell and the token balance.
 * The admin back office has its own header, so the bar stays off /admin pages.
 */
export function NavBar() {
  const { isAuthenticated } = useSession();
  const location = useLocation();
  if (location.pathname === '/admin' || location.pathname.startsWith('/admin/')) return null;

  return (
    <header className="navbar">
      {isAuthenticated ? (
        <div className="navbar__inner navbar__inner--user">
          <MenuDropdown />
          <Logo />
          <div className="navbar__end">
            <Suspense fallback={<span className="nav-slot" aria-hidden="true" />}>
              <NotificationBell />
            </Suspense>
            <Suspense fallback={<span className="nav-slot" aria-hidden="true" />}>
              <TokenBalanceLink />
            </Suspense>
          </div>
        </div>
      ) : (
        <div className="navbar__inner">
          <Logo />
          <Link className="nav-signin" to="/login" state={{ from: location }}>
            Sign In / Sign Up
          </Link>
        </div>
      )}
    </header>
  );
}
