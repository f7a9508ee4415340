import { z } from 'zod';
import { auditEntityTypeSchema, auditEntrySchema } from './audit-entries.ts';
import { pageParam } from './schemas.ts';

/**
 * The shop-wide audit log (docs/rules/back-office.md): every admin change, newest first, filtered by
 * who made it, what they did, the record it concerns and the Singapore days it falls in.
 */
const optionalText = (field: string) => z.string().trim().max(100, `${field} is too long`).optional();
const sgDay = (field: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date (YYYY-MM-DD)`)
    .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00+08:00`)), `${field} must be a date (YYYY-MM-DD)`)
    .optional();

/** `GET /api/admin/audit-log?page&actor&action&entityType&entityId&from&to` */
export const auditLogQuerySchema = z
  .object({
    page: pageParam,
    /** The admin's username, exactly (any case). */
    actor: optionalText('actor'),
    /** The action, exactly (e.g. `shopper.disable`). */
    action: optionalText('action'),
    entityType: auditEntityTypeSchema.optional(),
    /** The record's id, exactly. */
    entityId: optionalText('entityId'),
    /** First and last Singapore day, both included. */
    from: sgDay('from'),
    to: sgDay('to'),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must not be after to', path: ['to'] });
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

export const auditLogResponseSchema = z.object({
  entries: z.array(auditEntrySchema),
  totalPages: z.number().int(),
  /** Every admin and every action that appears in the log, for the filters' choices. */
  actors: z.array(z.string()),
  actions: z.array(z.string()),
});
export type AuditLogResponse = z.infer<typeof auditLogResponseSchema>;
