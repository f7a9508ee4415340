import type { ReactNode } from 'react';
import { Dialog } from '../../../components/ui/Dialog';

export interface ConfirmRequest {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
}

/** Asks before an irreversible back-office action (docs/rules/back-office.md): Cancel or the action itself. */
export function ConfirmDialog({ request, onClose, busy }: { request: ConfirmRequest | null; onClose: () => void; busy?: boolean }) {
  return (
    <Dialog open={request !== null} onClose={onClose} title={request?.title ?? ''} className="admin-confirm">
      {request && (
        <>
          <div className="admin-confirm__message">{request.message}</div>
          <div className="admin-actions">
            <button type="button" className="btn btn--ghost" onClick={onClose}>
              Cancel
            </button>
            <button
              type="button"
              className="btn btn--primary"
              disabled={busy}
              onClick={() => {
                request.onConfirm();
                onClose();
              }}
            >
              {request.confirmLabel}
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}
