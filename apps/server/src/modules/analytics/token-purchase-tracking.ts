import type { Db } from '../../db/database.ts';
import { HttpError } from '../../core/http-errors.ts';
import { ANALYTICS_EVENTS, type AnalyticsService } from './service.ts';

/**
 * Runs a token purchase (POST /api/token/use) and records its outcome (spec 000 §9): Complete, Failed
 * (a refusal the shopper caused or can fix: any 4xx) or Error (anything unexpected). The purchase's
 * own answer or error passes through unchanged; a failure to record is logged, never surfaced.
 */
export async function trackTokenPurchase<T extends { orderId: string }>(
  analytics: AnalyticsService,
  db: Db,
  context: { userId: string; setId?: string; log: { error: (obj: object, msg: string) => void } },
  purchase: () => Promise<T>,
): Promise<T> {
  // Not awaited: the buyer's answer never waits for the analytics insert (in a drop it would queue
  // behind every pending purchase for a pooled connection).
  const record = (name: string, properties: Record<string, unknown>) => {
    void analytics.track(db, name, context.userId, { setId: context.setId ?? null, ...properties }).catch((error: unknown) => {
      context.log.error({ err: error }, 'analytics event not recorded');
    });
  };
  try {
    const result = await purchase();
    record(ANALYTICS_EVENTS.purchaseWithTokensComplete, { orderId: result.orderId });
    return result;
  } catch (error) {
    const status = error instanceof HttpError ? error.statusCode : 500;
    const message = error instanceof Error ? error.message : String(error);
    record(status < 500 ? ANALYTICS_EVENTS.purchaseWithTokensFailed : ANALYTICS_EVENTS.purchaseWithTokensError, { status, message });
    throw error;
  }
}
