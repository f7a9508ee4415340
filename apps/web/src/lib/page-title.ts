import { useEffect } from 'react';
import { useMatches } from 'react-router';

/** What a route's `handle` carries for the page title (one mechanism for every page). */
export interface PageTitleHandle {
  /** The whole document title. */
  title: string;
}

/** A route handle titling its page "<page> · Kujiya": `{ path: 'faq', handle: pageTitle('FAQ'), ... }`. */
export function pageTitle(page: string): PageTitleHandle {
  return { title: `${page} · Kujiya` };
}

/** The title a route's handle names, if it names one. */
export function titleOf(handle: unknown): string | null {
  return typeof handle === 'object' && handle !== null && 'title' in handle && typeof handle.title === 'string'
    ? handle.title
    : null;
}

/**
 * Sets `document.title` from the deepest matched route that names one (the frame calls it once), so
 * each navigation reads its own page's title, never the one before.
 */
export function usePageTitle(): void {
  const matches = useMatches();
  const title = matches.map((match) => titleOf(match.handle)).findLast((value) => value !== null) ?? null;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
