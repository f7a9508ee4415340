import { eq, sql } from 'drizzle-orm';
import { accountMessages, pseudonymEmailOf, shopOpsMessages } from '@kujiya/shared';
import { badRequest, notFound } from '../../core/http-errors.ts';
import type { PersonalValues } from '../../core/personal-values.ts';
import type { Tx } from '../../db/database.ts';
import { toAccount, toDetails } from './account-views.ts';
import type { AccountsDeps } from './deps.ts';
import { rowById } from './profile.ts';
import { verifyPassword } from './secrets.ts';
import { passwordResetTokens, userDevices, userSessions, users, verificationCodes } from './tables.ts';

/** What an anonymised account's password hash is: no password verifies against it. */
const NO_PASSWORD = 'deleted: no password';

/** The account's part of a shopper's personal data: its export and its anonymisation (docs/rules/personal-data.md). */
export function createAccountPersonalData(d: AccountsDeps) {
  const { ctx } = d;
  return {
    /** The profile with every field the shop holds (the data export's `profile`). */
    async profileForExport(userId: string) {
      const row = await rowById(ctx.db, userId);
      if (!row) throw notFound(accountMessages.userNotFound);
      const account = toAccount(row);
      return {
        id: row.id,
        ...toDetails(account),
        country: row.country,
        createdAt: row.createdAt.toISOString(),
      };
    },

    /** Refuses (400 WRONG_PASSWORD) unless `password` is the shopper's own. */
    async confirmPassword(userId: string, password: string): Promise<void> {
      const row = await rowById(ctx.db, userId);
      if (!row) throw notFound(accountMessages.userNotFound);
      if (!(await verifyPassword(row.passwordHash, password))) throw badRequest(shopOpsMessages.wrongPassword);
    },

    /**
     * Replaces every personal field of the account with the pseudonym (or clears it), ends every
     * session (token version bump, account closed), drops its codes, reset links and uploaded
     * pictures. Returns the former values, which the other modules scrub from their own text.
     */
    async anonymise(tx: Tx, userId: string, pseudonym: string): Promise<PersonalValues> {
      const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!row) throw notFound(accountMessages.userNotFound);
      const now = ctx.clock.now();
      await tx
        .update(users)
        .set({
          username: pseudonym,
          email: pseudonymEmailOf(pseudonym),
          passwordHash: NO_PASSWORD,
          profilePicture: null,
          phoneNumber: null,
          fullName: null,
          postalCode: null,
          unitNumber: null,
          fullAddress: null,
          appearAsSomeone: true,
          disabledAt: row.disabledAt ?? now,
          tokenVersion: sql`${users.tokenVersion} + 1`,
          updatedAt: now,
        })
        .where(eq(users.id, userId));
      await tx.delete(verificationCodes).where(eq(verificationCodes.email, row.email));
      await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
      // Its sessions end with the rows (the devices page's labels and places go with them).
      await tx.delete(userSessions).where(eq(userSessions.userId, userId));
      await tx.delete(userDevices).where(eq(userDevices.userId, userId));
      await d.media.deleteOwnedImages(tx, await d.media.imagesOwnedBy(tx, userId));
      const values = [row.username, row.email, row.phoneNumber, row.fullName, row.postalCode, row.unitNumber];
      return {
        values: [...values, row.fullAddress].filter((v): v is string => typeof v === 'string' && v !== ''),
        pseudonym,
      };
    },
  };
}
