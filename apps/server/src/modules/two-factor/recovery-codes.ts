import crypto from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import { normaliseTwoFactorCode, RECOVERY_CODE_COUNT } from '@kujiya/shared';
import type { Clock } from '../../core/clock.ts';
import { sha256 } from '../../core/secrets.ts';
import type { Executor } from '../../db/database.ts';
import { adminRecoveryCodes } from './tables.ts';

/** No 0/O, 1/I: a code read off paper is typed back right. 32 letters: 50 bits per code. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

const hashOf = (code: string) => sha256(normaliseTwoFactorCode(code), 'base64url');

function newCode(): string {
  const chars = Array.from({ length: 10 }, () => ALPHABET[crypto.randomInt(ALPHABET.length)]!);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** Ten new codes replace the admin's old ones (used or not); only their hashes are kept. */
export async function replaceRecoveryCodes(exec: Executor, clock: Clock, adminId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await exec.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, adminId));
  await exec
    .insert(adminRecoveryCodes)
    .values(codes.map((code) => ({ adminId, codeHash: hashOf(code), createdAt: clock.now() })));
  return codes;
}

/** Uses a recovery code once: the conditional update marks it used, so a second use (or a racing one) fails. */
export async function takeRecoveryCode(exec: Executor, clock: Clock, adminId: string, code: string): Promise<boolean> {
  const taken = await exec
    .update(adminRecoveryCodes)
    .set({ usedAt: clock.now() })
    .where(
      and(
        eq(adminRecoveryCodes.adminId, adminId),
        eq(adminRecoveryCodes.codeHash, hashOf(code)),
        isNull(adminRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: adminRecoveryCodes.id });
  return taken.length > 0;
}

export async function recoveryCodesLeft(exec: Executor, adminId: string): Promise<number> {
  const [row] = await exec
    .select({ n: count() })
    .from(adminRecoveryCodes)
    .where(and(eq(adminRecoveryCodes.adminId, adminId), isNull(adminRecoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

export async function dropRecoveryCodes(exec: Executor, adminId: string): Promise<void> {
  await exec.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, adminId));
}
