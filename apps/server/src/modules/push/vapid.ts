import webpush from 'web-push';
import type { AppContext } from '../../core/context.ts';
import { getOrCreateSetting } from '../../core/settings.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** The contact push services see when none is configured: the shop's sender address. */
function defaultSubject(mailFrom: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  return `mailto:${address.trim()}`;
}

/**
 * The VAPID keys: VAPID_* when set (production must set them: config.ts), otherwise a pair generated
 * once and kept in the database, so every instance signs with the same key the browsers subscribed to.
 */
export function vapidKeys(ctx: AppContext): () => Promise<VapidKeys> {
  let keys: Promise<VapidKeys> | undefined;
  const load = async (): Promise<VapidKeys> => {
    if (ctx.config.vapid) return ctx.config.vapid;
    const stored = await getOrCreateSetting(ctx.db, 'vapid_keys', () => JSON.stringify(webpush.generateVAPIDKeys()));
    const pair = JSON.parse(stored) as { publicKey: string; privateKey: string };
    return { ...pair, subject: defaultSubject(ctx.config.mailFrom) };
  };
  return () => {
    // A failed read (database down) is tried again next time.
    keys ??= load().catch((error: unknown) => {
      keys = undefined;
      throw error;
    });
    return keys;
  };
}
