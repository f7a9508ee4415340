import { eq } from 'drizzle-orm';
import type { AuthResponse } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { MailService } from '../mail/service.ts';
import type { UserRow } from './account-views.ts';
import { sessionFor } from './deps.ts';
import { deviceKey, deviceLabel, placeOf, type SignInClient } from './session-devices.ts';
import { userDevices, userSessions } from './tables.ts';

type SignedInRow = Pick<UserRow, 'id' | 'username' | 'email' | 'profilePicture' | 'tokenVersion'>;

/**
 * A shopper's new session at login or sign-up (docs/rules/accounts.md, "Sessions and devices"): the
 * token, its session's device and place, and the device remembered for the account. A login from a
 * device the account has never used queues the new-device mail in the same transaction, by template
 * and data: it is rendered and sent by the delivery job after the commit. An account without any
 * remembered device (older than the devices) learns its first one silently, and so does a sign-up.
 */
export async function openSignIn(
  ctx: AppContext,
  mail: MailService,
  row: SignedInRow,
  client: SignInClient,
  kind: 'login' | 'signup',
): Promise<AuthResponse> {
  const { tokenId, ...session } = await sessionFor(ctx, row);
  const device = deviceLabel(client.userAgent);
  const place = placeOf(client.ip);
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    await tx.update(userSessions).set({ device, place }).where(eq(userSessions.jti, tokenId));
    const [known] = await tx
      .select({ key: userDevices.deviceKey })
      .from(userDevices)
      .where(eq(userDevices.userId, row.id))
      .limit(1);
    const added = await tx
      .insert(userDevices)
      .values({ userId: row.id, deviceKey: deviceKey(client, device), firstSeenAt: now })
      .onConflictDoNothing()
      .returning({ key: userDevices.deviceKey });
    if (kind === 'login' && known && added.length > 0) {
      const data = { username: row.username, device, place, at: now.toISOString() };
      await mail.enqueue(tx, [{ to: row.email, template: 'newSignIn', data }]);
    }
  });
  return session;
}
