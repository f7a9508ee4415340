import { Dialog } from './ui/Dialog';

/** 'Please login first!' with OK: shown when a guarded action is tried while logged out (docs/rules/accounts.md). */
export function LoginRequiredDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Please login first!">
      <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
        <button type="button" className="btn btn--primary" data-autofocus onClick={onClose}>
          OK
        </button>
      </div>
    </Dialog>
  );
}
