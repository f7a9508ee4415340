import { Outlet, ScrollRestoration } from 'react-router';
import { NavBar } from './NavBar';

/** The frame of every page: the navigation bar above the routed page. */
export function RootLayout() {
  return (
    <>
      <NavBar />
      <Outlet />
      {/* New pages start at the top; back/forward restores the old position. */}
      <ScrollRestoration />
    </>
  );
}
