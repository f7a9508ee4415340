import { and, eq, isNull, lt, notLike, or } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { twoFactorMessages, type TwoFactorSetupResponse } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import { conflict } from '../../core/http-errors.ts';
import type { Executor } from '../../db/database.ts';
import { adminTotp } from './tables.ts';
import { isSealed, openTotpSecret, SEALED_PREFIX, sealTotpSecret } from './secret-box.ts';

/** Authenticator codes change every 30 s; one step either side is accepted for clock drift. */
export const TOTP_PERIOD_SECONDS = 30;
const TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;
const ISSUER = 'Kujiya Back Office';

type TotpContext = Pick<AppContext, 'db' | 'clock' | 'config' | 'log'>;

/**
 * A new secret for the admin, replacing an unconfirmed one; refused while one is on (turn it off
 * first). Shown as text, as the otpauth URL and as a QR code of it.
 */
export async function startTotpSetup(
  ctx: TotpContext,
  admin: { id: string; username: string },
): Promise<TwoFactorSetupResponse> {
  const [existing] = await ctx.db.select().from(adminTotp).where(eq(adminTotp.adminId, admin.id));
  if (existing?.enabledAt) throw conflict(twoFactorMessages.alreadyOn);
  const secret = generateSecret();
  const sealed = await sealTotpSecret(ctx, admin.id, secret);
  await ctx.db
    .insert(adminTotp)
    .values({ adminId: admin.id, secret: sealed, createdAt: ctx.clock.now() })
    .onConflictDoUpdate({
      target: adminTotp.adminId,
      set: { secret: sealed, createdAt: ctx.clock.now(), lastTimeStep: null },
    });
  const otpauthUrl = generateURI({ issuer: ISSUER, label: admin.username, secret });
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauthUrl, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** The admin's TOTP row: on, pending confirmation, or none. */
export async function totpOf(exec: Executor, adminId: string) {
  const [row] = await exec.select().from(adminTotp).where(eq(adminTotp.adminId, adminId));
  return row ?? null;
}

/**
 * Checks a 6-digit code against the secret and takes its time step: true only when the code is right
 * and its step is later than the last accepted one. The conditional update makes a code good once,
 * even when two instances check it at the same moment. A secret stored before sealing is sealed by
 * the same update; one that does not open (another key) matches no code.
 */
export async function takeTotpCode(
  ctx: TotpContext,
  exec: Executor,
  row: { adminId: string; secret: string; lastTimeStep: number | null },
  code: string,
): Promise<boolean> {
  const secret = await openTotpSecret(ctx, row.adminId, row.secret);
  if (secret === null) {
    // The on-call's clue: usually JWT_SECRET changed since the app was set up (docs/operations.md).
    ctx.log.warn({ adminId: row.adminId }, 'authenticator secret does not open with this server key; code refused');
    return false;
  }
  const epoch = Math.floor(ctx.clock.now().getTime() / 1000);
  const result = await verify({
    secret,
    token: code,
    epoch,
    epochTolerance: TOLERANCE_SECONDS,
    ...(row.lastTimeStep !== null ? { afterTimeStep: row.lastTimeStep } : {}),
  }).catch(() => ({ valid: false as const }));
  if (!result.valid || !('timeStep' in result)) return false;
  const taken = await exec
    .update(adminTotp)
    .set({
      lastTimeStep: result.timeStep,
      ...(isSealed(row.secret) ? {} : { secret: await sealTotpSecret(ctx, row.adminId, secret) }),
    })
    .where(
      and(
        eq(adminTotp.adminId, row.adminId),
        or(isNull(adminTotp.lastTimeStep), lt(adminTotp.lastTimeStep, result.timeStep)),
      ),
    )
    .returning({ adminId: adminTotp.adminId });
  return taken.length > 0;
}

/**
 * The hourly totp-sealing job: seals every secret still stored plain (rows from before sealing whose
 * admin has not signed in with a code since). Each row is replaced only if it still holds the value
 * read, so a concurrent run or an accepted code changes nothing twice. Returns how many it sealed.
 */
export async function sealPlainTotpSecrets(ctx: TotpContext): Promise<number> {
  const plain = await ctx.db
    .select({ adminId: adminTotp.adminId, secret: adminTotp.secret })
    .from(adminTotp)
    .where(notLike(adminTotp.secret, `${SEALED_PREFIX}%`));
  let sealed = 0;
  for (const row of plain) {
    const updated = await ctx.db
      .update(adminTotp)
      .set({ secret: await sealTotpSecret(ctx, row.adminId, row.secret) })
      .where(and(eq(adminTotp.adminId, row.adminId), eq(adminTotp.secret, row.secret)))
      .returning({ adminId: adminTotp.adminId });
    sealed += updated.length;
  }
  return sealed;
}
