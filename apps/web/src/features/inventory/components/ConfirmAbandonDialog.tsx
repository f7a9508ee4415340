import type { SelectedItem } from '@kujiya/shared';
import { Dialog } from '../../../components/ui/Dialog';
import { SelectedItemList } from './SelectedItemList';

interface ConfirmAbandonDialogProps {
  open: boolean;
  selection: readonly SelectedItem[];
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}

/** The confirm modal of Abandon Items: abandoned units are gone for good. */
export function ConfirmAbandonDialog({ open, selection, busy, error, onCancel, onConfirm }: ConfirmAbandonDialogProps) {
  return (
    <Dialog open={open} onClose={onCancel} title="Abandon Items">
      <p>Are you sure you want to abandon these items? This cannot be undone.</p>
      <SelectedItemList selection={selection} />
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn btn--ghost" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="btn btn--primary" aria-disabled={busy} onClick={() => !busy && onConfirm()}>
          {busy ? 'Please wait…' : 'Confirm'}
        </button>
      </div>
    </Dialog>
  );
}
