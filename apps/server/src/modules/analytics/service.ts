import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import type { Executor } from '../../db/database.ts';
import { HttpError } from '../../core/http-errors.ts';
import { analyticsEvents } from './tables.ts';

/** The analytics event names (docs/rules/api.md) recorded on the server. */
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

/** Who is buying with tokens, for the purchase's outcome event. */
export interface TokenPurchaseContext {
  userId: string;
  setId?: string;
  log: { error: (obj: object, msg: string) => void };
}

export function createAnalyticsService(ctx: AppContext) {
  async function track(exec: Executor, name: string, userId: string | null, properties: Record<string, unknown> = {}) {
    await exec.insert(analyticsEvents).values({ name, userId, properties, createdAt: ctx.clock.now() });
  }

  return {
    /**
     * Records an event. Pass the caller's transaction so the event exists exactly when the change
     * it describes does (a rolled-back purchase leaves no 'complete' event behind).
     */
    track,

    /**
     * Runs a token purchase (POST /api/token/use) and records its outcome: Complete, Failed (a refusal
     * the shopper caused or can fix: any 4xx) or Error (anything unexpected). The purchase's own answer
     * or error passes through unchanged; a failure to record is logged, never surfaced.
     */
    async trackTokenPurchase<T extends { orderId: string }>(context: TokenPurchaseContext, purchase: () => Promise<T>): Promise<T> {
      const record = async (name: string, properties: Record<string, unknown>) => {
        try {
          await track(ctx.db, name, context.userId, { setId: context.setId ?? null, ...properties });
        } catch (error) {
          context.log.error({ err: error }, 'analytics event not recorded');
        }
      };
      try {
        const result = await purchase();
        await record(ANALYTICS_EVENTS.purchaseWithTokensComplete, { orderId: result.orderId });
        return result;
      } catch (error) {
        const status = error instanceof HttpError ? error.statusCode : 500;
        const message = error instanceof Error ? error.message : String(error);
        const name = status < 500 ? ANALYTICS_EVENTS.purchaseWithTokensFailed : ANALYTICS_EVENTS.purchaseWithTokensError;
        await record(name, { status, message });
        throw error;
      }
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
