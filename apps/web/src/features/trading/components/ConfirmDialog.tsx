import { Dialog } from '../../../components/ui/Dialog';

interface ConfirmDialogProps {
  question: string | null;
  busy: boolean;
  onNo: () => void;
  onYes: () => void;
}

/** A yes/no question before an action that cannot be undone. */
export function ConfirmDialog({ question, busy, onNo, onYes }: ConfirmDialogProps) {
  return (
    <Dialog open={question !== null} onClose={onNo} title="Please confirm">
      <p>{question}</p>
      <div className="dialog-actions">
        <button type="button" className="btn btn--ghost" onClick={onNo}>
          No
        </button>
        <button type="button" className="btn btn--primary" disabled={busy} onClick={onYes}>
          {busy ? 'Please wait…' : 'Yes'}
        </button>
      </div>
    </Dialog>
  );
}
