import { z } from 'zod';

/** Back-office lists: page (1-based) and search. Admin list pages hold this many rows (docs/rules/back-office.md). */
export const ADMIN_PAGE_SIZE = 20;

export const pageParam = z.coerce
  .number()
  .int('page must be a whole number')
  .min(1, 'page must be at least 1')
  .max(100_000)
  .default(1);
/** Not exported from the package: the admin lists' own search field. */
export const searchParam = z.string().trim().max(100, 'search is too long').default('');
