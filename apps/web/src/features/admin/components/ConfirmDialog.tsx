import type { ReactNode } from 'react';
import { ConfirmDialog as Confirm } from '../../../components/ui/ConfirmDialog';

export interface ConfirmRequest {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
}

/** The app's ConfirmDialog driven by one pending request, as the product editor asks (docs/rules/back-office.md). */
export function ConfirmDialog({
  request,
  onClose,
  busy,
}: {
  request: ConfirmRequest | null;
  onClose: () => void;
  busy?: boolean;
}) {
  return (
    <Confirm
      open={request !== null}
      title={request?.title ?? ''}
      confirmLabel={request?.confirmLabel ?? ''}
      busy={busy}
      onCancel={onClose}
      onConfirm={() => {
        request?.onConfirm();
        onClose();
      }}
    >
      <div className="admin-confirm__message">{request?.message}</div>
    </Confirm>
  );
}
