/** Query keys several features share, so one feature's change can refresh another's data. */
export const productsQueryKey = ['ichiban-kuji-products'] as const;

/** Every token query starts with this key, so one invalidation refreshes balance and lists. */
export const tokenQueryKey = ['token'] as const;

/** A shopper's notifications (the live socket refreshes every one on a new notification). */
export const notificationsQueryKey = (username: string | null) => ['notifications', username] as const;

/** The listing's address: its fetcher and the route loader that starts it early both use it. */
export const productsPath = '/api/ichiban-kuji-products';
