import type { ReactNode } from 'react';
import { Dialog } from './Dialog';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What will happen, in the shop's words. */
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  busy?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** A question before an action that cannot be undone (or reaches other people): the action runs only on confirm. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  busy = false,
  onCancel,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={onCancel} title={title}>
      {children}
      <div className="dialog-actions">
        <button type="button" className="btn btn--ghost" onClick={onCancel}>
          {cancelLabel}
        </button>
        {/* aria-disabled while busy: the pressed button keeps focus (a press meanwhile does nothing). */}
        <button type="button" className="btn btn--primary" aria-disabled={busy} onClick={() => !busy && onConfirm()}>
          {busy ? 'Please wait…' : confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
