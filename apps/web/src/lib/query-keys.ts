/** Query keys several features share, so one feature's change can refresh another's data. */
export const productsQueryKey = ['ichiban-kuji-products'] as const;
