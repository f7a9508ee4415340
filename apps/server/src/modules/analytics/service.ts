import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import type { Executor, Tx } from '../../db/database.ts';
import { mentionsAny, scrubJson, scrubRows, type PersonalValues } from '../../core/personal-values.ts';
import { HttpError } from '../../core/http-errors.ts';
import { analyticsEvents } from './tables.ts';
import { insertJsonRows } from '../../core/json-rows.ts';

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
}

/** Events waiting to be written at most; beyond it new ones are dropped (with one log line each batch). */
export const MAX_PENDING_EVENTS = 10_000;

/** Writes events behind the caller's answer, many rows per insert; `flush` waits for what is queued. */
function createEventWriter(ctx: AppContext) {
  // Purchase outcomes are written behind the buyer's answer, many rows per insert (docs/performance.md):
  // a drop's thousand outcomes become a few statements instead of a thousand pooled inserts.
  type NewEvent = typeof analyticsEvents.$inferInsert;
  let pending: NewEvent[] = [];
  let dropped = 0;
  let writing: Promise<void> | null = null;

  async function writePending(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    while (pending.length > 0) {
      const rows = pending;
      pending = [];
      try {
        await ctx.db.execute(
          insertJsonRows(
            analyticsEvents,
            rows.map((row) => ({
              name: row.name,
              userId: row.userId ?? null,
              properties: row.properties ?? {},
              createdAt: row.createdAt,
            })),
          ),
        );
      } catch (error) {
        ctx.log.error({ err: error, events: rows.length }, 'analytics events not recorded');
      }
      if (dropped > 0) {
        ctx.log.warn({ dropped }, 'analytics events dropped: too many waiting');
        dropped = 0;
      }
    }
    writing = null;
  }

  function writeBehind(event: NewEvent): void {
    if (pending.length >= MAX_PENDING_EVENTS) {
      dropped++;
      return;
    }
    pending.push(event);
    writing ??= writePending();
  }

  return {
    writeBehind,
    /** Resolves once every event recorded so far is written (on close, and for tests). */
    async flush(): Promise<void> {
      while (writing) await writing;
    },
  };
}

export function createAnalyticsService(ctx: AppContext) {
  const { writeBehind, flush } = createEventWriter(ctx);
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
    async trackTokenPurchase<T extends { orderId: string }>(
      context: TokenPurchaseContext,
      purchase: () => Promise<T>,
    ): Promise<T> {
      // Written behind: the buyer's answer never waits for the analytics insert.
      const record = (name: string, properties: Record<string, unknown>) =>
        writeBehind({
          name,
          userId: context.userId,
          properties: { setId: context.setId ?? null, ...properties },
          createdAt: ctx.clock.now(),
        });
      try {
        const result = await purchase();
        record(ANALYTICS_EVENTS.purchaseWithTokensComplete, { orderId: result.orderId });
        return result;
      } catch (error) {
        const status = error instanceof HttpError ? error.statusCode : 500;
        const message = error instanceof Error ? error.message : String(error);
        const name =
          status < 500 ? ANALYTICS_EVENTS.purchaseWithTokensFailed : ANALYTICS_EVENTS.purchaseWithTokensError;
        record(name, { status, message });
        throw error;
      }
    },

    flush,

    /** An anonymised account's values out of every event's properties (docs/rules/personal-data.md). */
    async forgetPersonalValues(tx: Tx, personal: PersonalValues): Promise<number> {
      return scrubRows(tx, {
        table: analyticsEvents,
        where: mentionsAny(sql`${analyticsEvents.properties}::text`, personal),
        columns: ['properties'],
        scrub: (row) => ({ properties: scrubJson(row.properties, personal) }),
      });
    },

    /** Events, oldest first, optionally of one name and/or one user. */
    async list(filter: { name?: string; userId?: string } = {}): Promise<AnalyticsEvent[]> {
      const conditions = [];
      if (filter.name) conditions.push(eq(analyticsEvents.name, filter.name));
      if (filter.userId) conditions.push(eq(analyticsEvents.userId, filter.userId));
      return ctx.db
        .select()
        .from(analyticsEvents)
        .where(conditions.length ? and(...conditions) : undefined)
        .orderBy(asc(analyticsEvents.createdAt), asc(analyticsEvents.id));
    },
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
