import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './dialog.css';

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * A modal <dialog> keeps the page inert, but Tab past its last control leaves for the browser's own
 * bar: Tab and Shift+Tab wrap around inside the dialog instead (focus stays trapped while it is open).
 */
function keepTabInside(event: KeyboardEvent<HTMLDialogElement>): void {
  // A dialog opened from inside another handles its own keys (the event bubbles through both).
  if ((event.target as Element).closest('dialog') !== event.currentTarget) return;
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.matches(':disabled') && element.getClientRects().length > 0,
  );
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === event.currentTarget)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  /** Visible title; also the dialog's accessible name. */
  title: ReactNode;
  /** Hide the title visually but keep it as the accessible name. */
  hideTitle?: boolean;
  children: ReactNode;
  className?: string;
  /** Show the × close button (default true). */
  closable?: boolean;
}

/**
 * Accessible popup on the native <dialog>: modal (the page behind is inert, focus is trapped), focus
 * moves inside (to the element marked `data-autofocus`, else the first focusable one), Escape and the × button close it, the title labels it, focus returns to the opener on close.
 */
export function Dialog({ open, onClose, title, hideTitle, children, className, closable = true }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const openRef = useRef(open);
  openRef.current = open;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const opener = document.activeElement as HTMLElement | null;
      dialog.showModal();
      // showModal() focuses the first focusable element; a dialog names its intended first control
      // with data-autofocus instead (React's autoFocus runs before showModal() and is overridden).
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
      return () => {
        if (dialog.open) dialog.close();
        opener?.focus?.();
      };
    }
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className={`dialog ${className ?? ''}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCloseRef.current();
      }}
      // If the browser closes the dialog by itself (e.g. repeated Escape skips 'cancel'), keep React in step.
      onClose={() => {
        if (openRef.current) onCloseRef.current();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Tab') keepTabInside(event);
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its box) closes it.
        if (event.target === ref.current && closable) onCloseRef.current();
      }}
    >
      <div className="dialog__box">
        <h2 id={titleId} className={hideTitle ? 'visually-hidden' : 'dialog__title'}>
          {title}
        </h2>
        {children}
        {/* After the content in DOM order, so opening the dialog focuses its first field or action. */}
        {closable && (
          <button type="button" className="dialog__close" aria-label="Close" onClick={() => onCloseRef.current()}>
            ×
          </button>
        )}
      </div>
    </dialog>
  );
}
