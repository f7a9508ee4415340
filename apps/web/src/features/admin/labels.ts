/**
 * Human labels for the codes the back office shows (docs/rules/back-office.md): statuses, reasons,
 * gateway events. An unknown code is shown as words ("sold_out" → "Sold out"), never raw.
 */
const LABELS: Record<string, string> = {
  // Orders
  pending: 'Pending',
  paid: 'Paid',
  refund_pending: 'Refund pending',
  refunding: 'Refund being sent',
  refunded: 'Refunded',
  canceled: 'Cancelled',
  cancelled: 'Cancelled',
  // Card payments
  requires_payment_method: 'Awaiting payment',
  succeeded: 'Succeeded',
  failed: 'Failed',
  // Token lots and the ledger
  purchase: 'Bought',
  bonus: 'Promo bonus',
  refund: 'Refund',
  adjustment: 'Adjustment by an admin',
  spend: 'Spent',
  revoked: 'Revoked (payment refunded)',
  // Draws
  ticket: 'Ticket',
  entry: 'Chance entry',
  lottery: 'Lottery win',
  double: 'Double-chance win',
  // Rounds, trades, collections
  open: 'Open',
  sold_out: 'Sold out',
  closed: 'Closed (reloaded)',
  active: 'Active',
  completed: 'Completed',
  expired: 'Expired',
  // Gateway events
  'payment_intent.succeeded': 'Payment succeeded',
  'payment_intent.payment_failed': 'Payment failed',
  'payment_intent.canceled': 'Payment cancelled',
  'charge.refunded': 'Refunded',
  applied: 'applied',
  ignored: 'ignored (already handled)',
};

/** The label of a status, reason or event code. */
export function labelOf(code: string): string {
  const known = LABELS[code];
  if (known) return known;
  const words = code.replace(/[._-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Cents as the back office shows money: "S$12.50". */
export const sgd = (cents: number) => `S$${(cents / 100).toFixed(2)}`;

/** "36 tokens", "1 token" */
export const tokensText = (tokens: number) => `${tokens} token${Math.abs(tokens) === 1 ? '' : 's'}`;
