import { useEffect, useRef } from 'react';

/**
 * Focus for an editor shown in place of its list (the back office's token packages, promo codes,
 * announcements): when it opens, focus moves to the editor's first field (inside `[data-editor]`);
 * when it closes, back to the button that opened it (`data-opener` = the same key), else to the page's
 * heading. Without it the pressed button disappears with the list and focus falls to the page.
 * `openKey`: what is being edited ('new', an id), null while the list shows.
 */
export function useEditorFocus(openKey: string | null): void {
  const lastKey = useRef<string | null>(null);
  useEffect(() => {
    const previous = lastKey.current;
    lastKey.current = openKey;
    if (openKey !== null && previous === null) {
      document.querySelector<HTMLElement>('[data-editor] :is(input, select, textarea)')?.focus();
    } else if (openKey === null && previous !== null) {
      const opener = document.querySelector<HTMLElement>(`[data-opener="${CSS.escape(previous)}"]`);
      const heading = document.querySelector<HTMLElement>('main h1');
      if (opener) opener.focus();
      else if (heading) {
        heading.tabIndex = -1;
        heading.focus();
      }
    }
  }, [openKey]);
}
