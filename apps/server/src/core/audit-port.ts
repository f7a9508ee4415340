import type { Tx } from '../db/database.ts';
import type { Principal } from './auth.ts';

/**
 * What a module needs to write a back-office change into the audit log, inside the change's own
 * transaction. The audit module provides it; modules built before it receive it through `useAudit`.
 */
export interface AuditEntryInput {
  action: string;
  entityType: string;
  entityId: string;
  before: unknown;
  after: unknown;
}
export interface AuditRecorder {
  record(tx: Tx, admin: Principal, entry: AuditEntryInput): Promise<void>;
}

/** A slot for the recorder: set once at composition; a missing one is a programming error. */
export function auditSlot() {
  let recorder: AuditRecorder | undefined;
  return {
    use(value: AuditRecorder) {
      recorder = value;
    },
    async record(tx: Tx, admin: Principal, entry: AuditEntryInput): Promise<void> {
      if (!recorder) throw new Error('audit recorder not set');
      await recorder.record(tx, admin, entry);
    },
  };
}
