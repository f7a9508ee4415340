import type { ReactNode } from 'react';

/** A button's label with a small spinner beside it while its request runs. */
export function BusyLabel({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <span className="busy-label">
      {busy && <span className="busy-label__spinner" role="status" aria-label="Loading" />}
      {children}
    </span>
  );
}
