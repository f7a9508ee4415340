import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from 'react-router';
import { entryRoutes, PAGES_ROUTE_ID } from './routes';
import { siteRoutes } from './site-routes';
import { titleOf } from '../lib/page-title';
import { PrerenderingContext } from '../lib/prerendering';

/**
 * The pages whose first screen is the same for every visitor (the list, the fairness page and the signed-in
 * pages as they look before their data arrives): the web build renders
 * them to HTML (scripts/prerender.mjs) and the server sends that markup inside `#root`, so the page
 * paints before any script has run; the app then renders over it (main.tsx, docs/performance.md).
 */
export const PRERENDERED_PATHS = [
  // The list as it paints before the listing has arrived (the server preloads the listing and the
  // first card's artwork beside it).
  '/ichiban-kuji-products',
  '/terms-and-conditions',
  '/shipping-and-delivery',
  '/privacy',
  '/faq',
  '/about-us',
  '/how-it-works',
  '/contact-us',
  '/blind-boxes-products',
  '/login',
  '/sign-up',
  '/verify-email',
  '/verify',
  '/reset-password-verify',
  // Any set's fairness page as it paints while its round loads (`/x/*`: every address under the prefix).
  '/fairness/*',
  // The signed-in pages shoppers use most, as they paint before the shopper's data has arrived (the
  // login guard draws them in the prerender; a signed-out visitor is sent on to /login by the app).
  '/orders',
  '/inventory',
  '/trading-marketplace',
  '/tokens',
] as const;

/** The whole route table at once: the browser adds the site routes on demand (app/router.tsx). */
function allRoutes(): RouteObject[] {
  const addSiteRoutes = (route: RouteObject): RouteObject => {
    if (route.index) return route;
    if (route.id === PAGES_ROUTE_ID) return { ...route, children: [...(route.children ?? []), ...siteRoutes] };
    return { ...route, children: route.children?.map(addSiteRoutes) };
  };
  return entryRoutes.map(addSiteRoutes);
}

const handler = createStaticHandler(allRoutes());

/**
 * A page's first screen as the browser's first render draws it for a visitor who is not signed in (a
 * login-required page: as a signed-in shopper's first render draws it, before their data), and its title.
 */
export async function prerenderPage(pathname: string): Promise<{ html: string; title: string | null }> {
  const context = await handler.query(new Request(new URL(pathname, 'http://localhost')));
  if (context instanceof Response) throw new Error(`prerender: ${pathname} answered a redirect`);
  if (context.statusCode !== 200) throw new Error(`prerender: ${pathname} answered ${context.statusCode}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <PrerenderingContext value>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </PrerenderingContext>,
  );
  const title = context.matches.map((match) => titleOf(match.route.handle)).findLast((value) => value !== null) ?? null;
  return { html, title };
}
