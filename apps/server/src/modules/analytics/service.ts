import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import type { Executor } from '../../db/database.ts';
import { analyticsEvents } from './tables.ts';

/** The spec's analytics event names recorded on the server. */
export const ANALYTICS_EVENTS = {
  tokenPurchaseComplete: 'Token Purchase Complete',
  tokenPurchaseFailed: 'Token Purchase Failed',
  viewProduct: 'View Product',
  purchaseIntent: 'Purchase Intent',
  buyOutIntent: 'Buy Out Intent',
  purchaseWithTokensComplete: 'Purchase With Tokens Complete',
  purchaseWithTokensFailed: 'Purchase With Tokens Failed',
  purchaseWithTokensError: 'Purchase With Tokens Error',
} as const;

export interface AnalyticsEvent {
  id: string;
  name: string;
  userId: string | null;
  properties: Record<string, unknown>;
  createdAt: Date;
}

export function createAnalyticsService(ctx: AppContext) {
  return {
    /**
     * Records an event. Pass the caller's transaction so the event exists exactly when the change
     * it describes does (a rolled-back purchase leaves no 'complete' event behind).
     */
    async track(exec: Executor, name: string, userId: string | null, properties: Record<string, unknown> = {}) {
      await exec.insert(analyticsEvents).values({ name, userId, properties, createdAt: ctx.clock.now() });
    },

    /** Events, oldest first, optionally of one name and/or one user. */
    async list(filter: { name?: string; userId?: string } = {}, exec: Executor = ctx.db): Promise<AnalyticsEvent[]> {
      const conditions = [];
      if (filter.name) conditions.push(eq(analyticsEvents.name, filter.name));
      if (filter.userId) conditions.push(eq(analyticsEvents.userId, filter.userId));
      return exec
        .select()
        .from(analyticsEvents)
        .where(conditions.length ? and(...conditions) : undefined)
        .orderBy(asc(analyticsEvents.createdAt), asc(analyticsEvents.id));
    },
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
