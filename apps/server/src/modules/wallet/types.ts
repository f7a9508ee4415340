import type { AppContext } from '../../core/context.ts';
import { badRequest } from '../../core/http-errors.ts';
import type { LiveService } from '../live/service.ts';
import type { TokenLotSource } from './tables.ts';

/** What every part of the wallet is given (built once by the facade, service.ts). */
export interface WalletEnv {
  ctx: AppContext;
  live?: LiveService;
}

/** A token lot as other modules see it. */
export interface TokenLot {
  id: string;
  userId: string;
  amount: number;
  amountLeft: number;
  expiresAt: Date;
  source: TokenLotSource;
  reference: string;
  createdAt: Date;
}

/** The message of a spend the balance cannot cover (the web's 'Not enough tokens' popup reacts to it). */
export const NOT_ENOUGH_TOKENS = 'Not enough tokens';

export interface SpendInput {
  userId: string;
  amount: number;
  reference: string;
}

/** One user's spend of a batch: `ok` false (nothing taken) when the balance was short. */
export interface SpendResult {
  userId: string;
  ok: boolean;
  /** The unexpired balance before the spend. */
  available: number;
  lots: { lotId: string; amount: number }[];
}

export function assertWholePositive(amount: number, what: string) {
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw badRequest(`${what} must be a positive whole number of tokens`);
}

/** Adds calendar months in UTC, clamping to the month's last day (31 Aug + 6 months = 28/29 Feb). */
export function addMonthsUtc(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}
