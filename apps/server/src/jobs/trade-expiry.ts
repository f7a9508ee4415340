import type { TradingService } from '../modules/trading/service.ts';
import { JOB } from './names.ts';
import type { JobDefinition } from './queue.ts';

/** Trades and offers whose units come due are cancelled (docs/rules/trading.md); rows claimed with SKIP LOCKED, each ended once. */
export const tradeExpiryJob = (trading: TradingService, everyMs: number): JobDefinition => ({
  name: JOB.tradeExpiry,
  everyMs,
  retryLimit: 3,
  retryDelaySeconds: 5,
  run: () => trading.expireDue(),
});
