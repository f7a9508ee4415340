import { and, asc, eq, inArray } from 'drizzle-orm';
import { TOKEN_LOT_LIFETIME_MONTHS } from '@kujiya/shared';
import type { Tx } from '../../db/database.ts';
import { tokenLedger, tokenLots, type TokenLotSource } from './tables.ts';
import { addMonthsUtc, assertWholePositive, type TokenLot, type WalletEnv } from './types.ts';

/** Adds a new lot expiring 6 months from now, and its ledger row. Returns the lot. */
export async function credit(
  tx: Tx,
  env: WalletEnv,
  input: { userId: string; amount: number; source: TokenLotSource; reference: string },
): Promise<TokenLot> {
  assertWholePositive(input.amount, 'A credit');
  const now = env.ctx.clock.now();
  const [lot] = await tx
    .insert(tokenLots)
    .values({
      userId: input.userId,
      amount: input.amount,
      amountLeft: input.amount,
      expiresAt: addMonthsUtc(now, TOKEN_LOT_LIFETIME_MONTHS),
      source: input.source,
      reference: input.reference,
      createdAt: now,
    })
    .returning();
  await tx.insert(tokenLedger).values({
    userId: input.userId,
    delta: input.amount,
    reason: input.source,
    lotId: lot!.id,
    reference: input.reference,
    createdAt: now,
  });
  // The shopper's open sockets refresh the balance once this is committed.
  env.live?.userChanged(tx, [input.userId], 'balance');
  return lot!;
}

/**
 * A refunded purchase: every lot it credited (`reference`, purchase and bonus) loses what is left
 * of it, with a `revoked` ledger row each. Tokens already spent stay spent (their draws are final);
 * the answer says how many were taken back and how many had been spent. The lots are locked by id
 * (docs/architecture.md, lock order), then handled oldest first.
 */
export async function revokeLots(
  tx: Tx,
  env: WalletEnv,
  input: { userId: string; reference: string },
): Promise<{ revoked: number; alreadySpent: number }> {
  const now = env.ctx.clock.now();
  const locked = await tx
    .select()
    .from(tokenLots)
    .where(
      and(
        eq(tokenLots.userId, input.userId),
        eq(tokenLots.reference, input.reference),
        inArray(tokenLots.source, ['purchase', 'bonus']),
      ),
    )
    .orderBy(asc(tokenLots.id))
    .for('update');
  const lots = locked.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
  let revoked = 0;
  let alreadySpent = 0;
  for (const lot of lots) {
    alreadySpent += lot.amount - lot.amountLeft;
    if (lot.amountLeft === 0) continue;
    await tx.update(tokenLots).set({ amountLeft: 0 }).where(eq(tokenLots.id, lot.id));
    await tx.insert(tokenLedger).values({
      userId: input.userId,
      delta: -lot.amountLeft,
      reason: 'revoked',
      lotId: lot.id,
      reference: input.reference,
      createdAt: now,
    });
    revoked += lot.amountLeft;
  }
  return { revoked, alreadySpent };
}
