import { shopOpsMessages } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { Executor, Tx } from '../../db/database.ts';
import { HttpError, badRequest } from '../../core/http-errors.ts';
import type { LiveService } from '../live/service.ts';
import type { TokenLotSource } from './tables.ts';
import { NOT_ENOUGH_TOKENS, type SpendInput, type WalletEnv } from './types.ts';
import { spendEach } from './spend.ts';
import { credit, revokeLots } from './lots.ts';
import { balance, ledgerBalance, ledgerOf, ledgerOfReference, lotsOf } from './reads.ts';

export { addMonthsUtc, type SpendInput, type SpendResult } from './types.ts';

/**
 * The token wallet (docs/rules/tokens.md). Other modules spend and refund tokens only through it, inside their
 * own transaction (`credit` and `spend` take the caller's `tx`, first). Spends in spend.ts, credits
 * and revocations in lots.ts, the reads in reads.ts.
 */
export function createWalletService(ctx: AppContext, deps: { live?: LiveService } = {}) {
  const env: WalletEnv = { ctx, live: deps.live };
  /**
   * Takes `amount` tokens from the user's unexpired lots, earliest expiry first. The lots are
   * locked (FOR UPDATE) so concurrent spends queue up and each sees what the other left.
   * Throws a 400 'Not enough tokens' (with `tokensNeeded`) when the balance is short; nothing changes then.
   */
  async function spend(tx: Tx, input: SpendInput & { reason?: 'spend' | 'adjustment' }) {
    const [result] = await spendEach(tx, env, [input], input.reason);
    if (!result!.ok)
      throw badRequest(NOT_ENOUGH_TOKENS, {
        tokensNeeded: input.amount - result!.available,
        totalTokens: result!.available,
      });
    return { spent: input.amount, lots: result!.lots };
  }
  return {
    credit: (tx: Tx, input: { userId: string; amount: number; source: TokenLotSource; reference: string }) =>
      credit(tx, env, input),
    spend,
    /**
     * Several users' spends in one statement (a batch of purchases, docs/performance.md), each as
     * `spend` would make it. A user whose balance is short is left untouched and answered with
     * `ok: false` and what they have; the others are spent. At most one spend per user.
     */
    spendEach: (tx: Tx, spends: ReadonlyArray<SpendInput>) => spendEach(tx, env, spends),
    revokeLots: (tx: Tx, input: { userId: string; reference: string }) => revokeLots(tx, env, input),
    /**
     * An admin's correction (docs/rules/shop-ops.md): +n is a new lot, -n is taken from the lots like a
     * spend. A balance never goes below zero: a larger take is refused and nothing changes.
     */
    async adjust(tx: Tx, input: { userId: string; delta: number; reference: string }): Promise<void> {
      if (input.delta > 0)
        return void (await credit(tx, env, {
          userId: input.userId,
          amount: input.delta,
          source: 'adjustment',
          reference: input.reference,
        }));
      try {
        await spend(tx, {
          userId: input.userId,
          amount: -input.delta,
          reference: input.reference,
          reason: 'adjustment',
        });
      } catch (error) {
        if (error instanceof HttpError && error.message === NOT_ENOUGH_TOKENS)
          throw badRequest(shopOpsMessages.adjustBelowZero);
        throw error;
      }
    },
    balance: (exec: Executor, userId: string, now: Date = ctx.clock.now()) => balance(exec, userId, now),
    ledgerBalance: (userId: string, now: Date = ctx.clock.now()) => ledgerBalance(ctx.db, userId, now),
    lots: (userId: string, now: Date = ctx.clock.now()) => lotsOf(ctx.db, userId, now),
    ledgerOfReference: (userId: string, reference: string) => ledgerOfReference(ctx.db, userId, reference),
    ledger: (userId: string) => ledgerOf(ctx.db, userId),
  };
}
export type WalletService = ReturnType<typeof createWalletService>;
