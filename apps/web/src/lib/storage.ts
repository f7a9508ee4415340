/** Keys the shop keeps in the browser's local and session storage. */
export const storageKeys = {
  /** Shopper bearer token (local storage). */
  token: 'token',
  /** Shopper username (local storage). */
  username: 'username',
  profilePicture: 'profilePicture',
  /** Admin bearer token (local storage). */
  adminToken: 'adminToken',
  /** Session storage: set after login / sign-up, shows 'Successfully logged in!' on home. */
  loginSuccess: 'loginSuccess',
  /** Session storage: the product whose play popup reopens on the list (Try Again). */
  retryProduct: 'retryProduct',
  /** Session storage: order state for /draw: {orderId, ticketsBought, selectedProduct}. */
  orderState: 'orderState',
  /** Session storage: payment state for /kuji-payment and /token-payment. */
  paymentState: 'paymentState',
  /** Session storage: the desktop 'use a mobile device' popup was shown in this visit. */
  desktopNoticeShown: 'desktopNoticeShown',
  /** Session storage: the unpaid shipment whose card payment is under way; verified on return. */
  pendingShipmentId: 'pendingShipmentId',
  /** Session storage: the product list's tab, anime filter and Favourites choice, kept when coming back. */
  listView: 'listView',
  /** Local storage: the shopper's client seed for the verifiable draw. */
  clientSeed: 'clientSeed',
  /** Local storage: this browser's random device id, sent at sign-in (the new-device mail). */
  deviceId: 'deviceId',
  /** Local storage: ids of announcements the visitor dismissed (JSON array). */
  dismissedAnnouncements: 'dismissedAnnouncements',
} as const;

export function readJson<T>(storage: Storage, key: string): T | null {
  try {
    const raw = storage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function writeJson(storage: Storage, key: string, value: unknown): void {
  storage.setItem(key, JSON.stringify(value));
}
