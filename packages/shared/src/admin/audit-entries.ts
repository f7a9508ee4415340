import { z } from 'zod';

/** What an audit entry concerns: the kinds of record the back office changes. */
export const auditEntityTypeSchema = z.enum([
  'product',
  'round',
  'shipment',
  'collection',
  'order',
  // Running the shop (docs/rules/shop-ops.md).
  'token_package',
  'promo_code',
  'shopper',
  'admin',
  'announcement',
  'shop_settings',
]);
export type AuditEntityType = z.infer<typeof auditEntityTypeSchema>;

/** `GET /api/admin/audit?entityType&entityId` */
export const auditQuerySchema = z.object({
  entityType: auditEntityTypeSchema,
  entityId: z.string().trim().min(1, 'entityId is required').max(100, 'entityId is too long'),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  adminId: z.string(),
  adminName: z.string(),
  at: z.string(),
  action: z.string(),
  entityType: auditEntityTypeSchema,
  entityId: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListSchema = z.object({ entries: z.array(auditEntrySchema) });
export type AuditList = z.infer<typeof auditListSchema>;
