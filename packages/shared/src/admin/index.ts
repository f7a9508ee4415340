// The back office's contract (docs/rules/back-office.md), one file per screen family; every name is
// exported from here as it was from the single schemas file.
export * from './audit.ts';
export * from './audit-log.ts';
export { ADMIN_PAGE_SIZE, pageParam } from './paging.ts';
export * from './products.ts';
export * from './orders.ts';
export * from './fulfilment.ts';
export * from './dashboard.ts';
export * from './new-product-form.ts';
export * from './order-detail.ts';
export * from './jobs.ts';
export * from './drop-monitor.ts';
