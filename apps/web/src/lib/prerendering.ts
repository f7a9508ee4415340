import { createContext, use } from 'react';

/**
 * True while the web build renders a page to HTML (app/prerender-page.tsx). The login guard then draws
 * the page it guards as a signed-in shopper first sees it, before any of their data has arrived,
 * instead of sending the build's signed-out visitor to /login (docs/performance.md).
 */
export const PrerenderingContext = createContext(false);

export const usePrerendering = (): boolean => use(PrerenderingContext);
