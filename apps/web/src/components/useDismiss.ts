import { useEffect, type RefObject } from 'react';

/**
 * Closes a dropdown when the user presses anywhere outside `ref` or presses Escape (
 * clicking outside any dropdown closes it); Escape returns focus to the dropdown's toggle. Listens only while the dropdown is open.
 */
export function useDismiss(ref: RefObject<HTMLElement | null>, open: boolean, onDismiss: () => void): void {
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) onDismiss();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      // Focus inside the dropdown would fall to the page when it closes: it goes back to the toggle
      // (the container's button that controls the dropdown).
      const container = ref.current;
      if (container?.contains(document.activeElement)) {
        container.querySelector<HTMLElement>('[aria-controls]')?.focus();
      }
      onDismiss();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [ref, open, onDismiss]);
}
