import { z } from 'zod';
import { pageParam, searchParam } from './paging.ts';

export const adminOrdersQuerySchema = z.object({
  page: pageParam,
  search: searchParam,
  lottery: z.enum(['all', 'enabled', 'disabled']).default('all'),
  paid: z.enum(['all', 'yes', 'no']).default('all'),
});
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>;

export const adminOrderRowSchema = z.object({
  _id: z.string(),
  orderId: z.string(),
  productName: z.string(),
  numberOfTickets: z.number().int(),
  totalCost: z.number().int(),
  selectedPrizes: z.array(z.string()),
  username: z.string(),
  /** Tokens spent (token orders), else 0. */
  tokenTotalValue: z.number().int(),
  lotteryEnabled: z.boolean(),
  paid: z.boolean(),
  paymentIntentId: z.string(),
  createdAt: z.string(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;
export const adminOrdersResponseSchema = z.object({
  orders: z.array(adminOrderRowSchema),
  totalPages: z.number().int(),
});
