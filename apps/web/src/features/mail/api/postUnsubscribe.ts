import { mailUnsubscribeResultSchema, type MailUnsubscribeResult } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** POST /api/mail/unsubscribe?token=…: switches off the mail kind the signed token names (no login). */
export async function postUnsubscribe(token: string): Promise<MailUnsubscribeResult> {
  return api(`/api/mail/unsubscribe?token=${encodeURIComponent(token)}`, {
    method: 'POST',
    auth: 'none',
    schema: mailUnsubscribeResultSchema,
  });
}
