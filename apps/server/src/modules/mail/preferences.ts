import { OPTIONAL_MAIL_KINDS, type MailPreferences, type OptionalMailKind } from '@kujiya/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { mailOptOuts } from './tables.ts';

/** Every optional kind on, except those the user switched off. */
export async function readPreferences(exec: Executor, userId: string): Promise<MailPreferences> {
  const off = await exec.select({ kind: mailOptOuts.kind }).from(mailOptOuts).where(eq(mailOptOuts.userId, userId));
  const offKinds = new Set(off.map((row) => row.kind));
  const preferences = Object.fromEntries(OPTIONAL_MAIL_KINDS.map((kind) => [kind, !offKinds.has(kind)]));
  return { preferences: preferences as MailPreferences['preferences'] };
}

/** Switches the given kinds on or off (idempotent); kinds left out keep their setting. */
export async function writePreferences(
  exec: Executor,
  userId: string,
  changes: Partial<Record<OptionalMailKind, boolean>>,
  at: Date,
): Promise<void> {
  const entries = Object.entries(changes) as Array<[OptionalMailKind, boolean]>;
  const off = entries.filter(([, on]) => !on).map(([kind]) => kind);
  const on = entries.filter(([, on]) => on).map(([kind]) => kind);
  if (off.length > 0)
    await exec
      .insert(mailOptOuts)
      .values(off.map((kind) => ({ userId, kind, createdAt: at })))
      .onConflictDoNothing();
  if (on.length > 0)
    await exec.delete(mailOptOuts).where(and(eq(mailOptOuts.userId, userId), inArray(mailOptOuts.kind, on)));
}

/** The users among `userIds` who switched `kind` off. */
export async function optedOut(
  exec: Executor,
  userIds: readonly string[],
  kind: OptionalMailKind,
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await exec
    .select({ userId: mailOptOuts.userId })
    .from(mailOptOuts)
    .where(and(eq(mailOptOuts.kind, kind), inArray(mailOptOuts.userId, [...userIds])));
  return new Set(rows.map((row) => row.userId));
}
