/**
 * How many tickets of an order were opened, kept in session storage so a reload resumes the draw
 * instead of showing it again (the server never draws twice either).
 */
const key = (orderId: string) => `drawProgress:${orderId}`;

export function readDrawProgress(orderId: string, storage: Pick<Storage, 'getItem'> = sessionStorage): number {
  const value = Number(storage.getItem(key(orderId)));
  return Number.isInteger(value) && value > 0 ? value : 0;
}

export function writeDrawProgress(orderId: string, opened: number, storage: Pick<Storage, 'setItem'> = sessionStorage): void {
  storage.setItem(key(orderId), String(opened));
}

export function clearDrawProgress(orderId: string, storage: Pick<Storage, 'removeItem'> = sessionStorage): void {
  storage.removeItem(key(orderId));
}

/** Shake intensity from the 1-10 slider as a CSS pixel amplitude. */
export function shakeAmplitude(intensity: number): number {
  const level = Math.min(10, Math.max(1, Math.round(intensity)));
  return level * 1.6;
}

/** What /draw shows when the draw call (the order update) fails, with the server's reason. */
export const orderUpdateFailedMessage = (message: string) => `Failed to update order: ${message}`;
