import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { PUSH_KINDS, type PushKind, type PushPreferences, type PushSubscriptionInput } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { Executor } from '../../db/database.ts';
import { pushPreferences, pushSubscriptions } from './tables.ts';

/**
 * Saves a device's subscription for `userId`: idempotent by endpoint, and an endpoint subscribed
 * again by another shopper (a shared phone) moves to them with the new keys and session.
 */
export async function subscribe(
  ctx: AppContext,
  userId: string,
  tokenId: string | null,
  input: PushSubscriptionInput,
): Promise<void> {
  const device = { userId, p256dh: input.keys.p256dh, auth: input.keys.auth, tokenId };
  await ctx.db
    .insert(pushSubscriptions)
    .values({ endpoint: input.endpoint, ...device, createdAt: ctx.clock.now() })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: device });
}

/** Removes the shopper's own subscription of `endpoint`; true when there was one. */
export async function unsubscribe(ctx: AppContext, userId: string, endpoint: string): Promise<boolean> {
  const removed = await ctx.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

/** Logout: the device subscribed in that session stops receiving the shopper's pushes. */
export async function forgetSession(ctx: AppContext, userId: string, tokenId: string): Promise<number> {
  const removed = await ctx.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.tokenId, tokenId)))
    .returning({ id: pushSubscriptions.id });
  return removed.length;
}

/**
 * "Log out everywhere else", or a password change or reset that ended the other sessions: only the
 * device of the session kept (none after a reset) still receives the shopper's pushes.
 */
export async function forgetOtherSessions(ctx: AppContext, userId: string, keptTokenId?: string): Promise<number> {
  const removed = await ctx.db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.userId, userId),
        keptTokenId === undefined
          ? undefined
          : or(isNull(pushSubscriptions.tokenId), ne(pushSubscriptions.tokenId, keptTokenId)),
      ),
    )
    .returning({ id: pushSubscriptions.id });
  return removed.length;
}

/** An anonymised account (docs/rules/personal-data.md): its devices, queued pushes and toggles go. */
export async function forgetUser(tx: Executor, userId: string): Promise<void> {
  await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  await tx.delete(pushPreferences).where(eq(pushPreferences.userId, userId));
}

/** The shopper's toggles: every kind on, less the ones switched off. */
export async function readPreferences(exec: Executor, userId: string): Promise<PushPreferences> {
  const [row] = await exec.select().from(pushPreferences).where(eq(pushPreferences.userId, userId));
  const off = new Set(row?.off ?? []);
  return {
    preferences: Object.fromEntries(PUSH_KINDS.map((kind) => [kind, !off.has(kind)])) as Record<PushKind, boolean>,
  };
}

/** Sets the kinds given (the others keep their value); answers the whole set. */
export async function updatePreferences(
  ctx: AppContext,
  userId: string,
  changes: Partial<Record<PushKind, boolean>>,
): Promise<PushPreferences> {
  return ctx.db.transaction(async (tx) => {
    // The row is locked (or made) first, so two concurrent updates of different kinds both count.
    await tx.insert(pushPreferences).values({ userId, off: [], updatedAt: ctx.clock.now() }).onConflictDoNothing();
    await tx.execute(sql`select 1 from ${pushPreferences} where ${pushPreferences.userId} = ${userId} for update`);
    const current = (await readPreferences(tx, userId)).preferences;
    const next = { ...current, ...changes };
    const off = PUSH_KINDS.filter((kind) => !next[kind]);
    await tx.update(pushPreferences).set({ off, updatedAt: ctx.clock.now() }).where(eq(pushPreferences.userId, userId));
    return { preferences: next };
  });
}

/** The subscribed devices of those among `userIds` who have `kind` on. */
export async function devicesFor(exec: Executor, userIds: string[], kind: PushKind) {
  if (userIds.length === 0) return [];
  const devices = await exec
    .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, userIds));
  if (devices.length === 0) return [];
  const switchedOff = await exec
    .select({ userId: pushPreferences.userId })
    .from(pushPreferences)
    .where(
      and(
        inArray(pushPreferences.userId, [...new Set(devices.map((d) => d.userId))]),
        sql`${pushPreferences.off} @> ${JSON.stringify([kind])}::jsonb`,
      ),
    );
  const off = new Set(switchedOff.map((row) => row.userId));
  return devices.filter((device) => !off.has(device.userId));
}
