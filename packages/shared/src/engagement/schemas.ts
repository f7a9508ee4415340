import { fairnessReceiptSchema } from '../fairness/schemas.ts';
import { z } from 'zod';

/** GET /api/notification: one in-app notification (docs/rules/api.md). */
export const notificationSchema = z.object({
  _id: z.string(),
  message: z.string(),
  createdAt: z.string(),
  isRead: z.boolean(),
  isRemoved: z.boolean(),
  /** A purchase or win notice's fairness receipt (the bell links "View receipt" to it); null otherwise. */
  receipt: fairnessReceiptSchema.nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationListSchema = z.array(notificationSchema);

/** GET /api/users/favorites/check/{setId}; POST and DELETE answer the new state too. */
export const favoriteStateSchema = z.object({ isFavorite: z.boolean() });
export type FavoriteState = z.infer<typeof favoriteStateSchema>;
/** GET /api/users/favorites: the product ids the shopper favourited. */
export const favoriteProductIdsSchema = z.object({ productIds: z.array(z.string()) });
export type FavoriteProductIds = z.infer<typeof favoriteProductIdsSchema>;

/** The analytics events (docs/rules/api.md) the web reports through POST /api/analytics/event. */
export const CLIENT_ANALYTICS_EVENTS = ['View Product', 'Purchase Intent', 'Buy Out Intent'] as const;
export const analyticsEventRequestSchema = z.object({
  name: z.enum(CLIENT_ANALYTICS_EVENTS, { message: 'Unknown analytics event' }),
  properties: z
    .record(z.string().max(50), z.union([z.string().max(200), z.number(), z.boolean(), z.null()]))
    .optional(),
});
export type AnalyticsEventRequest = z.infer<typeof analyticsEventRequestSchema>;

/** Unread notifications among those shown (removed ones are hidden). */
export function unreadCount(list: readonly Pick<Notification, 'isRead' | 'isRemoved'>[]): number {
  return list.filter((n) => !n.isRemoved && !n.isRead).length;
}
