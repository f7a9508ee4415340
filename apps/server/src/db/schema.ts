// Every module's tables, gathered for Drizzle's typed queries and for drizzle-kit.
// Modules read each other's data only through services; this file exists for the driver, not for them.
export * from '../core/settings.ts';
export * from '../modules/media/tables.ts';
export * from '../modules/catalogue/tables.ts';
export * from '../modules/stock/tables.ts';
export * from '../modules/mail/tables.ts';
export * from '../modules/accounts/tables.ts';
export * from '../modules/payments/tables.ts';
export * from '../modules/wallet/tables.ts';
export * from '../modules/token-shop/tables.ts';
export * from '../modules/analytics/tables.ts';
export * from '../modules/fairness/tables.ts';
export * from '../modules/notifications/tables.ts';
export * from '../modules/favourites/tables.ts';
export * from '../modules/orders/tables.ts';
export * from '../modules/inventory/tables.ts';
export * from '../modules/fulfilment/tables.ts';
export * from '../modules/audit/tables.ts';
export * from '../modules/trading/tables.ts';
export * from '../modules/announcements/tables.ts';
export * from '../modules/shop-ops/tables.ts';
export * from '../modules/idempotency/tables.ts';
export * from '../modules/drop-alerts/tables.ts';
export * from '../modules/drop-monitor/tables.ts';
export * from '../modules/drops/tables.ts';
export * from '../modules/personal-data/tables.ts';
