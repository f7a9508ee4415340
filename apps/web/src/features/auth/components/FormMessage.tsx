import type { ReactNode } from 'react';

/** A form's result line: errors in red (announced), successes in green. */
export function FormMessage({ kind = 'error', children }: { kind?: 'error' | 'ok'; children: ReactNode }) {
  if (!children) return null;
  return (
    <p className={`auth-message auth-message--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}
