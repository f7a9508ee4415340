import { Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { NavBar } from './NavBar';
import { useAfterFirstPaint } from '../../lib/use-after-first-paint';
import { usePageTitle } from '../../lib/page-title';
import { useFocusHeadingOnNavigation } from '../../lib/use-focus-heading';
import { loadContractInSteps } from '../contract-steps';
import { lazyWithQueries } from '../with-queries';
import { loadSiteRoutes } from '../site-routes-loader';

// Not needed for the first paint, and each parses its data with the contract's schemas: loaded
// on their own so the frame carries no schema library (docs/performance.md). Each brings the query
// client (app/with-queries.ts), which the first paint of `/` does not need either.
const LiveUpdates = lazyWithQueries(async () => (await import('../LiveUpdates')).LiveUpdates);
const PurchaseToast = lazyWithQueries(
  async () => (await import('../../features/live/components/PurchaseToast')).PurchaseToast,
);
const AnnouncementBanner = lazyWithQueries(
  async () => (await import('../../features/announcements/components/AnnouncementBanner')).AnnouncementBanner,
);

/** The frame of every page: the navigation bar above the routed page. */
export function RootLayout() {
  const painted = useAfterFirstPaint(loadContractInSteps);
  // Every page: its own title from its route's handle, and focus on its heading after a navigation.
  usePageTitle();
  useFocusHeadingOnNavigation();
  // Home paints without the other pages' route table (app/router.tsx); fetched now, the first tap on
  // a link does not wait for it. A failed load is tried again on that navigation.
  useEffect(() => {
    if (painted) loadSiteRoutes().catch(() => undefined);
  }, [painted]);
  return (
    <>
      <NavBar />
      {/* After the first paint: the page's own chunks and data go first (docs/performance.md). */}
      {painted && (
        <>
          {/* One boundary each, so their chunks load side by side, not one after the other. */}
          <Suspense fallback={null}>
            <AnnouncementBanner />
          </Suspense>
          {/* The live socket (anyone, signed in or not) and the banner of other shoppers' purchases. */}
          <Suspense fallback={null}>
            <LiveUpdates />
          </Suspense>
          <Suspense fallback={null}>
            <PurchaseToast />
          </Suspense>
        </>
      )}
      <Outlet />
      {/* New pages start at the top; back/forward restores the old position. */}
      <ScrollRestoration />
    </>
  );
}
