/**
 * How many tickets of an order were opened, kept in session storage so a reload resumes the draw
 * instead of showing it again (the server never draws twice either).
 */
const key = (orderId: string) => `drawProgress:${orderId}`;

export function readDrawProgress(orderId: string, storage: Pick<Storage, 'getItem'> = sessionStorage): number {
  const value = Number(storage.getItem(key(orderId)));
  return Number.isInteger(value) && value > 0 ? value : 0;
}

export function writeDrawProgress(
  orderId: string,
  opened: number,
  storage: Pick<Storage, 'setItem'> = sessionStorage,
): void {
  storage.setItem(key(orderId), String(opened));
}

function clearDrawProgress(orderId: string, storage: Pick<Storage, 'removeItem'> = sessionStorage): void {
  storage.removeItem(key(orderId));
}

const finishedKey = (orderId: string) => `drawFinished:${orderId}`;

/** The order's results were shown: /draw never replays it (it goes to the order's details instead). */
export function markDrawFinished(
  orderId: string,
  storage: Pick<Storage, 'setItem' | 'removeItem'> = sessionStorage,
): void {
  storage.setItem(finishedKey(orderId), '1');
  clearDrawProgress(orderId, storage);
}

export function isDrawFinished(orderId: string, storage: Pick<Storage, 'getItem'> = sessionStorage): boolean {
  return storage.getItem(finishedKey(orderId)) === '1';
}

/**
 * What /draw says of the tickets (docs/rules/promotions.md): a Challenge counts every ticket bought
 * until the winning letter is torn open, so the count never gives away where it stops; then nothing
 * is left and the undrawn tickets are the refunded ones.
 */
export function ticketsLeftToDraw(draw: { plan: number; refunded: number; taken: number; opened: number }): number {
  if (draw.opened >= draw.plan) return 0;
  return Math.max(0, draw.plan + draw.refunded - draw.taken);
}

/** Shake intensity from the 1-10 slider as a CSS pixel amplitude. */
export function shakeAmplitude(intensity: number): number {
  const level = Math.min(10, Math.max(1, Math.round(intensity)));
  return level * 1.6;
}

/** What /draw shows when the draw call (the order update) fails, with the server's reason. */
export const orderUpdateFailedMessage = (message: string) => `Failed to update order: ${message}`;
