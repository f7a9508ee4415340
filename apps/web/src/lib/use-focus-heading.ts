import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a page may take to show its heading (a lazy chunk and its data) before focus is left alone. */
const HEADING_WAIT_MS = 10_000;

/**
 * After each navigation (not the first load), moves focus to the new page's main heading, as a
 * screen reader user expects a new page to start there; the heading gets tabIndex -1 (focusable by
 * script only). Focus stays where it is if the page or a dialog already placed it, or the user moved it.
 */
export function useFocusHeadingOnNavigation(): void {
  const { pathname } = useLocation();
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const firstLoad = previous.current === null;
    previous.current = pathname;
    if (firstLoad) return;
    const startedOn = document.activeElement;
    const placeFocus = (): boolean => {
      const active = document.activeElement;
      const moved = active !== null && active !== document.body && active !== startedOn && active.isConnected;
      if (moved || active?.closest('dialog')) return true;
      const heading = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
      return true;
    };
    if (placeFocus()) return;
    // The heading may come with the page's data: watch the page until it appears.
    const observer = new MutationObserver(() => {
      if (placeFocus()) stop();
    });
    const timer = window.setTimeout(stop, HEADING_WAIT_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [pathname]);
}
