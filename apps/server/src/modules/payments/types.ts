import type { PaymentGatewayKind, PaymentStatus } from '@kujiya/shared';
import type { Tx } from '../../db/database.ts';

/** A card payment as other modules see it (amount in cents). */
export interface PaymentIntent {
  /** The gateway's intent id (pi_...). */
  id: string;
  gateway: PaymentGatewayKind;
  purpose: string;
  userId: string;
  amount: number;
  currency: string;
  status: PaymentStatus;
  lastError: string | null;
  createdAt: Date;
  updatedAt: Date;
  succeededAt: Date | null;
  refundedAt: Date | null;
}

/** Card money of one purpose in a window (cents): what succeeded in it, and what was refunded in it. */
export interface CardTakings {
  purpose: string;
  succeededCents: number;
  refundedCents: number;
}

/** A processed gateway event about an intent. */
export interface PaymentEventView {
  id: string;
  type: string;
  outcome: 'applied' | 'ignored';
  receivedAt: Date;
}

/** Runs inside the event's transaction; throwing rolls the whole event back (it can be retried). */
export type PaymentHandler = (tx: Tx, intent: PaymentIntent) => Promise<void>;
