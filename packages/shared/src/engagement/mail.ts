import { z } from 'zod';
import { OPTIONAL_MAIL_KINDS } from './notification-kinds.ts';

/** GET/POST /api/mail/unsubscribe?token=…: the signed one-click token of an optional mail. */
export const mailUnsubscribeQuerySchema = z.object({
  token: z
    .string({ error: 'The unsubscribe link has no token.' })
    .min(1, 'The unsubscribe link has no token.')
    .max(200, 'This unsubscribe link is not valid.'),
});

/** What the token switches off, its readable name, and whether that mail is still on. */
export const mailUnsubscribeResultSchema = z.object({
  kind: z.enum(OPTIONAL_MAIL_KINDS),
  label: z.string(),
  subscribed: z.boolean(),
});
export type MailUnsubscribeResult = z.infer<typeof mailUnsubscribeResultSchema>;
