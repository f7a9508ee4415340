/**
 * The background jobs by name (docs/jobs.md). Modules name a job here when they ask for a run after
 * their transaction commits (`ctx.jobs.kick`); the registry (src/jobs/registry.ts) says what each does.
 */
export const JOB = {
  mailDelivery: 'mail-delivery',
  refunds: 'refunds',
  reservationExpiry: 'reservation-expiry',
  paymentEvents: 'payment-events',
  paymentReconcile: 'payment-reconcile',
  shipmentExpiry: 'shipment-expiry',
  courier: 'courier',
  shipByClock: 'ship-by-clock',
  tradeExpiry: 'trade-expiry',
  revokedTokenPurge: 'revoked-token-purge',
  sessionPurge: 'session-purge',
  totpSealing: 'totp-sealing',
  idempotencyKeyPurge: 'idempotency-key-purge',
  dropAlerts: 'drop-alerts',
  pushDelivery: 'push-delivery',
  collectionReminders: 'collection-reminders',
  accountDeletion: 'account-deletion',
} as const;

export type JobName = (typeof JOB)[keyof typeof JOB];

/** What the modules see of the queue: ask for a run once the caller's transaction has committed. */
export interface JobKicker {
  /** A run of `name` soon (coalesced with one already waiting). Does nothing while the queue is stopped. */
  kick(name: JobName): void;
}
