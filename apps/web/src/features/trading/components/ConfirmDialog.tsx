import { ConfirmDialog as Confirm } from '../../../components/ui/ConfirmDialog';

interface ConfirmDialogProps {
  question: string | null;
  busy: boolean;
  onNo: () => void;
  onYes: () => void;
}

/** A yes/no question before an action that cannot be undone. */
export function ConfirmDialog({ question, busy, onNo, onYes }: ConfirmDialogProps) {
  return (
    <Confirm
      open={question !== null}
      title="Please confirm"
      confirmLabel="Yes"
      cancelLabel="No"
      busy={busy}
      onCancel={onNo}
      onConfirm={onYes}
    >
      <p>{question}</p>
    </Confirm>
  );
}
