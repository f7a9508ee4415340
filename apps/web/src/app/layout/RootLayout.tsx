import { Outlet, ScrollRestoration } from 'react-router';
import { NavBar } from './NavBar';
import { LiveUpdates } from '../../app/LiveUpdates';
import { PurchaseToast } from '../../features/live/components/PurchaseToast';
import { AnnouncementBanner } from '../../features/announcements/components/AnnouncementBanner';

/** The frame of every page: the navigation bar above the routed page. */
export function RootLayout() {
  return (
    <>
      <NavBar />
      <AnnouncementBanner />
      {/* The live socket (anyone, signed in or not) and the banner of other shoppers' purchases. */}
      <LiveUpdates />
      <PurchaseToast />
      <Outlet />
      {/* New pages start at the top; back/forward restores the old position. */}
      <ScrollRestoration />
    </>
  );
}
