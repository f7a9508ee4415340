import { z } from 'zod';

/**
 * The announcements every visitor sees (docs/rules/shop-ops.md). A module of their own, apart from
 * the back office's schemas, so the site-wide banner loads these alone (docs/performance.md).
 */
export const announcementSeveritySchema = z.enum(['info', 'warning', 'critical']);
export type AnnouncementSeverity = z.infer<typeof announcementSeveritySchema>;
export const announcementSchema = z.object({
  id: z.string(),
  text: z.string(),
  severity: announcementSeveritySchema,
  startsAt: z.string(),
  endsAt: z.string(),
  active: z.boolean(),
  createdAt: z.string(),
});
export type Announcement = z.infer<typeof announcementSchema>;
export const announcementsResponseSchema = z.object({ announcements: z.array(announcementSchema) });
export type AnnouncementsResponse = z.infer<typeof announcementsResponseSchema>;
