/** Query keys several features share, so one feature's change can refresh another's data. */
export const productsQueryKey = ['ichiban-kuji-products'] as const;

/** The listing's address: its fetcher and the route loader that starts it early both use it. */
export const productsPath = '/api/ichiban-kuji-products';
