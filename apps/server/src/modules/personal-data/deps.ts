import type { AppContext } from '../../core/context.ts';
import type { AccountsService } from '../accounts/service.ts';
import type { AnalyticsService } from '../analytics/service.ts';
import type { AuditService } from '../audit/service.ts';
import type { FairnessService } from '../fairness/service.ts';
import type { FulfilmentService } from '../fulfilment/service.ts';
import type { IdempotencyService } from '../idempotency/service.ts';
import type { InventoryService } from '../inventory/service.ts';
import type { MailService } from '../mail/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import type { OrdersService } from '../orders/service.ts';
import type { PushService } from '../push/service.ts';
import type { TradingService } from '../trading/service.ts';
import type { WalletService } from '../wallet/service.ts';

/** Every module that holds a part of a shopper's data, reached through its facade only. */
export interface PersonalDataDeps {
  accounts: AccountsService;
  orders: OrdersService;
  fairness: FairnessService;
  inventory: InventoryService;
  fulfilment: FulfilmentService;
  trading: TradingService;
  wallet: WalletService;
  notifications: NotificationsService;
  mail: MailService;
  audit: AuditService;
  analytics: AnalyticsService;
  idempotency: IdempotencyService;
  push: PushService;
}

export interface PersonalDataEnv {
  ctx: AppContext;
  deps: PersonalDataDeps;
}
